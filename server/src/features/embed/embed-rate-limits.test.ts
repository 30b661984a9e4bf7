import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBED_KEY_HEADER } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../auth/session.ts';
import { migrateDatabase } from '../../boot/migrate-database.ts';
import { openDatabase } from '../../db/client.ts';
import { errorResponse, toAppError } from '../../http/errors.ts';
import { createLogger } from '../../http/logger.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { EMBED_RATE_LIMITS, embedAccess } from './embed-access.ts';

const ORIGIN = 'https://brand.example';
const KEYS = {
  pk_one: { id: 'k1', franchiseId: 'f1', allowedOrigins: [ORIGIN] },
  pk_two: { id: 'k2', franchiseId: 'f1', allowedOrigins: [ORIGIN] },
} as const;

/** A key is public: whoever copies it must not get the API's full capacity through it. */
describe('embed calls are limited per key and per address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fm-embed-limits-'));
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let app: Hono<AppEnv>;
  beforeAll(async () => {
    database = await openDatabase({ url: `file:${join(dir, 'e.db')}` });
    await migrateDatabase(database.db);
    const logger = createLogger('silent');
    app = new Hono<AppEnv>()
      .use(
        embedAccess({
          findPublishable: async (key) => KEYS[key as keyof typeof KEYS] ?? null,
          touch: async () => {},
          limiter: createRateLimiter({ db: database.db, windowMs: 60_000 }),
          trustProxy: true,
          limits: { perKey: 3, perAddress: 2 },
        }),
      )
      .get('/list', (c) => c.json({ ok: true }))
      .onError((error, c) => errorResponse(c, toAppError(error, logger)));
  });
  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (key: string, ip: string) =>
    app.request('/list', {
      headers: { [EMBED_KEY_HEADER]: key, origin: ORIGIN, 'x-forwarded-for': ip },
    });

  it('answers 429 with Retry-After past an address’s share, whatever the key', async () => {
    expect((await call('pk_one', '203.0.113.1')).status).toBe(200);
    expect((await call('pk_two', '203.0.113.1')).status).toBe(200);
    const refused = await call('pk_two', '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 429 past a key’s share, whatever the address', async () => {
    // pk_two was admitted once above (the refusal by address did not count for the key).
    expect((await call('pk_two', '198.51.100.1')).status).toBe(200);
    expect((await call('pk_two', '198.51.100.2')).status).toBe(200);
    expect((await call('pk_two', '198.51.100.3')).status).toBe(429);
    // Another key is not held back by it.
    expect((await call('pk_one', '198.51.100.4')).status).toBe(200);
  });

  it('allows a partner page ordinary use by default', () => {
    expect(EMBED_RATE_LIMITS.perAddress).toBeGreaterThanOrEqual(100);
    expect(EMBED_RATE_LIMITS.perKey).toBeGreaterThan(EMBED_RATE_LIMITS.perAddress);
  });
});
