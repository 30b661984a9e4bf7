import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { RateLimitedError } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';

describe('sign-in rate limit', () => {
  it('holds across two API instances sharing one database', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'fm-rl-')), 'db.sqlite')}`;
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      SEED: 'none',
      DATABASE_URL: url,
      RATE_LIMIT_SIGN_IN: '3',
    });
    const first = await openDatabase({ url });
    await migrateDatabase(first.db);
    const second = await openDatabase({ url });
    const a = await createContainer({ env, database: first });
    const b = await createContainer({ env, database: second });
    const attempt = (app: typeof a.app) =>
      app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'victim@test.example', password: 'Guess-Pass-1!' }),
      });
    const statuses = [];
    for (const app of [a.app, b.app, a.app, b.app]) statuses.push((await attempt(app)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt(a.app);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    first.close();
    second.close();
  });
});

describe('a key’s window', () => {
  it('opens with its first hit, so a burst is counted whole across the clock’s minute', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'fm-rl-')), 'db.sqlite')}`;
    const { db, close } = await openDatabase({ url });
    await migrateDatabase(db);
    let clock = Date.parse('2026-12-07T10:00:59.500Z');
    const limiter = createRateLimiter({ db, windowMs: 60_000, now: () => new Date(clock) });
    await limiter.hit('burst', 2);
    clock += 1_000; // past 10:01:00, where every key's window would have ended together
    await limiter.hit('burst', 2);
    const refused = await limiter.hit('burst', 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // It waits for the end of the window its first hit opened.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(59);
    clock += 59_000;
    await expect(limiter.hit('burst', 2)).resolves.toBeUndefined();
    close();
  });
});
