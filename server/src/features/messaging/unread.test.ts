import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, chatParticipant, message } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, 0) + minutes * MINUTE);

async function chatBetween(
  members: { userId: string; lastReadAt: Date | null }[],
  messages: { senderId: string; at: Date }[],
) {
  const db = server.container.db;
  const [row] = await db
    .insert(chat)
    .values({ lastMessageAt: messages.at(-1)?.at })
    .returning();
  if (!row) throw new Error('chat not created');
  await db.insert(chatParticipant).values(members.map((m) => ({ chatId: row.id, ...m })));
  if (messages.length > 0) {
    await db.insert(message).values(
      messages.map((m, i) => ({
        chatId: row.id,
        senderId: m.senderId,
        body: `message ${i}`,
        createdAt: m.at,
      })),
    );
  }
  return row.id;
}

async function unreadOf(token: string) {
  const response = await server.fetch('/api/chats/messages/unread-count', { token });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return (await response.json()) as { unreadCount: number };
}

describe('GET /api/chats/messages/unread-count', () => {
  it('counts only messages from others that arrived after the user last read each chat', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    const other = await server.signUp('consultant');
    await expect(unreadOf(franchisor.token)).resolves.toEqual({ unreadCount: 0 });

    // Read up to minute 10: the consultant's messages at 5 are read, those at 20 and 30 are not;
    // the franchisor's own message never counts.
    await chatBetween(
      [
        { userId: franchisor.user.id, lastReadAt: at(10) },
        { userId: consultant.user.id, lastReadAt: at(40) },
      ],
      [
        { senderId: consultant.user.id, at: at(5) },
        { senderId: franchisor.user.id, at: at(15) },
        { senderId: consultant.user.id, at: at(20) },
        { senderId: consultant.user.id, at: at(30) },
      ],
    );
    // Never opened: every message from the other side is unread.
    await chatBetween(
      [
        { userId: franchisor.user.id, lastReadAt: null },
        { userId: other.user.id, lastReadAt: null },
      ],
      [{ senderId: other.user.id, at: at(1) }],
    );
    // A chat the franchisor is not in does not count for them.
    await chatBetween(
      [
        { userId: consultant.user.id, lastReadAt: null },
        { userId: other.user.id, lastReadAt: null },
      ],
      [{ senderId: other.user.id, at: at(2) }],
    );

    await expect(unreadOf(franchisor.token)).resolves.toEqual({ unreadCount: 3 });
    // The consultant read their first chat up to minute 40 and never opened the other one.
    await expect(unreadOf(consultant.token)).resolves.toEqual({ unreadCount: 1 });
    // The third user: 0 unread in the first chat they sent in; 0 in the second (their own message).
    await expect(unreadOf(other.token)).resolves.toEqual({ unreadCount: 0 });
  });

  it('answers 401 in the error shape without credentials', async () => {
    const response = await server.fetch('/api/chats/messages/unread-count');
    expect(response.status).toBe(401);
    await expect(response.json()).resolves.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
