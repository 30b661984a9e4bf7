import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('promotions through the SDK against the real server', () => {
  it('lists the running promotions of a signed-in user', async () => {
    const account = await server.signUp('consultant');
    const api = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    await expect(api.promotions.list()).resolves.toEqual({ promotions: [] });
  });

  it('names the spec’s operation in the error when signed out', async () => {
    const api = createClient({ baseUrl: `${server.url}/api` });
    await expect(api.promotions.list()).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/^Error fetching promotions: /),
    });
  });
});
