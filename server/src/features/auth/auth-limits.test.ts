import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';

// RATE_LIMIT_SIGN_IN=2: 2 per address and account and 20 per address in a window; an account's
// wrong passwords pause its sign-in after 2. The app's clock runs ahead by `skew` to pass pauses.
let server: TestServer;
let skew = 0;
const advance = (ms: number) => {
  skew += ms;
};
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '2', RATE_LIMIT_WINDOW_SECONDS: '600' },
    now: () => new Date(Date.now() + skew),
  });
});
afterAll(() => server.close());

const from = (ip: string, path: string, body: unknown) =>
  server.fetch(path, {
    method: 'POST',
    // The trusted proxy appends the client; what the client wrote before it is ignored.
    headers: { 'x-forwarded-for': `9.9.9.9, ${ip}` },
    body: JSON.stringify(body),
  });

describe('sign-in limits', () => {
  it('makes an account guessed at from many addresses wait longer each time, never locking its owner out', async () => {
    const { user } = await server.signUp('franchisor');
    // Every try from another address, as a botnet would: only the account's own count holds them.
    let address = 0;
    const wrong = (_i: number) =>
      from(
        `203.0.${113 + Math.floor(address / 250)}.${(address++ % 250) + 1}`,
        '/api/auth/sign-in/email',
        {
          email: user.email,
          password: 'Wrong-Pass-1!',
        },
      );
    // The first RATE_LIMIT_SIGN_IN (2) wrong passwords are answered at once.
    expect([(await wrong(1)).status, (await wrong(2)).status]).toEqual([401, 401]);
    // Then each try waits for the pause the last wrong one set: 1 s, doubling.
    const paused = await wrong(3);
    expect(paused.status).toBe(429);
    expect(paused.headers.get('retry-after')).toBe('1');
    // Thirty wrong passwords in all, each sent as soon as its pause is over.
    const pauses: number[] = [];
    for (let i = 3; i <= 30; i += 1) {
      let res = await wrong(i);
      while (res.status === 429) {
        const seconds = Number(res.headers.get('retry-after'));
        pauses.push(seconds);
        advance(seconds * 1000);
        res = await wrong(i);
      }
      expect(res.status).toBe(401);
    }
    // The pause grew, and never past a minute.
    expect(pauses.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...pauses)).toBe(60);
    // The owner waits at most that minute, and their right password clears the count.
    const owner = (ip = '198.51.100.1') =>
      from(ip, '/api/auth/sign-in/email', {
        email: user.email,
        password: TEST_PASSWORD,
      });
    const waiting = await owner();
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    advance(60_000);
    expect((await owner()).status).toBe(200);
    // One more wrong password right after is answered at once, and so is the owner (on their phone).
    expect((await wrong(31)).status).toBe(401);
    expect((await owner('198.51.100.2')).status).toBe(200);
  }, 120_000);

  it('limits one address trying many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i += 1) {
      const res = await from('192.0.2.77', '/api/auth/sign-in/email', {
        email: `nobody-${i}@test.example`,
        password: 'Wrong-Pass-1!',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits password-reset mails per account, whatever the address', async () => {
    const { user } = await server.signUp('consultant');
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const res = await from(`198.51.100.${50 + i}`, '/api/auth/forgot-password', {
        email: user.email,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Spaced, not shut: a minute later the inbox may have one more.
    advance(60_000);
    expect(
      (await from('198.51.100.60', '/api/auth/forgot-password', { email: user.email })).status,
    ).toBe(200);
  });
});

describe('better-auth endpoints', () => {
  it('are not reachable except through the product routes', async () => {
    for (const path of [
      '/api/auth/request-password-reset',
      '/api/auth/change-email',
      '/api/auth/update-user',
      '/api/auth/admin/set-role',
      '/api/auth/get-session',
    ]) {
      const res = await from('192.0.2.200', path, { email: 'a@b.co', role: 'admin' });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
