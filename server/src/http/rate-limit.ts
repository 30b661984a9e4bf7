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
 * Fixed-window limiter whose counters live in the database, so limits hold across API processes (rule 2).
 * One atomic upsert per hit.
 * @example await limiter.hit(`sign-in:${ip}:${email}`, 10);
 */
export function createRateLimiter(options: {
  db: Db;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  return {
    async hit(key, max) {
      const t = now();
      const windowStart = t - (t % options.windowMs);
      const rows = await options.db.all<{ count: number }>(sql`
        INSERT INTO rate_limit (key, count, window_start) VALUES (${key}, 1, ${windowStart})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.window_start < ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
          window_start = ${windowStart}
        RETURNING count`);
      const count = rows[0]?.count ?? 1;
      if (count > max) throw new RateLimitedError((windowStart + options.windowMs - t) / 1000);
    },
  };
}
