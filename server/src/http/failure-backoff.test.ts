import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { openDatabase } from '../db/client.ts';
import { RateLimitedError } from './errors.ts';
import { type BackoffRule, createFailureBackoff, pauseAfter } from './failure-backoff.ts';

const RULE: BackoffRule = { free: 2, baseMs: 1_000, maxMs: 8_000, forgetMs: 60_000 };

describe('pauseAfter', () => {
  it('lets the first `free` go at once, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 30].map((n) => pauseAfter(n, RULE))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });
});

describe('createFailureBackoff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fm-backoff-'));
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let t = Date.UTC(2026, 0, 1);
  beforeAll(async () => {
    database = await openDatabase({ url: `file:${join(dir, 'b.db')}` });
    await migrateDatabase(database.db);
  });
  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses during the pause with the seconds left, and forgets after a success or a quiet hour', async () => {
    const backoff = createFailureBackoff({ db: database.db, now: () => new Date(t), rule: RULE });
    await backoff.count('k');
    await backoff.check('k');
    await backoff.count('k');
    const refused = await backoff.check('k').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(1);
    t += 1_000;
    await backoff.check('k');
    await backoff.count('k');
    t += 1_999;
    await expect(backoff.check('k')).rejects.toBeInstanceOf(RateLimitedError);
    t += 1;
    await backoff.check('k');
    // Another key is not affected.
    await backoff.check('other');
    await backoff.clear('k');
    await backoff.count('k');
    await backoff.check('k');
    // A quiet spell longer than forgetMs starts the count over.
    await backoff.count('k');
    t += RULE.forgetMs;
    await backoff.check('k');
    await backoff.count('k');
    await backoff.check('k');
  });
});
