import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, spawnApi } from '../testing/api-process.ts';
import { postJson } from '../testing/post-json.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';

/**
 * Several API processes on one database (rule 2): what one process knows, the other knows — sessions,
 * sign-out and rate limits live in the database, so a client may be answered by either.
 */

const SIGN_IN_LIMIT = 4;
let setup: TestServer;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  setup = await startTestServer();
  const env = {
    DATABASE_URL: setup.container.env.DATABASE_URL,
    UPLOADS_DIR: setup.container.env.UPLOADS_DIR,
    RATE_LIMIT_SIGN_IN: String(SIGN_IN_LIMIT),
  };
  [a, b] = await Promise.all([spawnApi({ env }), spawnApi({ env })]);
  await Promise.all([a.healthy(), b.healthy()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await setup.close();
});

const post = (api: ApiProcess, path: string, body: unknown, token?: string) =>
  postJson(api.url, path, body, token);
const me = (api: ApiProcess, token: string) =>
  fetch(`${api.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

describe('two API processes share everything that matters', () => {
  it('a session made by one process is known to the other, and signing out on one ends it on both', async () => {
    const account = await setup.signUp('franchisor');
    const signIn = await post(a, '/api/auth/sign-in/email', {
      email: account.user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    expect((await me(b, token)).status).toBe(200);
    expect((await post(b, '/api/auth/sign-out', {}, token)).status).toBeLessThan(300);
    expect((await me(a, token)).status).toBe(401);
    expect((await me(b, token)).status).toBe(401);
  });

  it('sign-in attempts are counted across processes: the limit holds whichever answers', async () => {
    const account = await setup.signUp('consultant');
    const statuses: number[] = [];
    for (let k = 0; k < SIGN_IN_LIMIT + 2; k++) {
      const api = k % 2 === 0 ? a : b;
      const res = await post(api, '/api/auth/sign-in/email', {
        email: account.user.email,
        password: 'Wrong-Pass-2025!',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
  });
});
