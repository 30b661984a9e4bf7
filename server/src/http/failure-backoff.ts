import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RateLimitedError } from './errors.ts';

/** How a key's pause grows: none until `free` counts, then `baseMs` doubling up to `maxMs`. */
export interface BackoffRule {
  free: number;
  baseMs: number;
  maxMs: number;
  /** Counts older than this (since the last one) are forgotten. */
  forgetMs: number;
}

/**
 * The pause after `count` counted events: the first `free` go at once, then each waits.
 *
 * @example
 * pauseAfter(7, { free: 5, baseMs: 1_000, maxMs: 60_000, forgetMs: 3_600_000 }); // 4_000
 */
export function pauseAfter(count: number, rule: BackoffRule): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (count - rule.free));
}

export interface FailureBackoff {
  /** Refuses with RATE_LIMITED (and `Retry-After`) while `key` is in its pause. */
  check(key: string): Promise<void>;
  /** Counts one event for `key` (a failed password, a reset mail). */
  count(key: string): Promise<void>;
  /** Forgets `key` (a success). */
  clear(key: string): Promise<void>;
}

/**
 * Growing pauses instead of a hard block: whoever counts events against a key (wrong passwords for
 * an account) makes the next attempt wait a little longer, up to `maxMs`, and the key's owner is
 * never shut out for longer than that. Counts live in `rate_limit` rows (`backoff:` keys: the count
 * and the time of the last one, kept until `forgetMs` after it), so every API process sees them.
 *
 * @example
 * const backoff = createFailureBackoff({ db, now, rule: { free: 5, baseMs: 1_000, maxMs: 60_000, forgetMs: 3_600_000 } });
 * await backoff.check(`sign-in:${email}`);
 */
export function createFailureBackoff(options: {
  db: Db;
  now: () => Date;
  rule: BackoffRule;
}): FailureBackoff {
  const { db, rule } = options;
  const rowKey = (key: string) => `backoff:${key}`;
  return {
    async check(key) {
      const rows = await db.all<{ count: number; last: number }>(
        sql`SELECT count, window_start AS last FROM rate_limit WHERE key = ${rowKey(key)}`,
      );
      const row = rows[0];
      if (!row) return;
      const t = options.now().getTime();
      if (t - row.last >= rule.forgetMs) return;
      const until = row.last + pauseAfter(row.count, rule);
      if (t < until) throw new RateLimitedError((until - t) / 1000);
    },
    async count(key) {
      const t = options.now().getTime();
      await db.run(sql`
        INSERT INTO rate_limit (key, count, window_start, expires_at)
          VALUES (${rowKey(key)}, 1, ${t}, ${t + rule.forgetMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.window_start <= ${t - rule.forgetMs} THEN 1 ELSE rate_limit.count + 1 END,
          window_start = ${t},
          expires_at = ${t + rule.forgetMs}`);
    },
    async clear(key) {
      await db.run(sql`DELETE FROM rate_limit WHERE key = ${rowKey(key)}`);
    },
  };
}
