import type { ChatDetail, ChatList } from '@fm/sdk/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { seedIfEmpty } from '../../seed/seed-if-empty.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { api } from './test-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
}, 120_000);
afterAll(async () => {
  await server.close();
});

async function signIn(email: string) {
  const res = await api<{ token: string }>(server, 'POST', '/api/auth/sign-in/email', undefined, {
    email,
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
  return res.body.token;
}

describe('the seeded chats through the chat API', () => {
  for (const role of ['franchisor', 'consultant'] as const) {
    it(`are all readable by the demo ${role}, with unread counts that add up and clear`, async () => {
      const token = await signIn(DEMO_ACCOUNTS[role].email);
      const list = await api<ChatList>(server, 'GET', '/api/chats?limit=100', token);
      expect(list.status).toBe(200);
      expect(list.body.total).toBeGreaterThan(0);
      expect(list.body.data).toHaveLength(Math.min(list.body.total, 100));
      const times = list.body.data.map((d) => d.updatedAt);
      expect([...times].sort().reverse()).toEqual(times);

      const badge = await api<{ unreadCount: number }>(
        server,
        'GET',
        '/api/chats/messages/unread-count',
        token,
      );
      const sum = list.body.data.reduce((n, d) => n + d.unreadCount, 0);
      expect(badge.body.unreadCount).toBe(sum);

      for (const summary of list.body.data) {
        expect(summary.participant.role).not.toBe(role);
        expect(summary.lastMessage).not.toBeNull();
        const detail = await api<ChatDetail>(
          server,
          'GET',
          `/api/chats/${summary.id}?limit=100`,
          token,
        );
        expect(detail.status).toBe(200);
        const [stored] = await server.container.db
          .select({ n: count() })
          .from(message)
          .where(eq(message.chatId, summary.id));
        expect(detail.body.messages).toHaveLength(stored?.n ?? -1);
        expect(detail.body.messages.at(-1)).toEqual(summary.lastMessage);
        await api(server, 'POST', `/api/chats/${summary.id}/read`, token);
      }
      const cleared = await api<{ unreadCount: number }>(
        server,
        'GET',
        '/api/chats/messages/unread-count',
        token,
      );
      expect(cleared.body.unreadCount).toBe(0);
    }, 60_000);
  }
});
