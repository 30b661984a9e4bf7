import type { ChatDetail, ChatList, ChatMessage, ChatSummary } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chat, chatParticipant, message, user } from '../../db/schema/index.ts';
import { api, chatTestWorld, consultant, franchisor, startChat } from './test-fixtures.ts';

const world = chatTestWorld();
const { realtime, tick } = world;

const send = (token: string, chatId: string, body: unknown) =>
  api<ChatMessage & { code?: string }>(
    world.server,
    'POST',
    `/api/chats/${chatId}/messages`,
    token,
    body,
  );

const unread = async (token: string) =>
  (
    await api<{ unreadCount: number }>(
      world.server,
      'GET',
      '/api/chats/messages/unread-count',
      token,
    )
  ).body.unreadCount;

describe('POST /api/chats', () => {
  it('starts a chat between a franchisor and a consultant, and tells the consultant', async () => {
    const f = await franchisor(world.server, { brand: 'Blue Fin Swim', firstName: 'Fran' });
    const c = await consultant(world.server, { firstName: 'Cora' });
    const res = await api<ChatSummary>(world.server, 'POST', '/api/chats', f.token, {
      participants: [f.id, c.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      participant: { id: c.id, firstName: 'Cora', role: 'consultant' },
      lastMessage: null,
      unreadCount: 0,
    });
    expect(realtime.pushes).toEqual([
      {
        rooms: [`user-${c.id}`],
        message: { type: 'joinChat', chatId: res.body.id, userId: c.id },
      },
    ]);
    // The consultant sees the franchisor with the brand as company.
    const back = await api<ChatSummary>(world.server, 'POST', '/api/chats', c.token, {
      participants: [f.id],
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      id: res.body.id,
      participant: { id: f.id, firstName: 'Fran', role: 'franchisor', company: 'Blue Fin Swim' },
    });
    expect(realtime.pushes).toHaveLength(1);
  });

  it('gives concurrent starts of one pair one chat', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? api<ChatSummary>(world.server, 'POST', '/api/chats', f.token, { participants: [c.id] })
          : api<ChatSummary>(world.server, 'POST', '/api/chats', c.token, { participants: [f.id] }),
      ),
    );
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const mine = await world.server.container.db
      .select()
      .from(chatParticipant)
      .where(eq(chatParticipant.userId, f.id));
    expect(mine).toHaveLength(1);
    expect(realtime.pushes.filter((p) => p.message.type === 'joinChat')).toHaveLength(1);
  });

  it('refuses oneself, same-role pairs and unknown, deleted, deactivated or hidden users', async () => {
    const f = await franchisor(world.server);
    const f2 = await franchisor(world.server);
    const c = await consultant(world.server);
    const expectRefused = async (participants: string[], status: number, code: string) => {
      const res = await api(world.server, 'POST', '/api/chats', f.token, { participants });
      expect(res.status, JSON.stringify(participants)).toBe(status);
      expect(res.body).toMatchObject({ code });
    };
    await expectRefused([f.id], 422, 'RULE_VIOLATION');
    await expectRefused([f.id, f.id], 422, 'RULE_VIOLATION');
    await expectRefused([f2.id], 422, 'RULE_VIOLATION');
    await expectRefused([c.id, f2.id], 422, 'RULE_VIOLATION');
    await expectRefused(['no-such-user'], 404, 'NOT_FOUND');
    for (const change of [{ isDeleted: true }, { isDeactivated: true }, { status: false }]) {
      const gone = await consultant(world.server);
      await world.server.container.db.update(user).set(change).where(eq(user.id, gone.id));
      await expectRefused([gone.id], 404, 'NOT_FOUND');
    }
    const chats = await world.server.container.db
      .select()
      .from(chatParticipant)
      .where(eq(chatParticipant.userId, f.id));
    expect(chats).toEqual([]);
    // Bad input is 400, and no one signed in is 401.
    expect(
      (await api(world.server, 'POST', '/api/chats', f.token, { participants: [] })).status,
    ).toBe(400);
    expect(
      (await api(world.server, 'POST', '/api/chats', undefined, { participants: [c.id] })).status,
    ).toBe(401);
  });

  it('needs an active subscription or an activated profile to start a chat (rule 11)', async () => {
    const c = await consultant(world.server);
    for (const subscription of [null, 'canceled'] as const) {
      const lapsed = await franchisor(world.server, { subscription });
      const res = await api(world.server, 'POST', '/api/chats', lapsed.token, {
        participants: [c.id],
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    }
    const trialing = await franchisor(world.server, { subscription: 'trialing' });
    expect(
      (await api(world.server, 'POST', '/api/chats', trialing.token, { participants: [c.id] }))
        .status,
    ).toBe(201);

    const inactive = await consultant(world.server, { verified: false });
    const f = await franchisor(world.server);
    const res = await api(world.server, 'POST', '/api/chats', inactive.token, {
      participants: [f.id],
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PROFILE_INACTIVE' });
    expect(
      await world.server.container.db
        .select()
        .from(chatParticipant)
        .where(eq(chatParticipant.userId, inactive.id)),
    ).toEqual([]);
  });
});

describe('messages, reading and the unread count', () => {
  it('sends, lists newest activity first, reads and clears the unread count', async () => {
    const f = await franchisor(world.server);
    const c1 = await consultant(world.server, { firstName: 'First' });
    const c2 = await consultant(world.server, { firstName: 'Second' });
    const chat1 = await startChat(world.server, f, c1);
    tick();
    const chat2 = await startChat(world.server, f, c2);
    realtime.pushes.length = 0;

    tick();
    const sent = await send(c1.token, chat1, { text: '  Hello there  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      chatId: chat1,
      senderId: c1.id,
      text: 'Hello there',
      attachments: [],
      createdAt: world.now.toISOString(),
    });
    // Delivered to the chat room and to both participants' user rooms (the sender's other tabs).
    expect(realtime.pushes[0]).toEqual({
      rooms: [`chat-${chat1}`, `user-${c1.id}`, `user-${f.id}`],
      message: { type: 'receiveMessage', chatId: chat1, message: sent.body },
    });
    tick();
    await send(c1.token, chat1, { text: 'Are you there?' });
    expect(await unread(f.token)).toBe(2);
    expect(await unread(c1.token)).toBe(0);

    // chat1 has the newest activity: it comes first, with its last message and unread count.
    const list = await api<ChatList>(world.server, 'GET', '/api/chats', f.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(list.body.data.map((d) => d.id)).toEqual([chat1, chat2]);
    expect(list.body.data[0]).toMatchObject({
      participant: { id: c1.id, firstName: 'First' },
      lastMessage: { text: 'Are you there?', senderId: c1.id },
      unreadCount: 2,
    });
    expect(list.body.data[1]).toMatchObject({ lastMessage: null, unreadCount: 0 });
    // Paged: one a page.
    const page2 = await api<ChatList>(world.server, 'GET', '/api/chats?page=2&limit=1', f.token);
    expect(page2.body.data.map((d) => d.id)).toEqual([chat2]);

    // Before the franchisor reads, the consultant sees no read mark from them.
    const before = await api<ChatDetail>(world.server, 'GET', `/api/chats/${chat1}`, c1.token);
    expect(before.body.chat.participantLastReadAt).toBeNull();

    realtime.pushes.length = 0;
    tick();
    const read = await api(world.server, 'POST', `/api/chats/${chat1}/read`, f.token);
    expect(read).toEqual({ status: 200, body: { unreadCount: 0 } });
    expect(await unread(f.token)).toBe(0);
    const latest = await world.server.container.db.query.message.findFirst({
      where: and(eq(message.chatId, chat1), eq(message.body, 'Are you there?')),
    });
    expect(realtime.pushes).toEqual([
      {
        rooms: [`chat-${chat1}`, `user-${f.id}`, `user-${c1.id}`],
        message: {
          type: 'readMessage',
          chatId: chat1,
          readerId: f.id,
          lastReadMessageId: latest?.id,
          readAt: world.now.toISOString(),
        },
      },
    ]);
    const after = await api<ChatDetail>(world.server, 'GET', `/api/chats/${chat1}`, c1.token);
    expect(after.body.chat.participantLastReadAt).toBe(world.now.toISOString());

    // A new message counts again.
    tick();
    await send(c1.token, chat1, { text: 'One more' });
    expect(await unread(f.token)).toBe(1);
  });

  it('pages through messages oldest first with the before cursor', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    for (let i = 1; i <= 7; i += 1) {
      tick();
      await send(i % 2 ? f.token : c.token, chatId, { text: `m${i}` });
    }
    const texts = (d: ChatDetail) => d.messages.map((m) => m.text);
    const first = await api<ChatDetail>(
      world.server,
      'GET',
      `/api/chats/${chatId}?limit=3`,
      f.token,
    );
    expect(first.status).toBe(200);
    expect(texts(first.body)).toEqual(['m5', 'm6', 'm7']);
    expect(first.body.nextCursor).toBe(first.body.messages[0]?.id);
    const second = await api<ChatDetail>(
      world.server,
      'GET',
      `/api/chats/${chatId}?limit=3&before=${first.body.nextCursor}`,
      f.token,
    );
    expect(texts(second.body)).toEqual(['m2', 'm3', 'm4']);
    const third = await api<ChatDetail>(
      world.server,
      'GET',
      `/api/chats/${chatId}?limit=3&before=${second.body.nextCursor}`,
      c.token,
    );
    expect(texts(third.body)).toEqual(['m1']);
    expect(third.body.nextCursor).toBeNull();
    // The default page holds them all and needs no cursor.
    const all = await api<ChatDetail>(world.server, 'GET', `/api/chats/${chatId}`, f.token);
    expect(texts(all.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(all.body.nextCursor).toBeNull();
    // A cursor from another chat (or none at all) is refused.
    const bad = await api(world.server, 'GET', `/api/chats/${chatId}?before=nope`, f.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { before: expect.any(String) },
    });
  });

  it('stores and returns markup as plain text', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    const text = `<script>alert("x")</script> <b>bold</b> & "quotes" 'too'`;
    const res = await send(f.token, chatId, { text });
    expect(res.body.text).toBe(text);
    const row = await world.server.container.db.query.message.findFirst({
      where: eq(message.id, res.body.id),
    });
    expect(row?.body).toBe(text);
    const detail = await api<ChatDetail>(world.server, 'GET', `/api/chats/${chatId}`, c.token);
    expect(detail.body.messages[0]?.text).toBe(text);
  });

  it('refuses empty or oversized messages with 400 and stores nothing', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    for (const body of [{}, { text: '   ' }, { attachmentIds: [] }, { text: 'x'.repeat(5001) }]) {
      const res = await send(f.token, chatId, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(
      await world.server.container.db.select().from(message).where(eq(message.chatId, chatId)),
    ).toEqual([]);
  });
});

describe('who may read and write', () => {
  it('answers 404 to someone who does not take part, for every chat call', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const outsider = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    await send(f.token, chatId, { text: 'private' });
    for (const [method, path, body] of [
      ['GET', `/api/chats/${chatId}`, undefined],
      ['POST', `/api/chats/${chatId}/messages`, { text: 'let me in' }],
      ['POST', `/api/chats/${chatId}/read`, undefined],
    ] as const) {
      const res = await api(world.server, method, path, outsider.token, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const list = await api<ChatList>(world.server, 'GET', '/api/chats', outsider.token);
    expect(list.body).toMatchObject({ total: 0, data: [] });
    expect(
      await world.server.container.db.select().from(message).where(eq(message.chatId, chatId)),
    ).toHaveLength(1);
  });

  it('keeps reading but refuses sending without a subscription or an activated profile (rule 11)', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    await send(c.token, chatId, { text: 'hi' });
    await world.server.container.db
      .update(user)
      .set({ isVerified: false })
      .where(eq(user.id, c.id));
    const refused = await send(c.token, chatId, { text: 'still here?' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PROFILE_INACTIVE' });

    const lapsed = await franchisor(world.server, { subscription: 'canceled' });
    const other = await consultant(world.server);
    const existing = await startChat(world.server, other, lapsed);
    const lapsedSend = await send(lapsed.token, existing, { text: 'hello' });
    expect(lapsedSend.status).toBe(403);
    expect(lapsedSend.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    // Reading, opening the existing chat and marking read stay allowed.
    expect((await api(world.server, 'GET', `/api/chats/${existing}`, lapsed.token)).status).toBe(
      200,
    );
    const reopened = await api<ChatSummary>(world.server, 'POST', '/api/chats', lapsed.token, {
      participants: [other.id],
    });
    expect(reopened).toMatchObject({ status: 200, body: { id: existing } });
    expect(
      (await api(world.server, 'POST', `/api/chats/${existing}/read`, lapsed.token)).status,
    ).toBe(200);
    const stored = await world.server.container.db
      .select({ body: message.body })
      .from(message)
      .where(eq(message.chatId, chatId));
    expect(stored).toEqual([{ body: 'hi' }]);
  });

  it('keeps the seeded chat shape: one chat row per pair key', async () => {
    const rows = await world.server.container.db.select({ pairKey: chat.pairKey }).from(chat);
    const keys = rows.map((r) => r.pairKey);
    expect(keys.every((k) => typeof k === 'string' && k.includes(':'))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
