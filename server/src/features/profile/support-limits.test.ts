import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequest } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { SUPPORT_REQUEST_LIMITS } from './routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server.close());

/** A support request as a signed-out visitor at `ip` (behind the trusted proxy). */
const send = (ip: string, email: string) =>
  server.fetch('/api/users/support-request', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    body: JSON.stringify({ email, details: 'Please call me back.' }),
  });

/** Support requests need no account, and each mails support: they are limited, and say for how long. */
describe('support request limits', () => {
  it('refuses an address past its hourly share with 429 and Retry-After, storing nothing more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SUPPORT_REQUEST_LIMITS.perAddress; i += 1) {
      statuses.push((await send('203.0.113.10', `visitor-${i}@test.example`)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const stored = await server.container.db.$count(supportRequest);
    const refused = await send('203.0.113.10', 'one-more@test.example');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SUPPORT_REQUEST_LIMITS.windowMs / 1000);
    expect(await server.container.db.$count(supportRequest)).toBe(stored);
    // Another address is not held back by this one.
    expect((await send('203.0.113.11', 'neighbour@test.example')).status).toBe(200);
  });

  it('refuses one e-mail written from many addresses past its hourly share', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_REQUEST_LIMITS.perEmail; i += 1) {
      statuses.push((await send(`198.51.100.${i + 1}`, 'Same.Person@test.example')).status);
    }
    expect(statuses.slice(0, SUPPORT_REQUEST_LIMITS.perEmail).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
