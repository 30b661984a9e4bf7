import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';

// RATE_LIMIT_SIGN_IN=2: 2 per address and account, 6 per account, 20 per address in a window.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN: '2', RATE_LIMIT_WINDOW_SECONDS: '600' },
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
  it('limits one account guessed at from many addresses', async () => {
    const { user } = await server.signUp('franchisor');
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const res = await from(`203.0.113.${i}`, '/api/auth/sign-in/email', {
        email: user.email,
        password: 'Wrong-Pass-1!',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // The owner is refused too until the window ends: the account is what is protected.
    const owner = await from('198.51.100.1', '/api/auth/sign-in/email', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(owner.status).toBe(429);
  });

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
