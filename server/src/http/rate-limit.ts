import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RateLimitedError } from './errors.ts';

export interface RateLimiter {
  /**
   * Counts one hit for `key`; throws RATE_LIMITED (with the seconds until the window ends, sent as
   * `Retry-After`) when more than `max` hits fall in the window.
   */
  hit(key: string, max: number): Promise<void>;
}

/**
 * Limiter whose counters live in the database, so limits hold across API processes (rule 2). A key's
 * window opens with its first hit and lasts `windowMs`, so a burst is never split by a boundary
 * every key shares. One atomic upsert per hit.
 * @example await limiter.hit(`sign-in:${ip}:${email}`, 10);
 */
export function createRateLimiter(options: {
  db: Db;
  windowMs: number;
  /** The app's clock, so windows follow it. */
  now?: () => Date;
}): RateLimiter {
  const now = options.now ?? (() => new Date());
  return {
    async hit(key, max) {
      const t = now().getTime();
      const end = t + options.windowMs;
      const rows = await options.db.all<{ count: number; expiresAt: number }>(sql`
        INSERT INTO rate_limit (key, count, window_start, expires_at) VALUES (${key}, 1, ${t}, ${end})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.expires_at <= ${t} THEN 1 ELSE rate_limit.count + 1 END,
          window_start = CASE WHEN rate_limit.expires_at <= ${t} THEN ${t} ELSE rate_limit.window_start END,
          expires_at = CASE WHEN rate_limit.expires_at <= ${t} THEN ${end} ELSE rate_limit.expires_at END
        RETURNING count, expires_at AS expiresAt`);
      const row = rows[0];
      if (row && row.count > max) throw new RateLimitedError((row.expiresAt - t) / 1000);
    },
  };
}
