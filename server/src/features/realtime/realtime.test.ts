import type { RealtimeTicket } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, chatParticipant, realtimeTicket } from '../../db/schema/index.ts';
import { DEV_REALTIME_SECRET } from '../../env.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * The realtime handshake of rule 15 over real HTTP and a real database: who gets a ticket for which
 * room, and the room server's redemption (single use, expiry, the shared secret).
 */

let server: TestServer;
let clock = new Date('2026-11-02T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

const ticketFor = (token: string | undefined, body: unknown) =>
  server.fetch('/api/realtime/ticket', {
    method: 'POST',
    ...(token ? { token } : {}),
    body: JSON.stringify(body),
  });

const redeem = (body: unknown, secret: string | null = DEV_REALTIME_SECRET) =>
  server.fetch('/api/realtime/redeem', {
    method: 'POST',
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });

async function chatBetween(...userIds: string[]): Promise<string> {
  const id = crypto.randomUUID();
  await server.container.db.insert(chat).values({ id });
  await server.container.db
    .insert(chatParticipant)
    .values(userIds.map((userId) => ({ chatId: id, userId })));
  return id;
}

describe('POST /api/realtime/ticket', () => {
  it('gives a one-minute ticket for the own user room and the chats one takes part in', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    const chatId = await chatBetween(franchisor.user.id, consultant.user.id);

    for (const room of [`user-${consultant.user.id}`, `chat-${chatId}`]) {
      const res = await ticketFor(consultant.token, { room });
      expect(res.status, room).toBe(200);
      const body = (await res.json()) as RealtimeTicket;
      expect(body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.expiresAt).toBe(new Date(clock.getTime() + 60_000).toISOString());
    }
    // Only a hash is stored, never the ticket itself.
    const rows = await server.container.db.select().from(realtimeTicket);
    expect(rows.some((r) => r.tokenHash.length === 64)).toBe(true);
  });

  it("refuses another user's room (403), a chat one is not in or that does not exist (404), bad rooms (400) and strangers (401)", async () => {
    const a = await server.signUp('franchisor');
    const b = await server.signUp('consultant');
    const c = await server.signUp('consultant');
    const chatId = await chatBetween(a.user.id, b.user.id);

    const cases: [string | undefined, unknown, number, string][] = [
      [c.token, { room: `user-${a.user.id}` }, 403, 'FORBIDDEN'],
      [c.token, { room: `chat-${chatId}` }, 404, 'NOT_FOUND'],
      [c.token, { room: 'chat-no-such-chat' }, 404, 'NOT_FOUND'],
      [c.token, { room: 'lobby' }, 400, 'VALIDATION_FAILED'],
      // Meeting rooms (rule 16): a meeting that is not there (or not theirs) is 404.
      [c.token, { room: `meeting-${chatId}` }, 404, 'NOT_FOUND'],
      [c.token, { room: 'user-../../x' }, 400, 'VALIDATION_FAILED'],
      [c.token, {}, 400, 'VALIDATION_FAILED'],
      [c.token, { room: `user-${c.user.id}`, extra: 1 }, 400, 'VALIDATION_FAILED'],
      [undefined, { room: `user-${c.user.id}` }, 401, 'UNAUTHORIZED'],
    ];
    const before = (await server.container.db.select().from(realtimeTicket)).length;
    for (const [token, body, status, code] of cases) {
      const res = await ticketFor(token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toMatchObject({ code, message: expect.any(String) });
    }
    // A refused request stores nothing.
    expect((await server.container.db.select().from(realtimeTicket)).length).toBe(before);
  });
});

describe('POST /api/realtime/redeem (room server only)', () => {
  it('redeems a ticket once, for its room only, with the shared secret', async () => {
    const user = await server.signUp('consultant');
    const room = `user-${user.user.id}`;
    const { ticket } = (await (await ticketFor(user.token, { room })).json()) as RealtimeTicket;

    // Without or with a wrong secret: refused, and the ticket is not spent.
    expect((await redeem({ ticket, room }, null)).status).toBe(403);
    expect((await redeem({ ticket, room }, 'x'.repeat(DEV_REALTIME_SECRET.length))).status).toBe(
      403,
    );
    // An access token is not the secret either.
    expect((await redeem({ ticket, room }, user.token)).status).toBe(403);

    const ok = await redeem({ ticket, room });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ userId: user.user.id, role: 'consultant' });

    const again = await redeem({ ticket, room });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a forged ticket, one for another room and an expired one', async () => {
    const user = await server.signUp('franchisor');
    const other = await server.signUp('consultant');
    const chatId = await chatBetween(user.user.id, other.user.id);
    const room = `user-${user.user.id}`;
    const issue = async (r: string) =>
      ((await (await ticketFor(user.token, { room: r })).json()) as RealtimeTicket).ticket;

    expect((await redeem({ ticket: 'forged-ticket', room })).status).toBe(401);
    // A ticket for the chat does not open the user room (and is spent by trying).
    const chatTicket = await issue(`chat-${chatId}`);
    expect((await redeem({ ticket: chatTicket, room })).status).toBe(401);
    expect((await redeem({ ticket: chatTicket, room: `chat-${chatId}` })).status).toBe(401);

    const late = await issue(room);
    clock = new Date(clock.getTime() + 60_001);
    expect((await redeem({ ticket: late, room })).status).toBe(401);
  });

  it('refuses a ticket whose owner left the chat since', async () => {
    const a = await server.signUp('franchisor');
    const b = await server.signUp('consultant');
    const chatId = await chatBetween(a.user.id, b.user.id);
    const room = `chat-${chatId}`;
    const { ticket } = (await (await ticketFor(b.token, { room })).json()) as RealtimeTicket;
    await server.container.db.delete(chatParticipant).where(eq(chatParticipant.chatId, chatId));
    expect((await redeem({ ticket, room })).status).toBe(401);
  });

  it('answers bad bodies with 400, never 500', async () => {
    for (const body of [
      {},
      { ticket: 'x' },
      { ticket: 'x', room: 'lobby' },
      { ticket: 1, room: 'user-a' },
    ]) {
      const res = await redeem(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
