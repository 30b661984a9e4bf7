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

describe('messages through the SDK against the real server', () => {
  it('reads the unread count of a signed-in user', async () => {
    const account = await server.signUp('consultant');
    const api = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    await expect(api.messages.unreadCount()).resolves.toEqual({ unreadCount: 0 });
  });

  it('names the operation in the error when signed out', async () => {
    const api = createClient({ baseUrl: `${server.url}/api` });
    await expect(api.messages.unreadCount()).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/^Error fetching unread messages count: /),
    });
  });
});

describe('notifications through the SDK against the real server', () => {
  it('lists a page and marks all read', async () => {
    const account = await server.signUp('franchisor');
    const api = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    await expect(api.notifications.list()).resolves.toMatchObject({
      total: 0,
      unreadCount: 0,
      page: 1,
      limit: 10,
      data: [],
    });
    await expect(api.notifications.markRead({ all: true })).resolves.toEqual({
      updated: 0,
      unreadCount: 0,
    });
  });

  it('checks input before sending, with the spec operation text', async () => {
    const api = createClient({ baseUrl: `${server.url}/api` });
    await expect(api.notifications.list({ page: 0 })).rejects.toMatchObject({
      message: expect.stringMatching(/^Error fetching notifications: /),
    });
    await expect(api.notifications.markRead({ ids: [] })).rejects.toMatchObject({
      message: expect.stringMatching(/^Error marking notification as read: /),
    });
  });
});
