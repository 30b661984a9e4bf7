import {
  chatRoomId,
  REALTIME_CLOSE_CODES,
  REALTIME_PARTY,
  type RealtimeServerMessage,
  RealtimeServerMessageSchema,
  type RealtimeTicket,
  userRoomId,
} from '@fm/sdk/contracts';
import {
  chat,
  chatParticipant,
  createHttpPublisher,
  notification,
  pushNotifications,
  startTestServer,
} from '@fm/server/testing';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, type RunningParty, startParty } from '../testing/start-party.ts';

/**
 * The real thing (rule 15): the real API on a temporary database, the real rooms under `wrangler dev`
 * (started by @fm/party/testing), and sockets from Node. Tickets come from the API; pushes,
 * disconnects and presence go through the API's own publisher (`container.realtime`).
 */

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
type SignedUp = Awaited<ReturnType<TestServer['signUp']>>;

const SECRET = `test-realtime-secret-${crypto.randomUUID()}`;
const WAIT_MS = 10_000;

let api: TestServer;
let party: RunningParty | undefined;
let clock: Date | null = null;
let franchisor: SignedUp;
let consultant: SignedUp;
let outsider: SignedUp;
let chatId: string;

async function ticket(token: string, room: string): Promise<string> {
  const res = await api.fetch('/api/realtime/ticket', {
    method: 'POST',
    token,
    body: JSON.stringify({ room }),
  });
  expect(res.status, `ticket for ${room}`).toBe(200);
  return ((await res.json()) as RealtimeTicket).ticket;
}

function roomUrl(room: string, ticketValue?: string): string {
  const query = ticketValue === undefined ? '' : `?ticket=${encodeURIComponent(ticketValue)}`;
  return `${party?.url.replace(/^http/, 'ws')}/parties/${REALTIME_PARTY}/${room}${query}`;
}

/** A socket from Node that records its frames (validated) and how it closed. */
interface TestSocket {
  socket: WebSocket;
  frames: RealtimeServerMessage[];
  /** Resolves with the next frame matching `type` (already received ones count). */
  next(type: RealtimeServerMessage['type']): Promise<RealtimeServerMessage>;
  /** The close code, once the connection is gone (with hibernation, ~10 s after the close frame locally). */
  closed: Promise<number>;
  /** Resolves as soon as the server's close frame arrived (the socket is no longer open). */
  leftOpen(): Promise<void>;
}

/** Opens a socket, or rejects with the HTTP status the upgrade was refused with. */
function connect(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: RealtimeServerMessage[] = [];
    const waiters: (() => void)[] = [];
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no answer from ${url}`));
    }, WAIT_MS);
    socket.on('message', (data) => {
      const parsed = v.safeParse(RealtimeServerMessageSchema, JSON.parse(String(data)));
      if (!parsed.success) throw new Error(`frame outside the contract: ${String(data)}`);
      frames.push(parsed.output);
      for (const wake of waiters.splice(0)) wake();
    });
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      response.resume();
      socket.terminate();
      reject(
        Object.assign(new Error(`refused ${response.statusCode}`), { status: response.statusCode }),
      );
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('open', () => {
      clearTimeout(timer);
      resolve({
        socket,
        frames,
        closed,
        async leftOpen() {
          const deadline = Date.now() + WAIT_MS;
          while (socket.readyState === WebSocket.OPEN) {
            if (Date.now() > deadline) throw new Error('the server did not close the socket');
            await sleep(10);
          }
        },
        async next(type) {
          const deadline = Date.now() + WAIT_MS;
          let seen = 0;
          for (;;) {
            const found = frames.slice(seen).find((f) => f.type === type);
            if (found) {
              frames.splice(frames.indexOf(found), 1);
              return found;
            }
            seen = frames.length;
            if (Date.now() > deadline) throw new Error(`no ${type} frame within ${WAIT_MS} ms`);
            await new Promise<void>((wake) => {
              waiters.push(wake);
              setTimeout(wake, 200);
            });
          }
        },
      });
    });
  });
}

async function refusedWith(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const opened = await connect(url, headers);
    opened.socket.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
}

const open = async (user: SignedUp, room: string) =>
  connect(roomUrl(room, await ticket(user.token, room)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const partyPort = await freePort();
  api = await startTestServer({
    now: () => clock ?? new Date(),
    env: {
      PARTY_INTERNAL_URL: `http://127.0.0.1:${partyPort}`,
      REALTIME_SECRET: SECRET,
    },
  });
  party = await startParty({ apiUrl: api.url, secret: SECRET, port: partyPort });
  franchisor = await api.signUp('franchisor');
  consultant = await api.signUp('consultant');
  outsider = await api.signUp('consultant');
  chatId = crypto.randomUUID();
  await api.container.db.insert(chat).values({ id: chatId });
  await api.container.db.insert(chatParticipant).values([
    { chatId, userId: franchisor.user.id },
    { chatId, userId: consultant.user.id },
  ]);
}, 120_000);

afterAll(async () => {
  await party?.stop();
  await api?.close();
}, 30_000);

describe('admission (rule 15)', () => {
  it('opens the own user room and a chat one takes part in with a ticket; ping answers pong', async () => {
    const own = await open(franchisor, userRoomId(franchisor.user.id));
    const inChat = await open(consultant, chatRoomId(chatId));
    try {
      own.socket.send(JSON.stringify({ type: 'ping', id: 'p-1' }));
      expect(await own.next('pong')).toMatchObject({ type: 'pong', id: 'p-1' });
      inChat.socket.send('{not json');
      expect(await inChat.next('error')).toMatchObject({ code: 'MALFORMED_BODY' });
      expect(inChat.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      own.socket.close();
      inChat.socket.close();
    }
  });

  it('refuses an outsider at the API and, with a ticket for another room, at the socket', async () => {
    const res = await api.fetch('/api/realtime/ticket', {
      method: 'POST',
      token: outsider.token,
      body: JSON.stringify({ room: chatRoomId(chatId) }),
    });
    expect(res.status).toBe(404);
    // Their own ticket does not open someone else's room.
    const own = await ticket(outsider.token, userRoomId(outsider.user.id));
    expect(await refusedWith(roomUrl(chatRoomId(chatId), own))).toBe(401);
    const again = await ticket(outsider.token, userRoomId(outsider.user.id));
    expect(await refusedWith(roomUrl(userRoomId(franchisor.user.id), again))).toBe(401);
  });

  it('refuses a socket without a ticket, with a forged, a reused or an expired one, and the old token in the URL', async () => {
    const room = userRoomId(consultant.user.id);
    expect(await refusedWith(roomUrl(room))).toBe(401);
    expect(await refusedWith(roomUrl(room, 'forged-ticket'))).toBe(401);
    expect(await refusedWith(`${roomUrl(room)}?token=${consultant.token}`)).toBe(401);

    const once = await ticket(consultant.token, room);
    const first = await connect(roomUrl(room, once));
    first.socket.close();
    expect(await refusedWith(roomUrl(room, once))).toBe(401);

    const late = await ticket(consultant.token, room);
    clock = new Date(Date.now() + 61_000);
    try {
      expect(await refusedWith(roomUrl(room, late))).toBe(401);
    } finally {
      clock = null;
    }
  });

  it('does not trust identity headers sent by the client', async () => {
    const room = chatRoomId(chatId);
    const forged = await connect(roomUrl(room, await ticket(franchisor.token, room)), {
      'x-fm-user-id': consultant.user.id,
      'x-fm-user-role': 'consultant',
    });
    try {
      const presence = async (userId: string) => {
        const res = await fetch(`${party?.url}/parties/${REALTIME_PARTY}/${room}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}` },
          body: JSON.stringify({ type: 'presence', userId }),
        });
        return ((await res.json()) as { connections: number }).connections;
      };
      // The socket is the ticket's owner's, whatever the client claimed.
      expect(await presence(franchisor.user.id)).toBe(1);
      expect(await presence(consultant.user.id)).toBe(0);
    } finally {
      forged.socket.close();
    }
  });

  it('refuses unknown rooms and parties, and pushes without the secret', async () => {
    const own = await ticket(franchisor.token, userRoomId(franchisor.user.id));
    expect(await refusedWith(roomUrl('lobby', own))).toBe(403);
    const push = (headers: Record<string, string>) =>
      fetch(`${party?.url}/parties/${REALTIME_PARTY}/${userRoomId(franchisor.user.id)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type: 'presence', userId: franchisor.user.id }),
      });
    expect((await push({})).status).toBe(401);
    expect((await push({ authorization: `Bearer ${SECRET}x` })).status).toBe(401);
    expect((await push({ authorization: `Bearer ${SECRET}` })).status).toBe(200);
    const unknownParty = await fetch(`${party?.url}/parties/main/user-x`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(unknownParty.status).toBeGreaterThanOrEqual(400);
  });

  it('answers every good push that follows refused ones', async () => {
    // A refusal that left its body unread broke the dev proxy's connection to the worker, and the
    // next good push failed with 503 about once in fifty rounds.
    const url = `${party?.url}/parties/${REALTIME_PARTY}/${userRoomId(franchisor.user.id)}`;
    const push = async (authorization: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization },
        body: JSON.stringify({ type: 'presence', userId: franchisor.user.id }),
      });
      await res.body?.cancel();
      return res.status;
    };
    const statuses: number[] = [];
    for (let round = 0; round < 200; round++) {
      statuses.push(
        await push(''),
        await push(`Bearer ${SECRET}x`),
        await push(`Bearer ${SECRET}`),
      );
    }
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect({ 401: count(401), 200: count(200) }).toEqual({ 401: 400, 200: 200 });
  });
});

describe('the API pushing into rooms', () => {
  it('delivers a frame to the sockets of that room and to no other', async () => {
    const franchisorTab1 = await open(franchisor, userRoomId(franchisor.user.id));
    const franchisorTab2 = await open(franchisor, userRoomId(franchisor.user.id));
    const consultantRoom = await open(consultant, userRoomId(consultant.user.id));
    const chatSocket = await open(consultant, chatRoomId(chatId));
    try {
      const frame = { type: 'joinChat', chatId, userId: franchisor.user.id } as const;
      await api.container.realtime.publish([userRoomId(franchisor.user.id)], frame);
      expect(await franchisorTab1.next('joinChat')).toEqual(frame);
      expect(await franchisorTab2.next('joinChat')).toEqual(frame);
      // A ping answered after the push proves the frame did not merely lag elsewhere.
      for (const other of [consultantRoom, chatSocket]) {
        other.socket.send(JSON.stringify({ type: 'ping' }));
        await other.next('pong');
        expect(other.frames.filter((f) => f.type === 'joinChat')).toEqual([]);
      }
    } finally {
      for (const s of [franchisorTab1, franchisorTab2, consultantRoom, chatSocket])
        s.socket.close();
    }
  });

  it('fans one frame out to several rooms in one request, and to nobody else', async () => {
    const franchisorRoom = await open(franchisor, userRoomId(franchisor.user.id));
    const chatSocket = await open(consultant, chatRoomId(chatId));
    const consultantRoom = await open(consultant, userRoomId(consultant.user.id));
    try {
      const frame = { type: 'joinChat', chatId, userId: consultant.user.id } as const;
      await api.container.realtime.publish(
        [userRoomId(franchisor.user.id), chatRoomId(chatId)],
        frame,
      );
      expect(await franchisorRoom.next('joinChat')).toEqual(frame);
      expect(await chatSocket.next('joinChat')).toEqual(frame);
      consultantRoom.socket.send(JSON.stringify({ type: 'ping' }));
      await consultantRoom.next('pong');
      expect(consultantRoom.frames.filter((f) => f.type === 'joinChat')).toEqual([]);
      // The fan-out path takes the shared secret too.
      const refused = await fetch(`${party?.url}/fanout`, {
        method: 'POST',
        body: JSON.stringify({ rooms: [userRoomId(consultant.user.id)], message: frame }),
      });
      expect(refused.status).toBe(401);
    } finally {
      for (const s of [franchisorRoom, chatSocket, consultantRoom]) s.socket.close();
    }
  });

  it('hands a batch to each room in order and counts the frames it sent', async () => {
    const tab1 = await open(franchisor, userRoomId(franchisor.user.id));
    const tab2 = await open(franchisor, userRoomId(franchisor.user.id));
    const chatSocket = await open(consultant, chatRoomId(chatId));
    try {
      const first = { type: 'joinChat', chatId, userId: consultant.user.id } as const;
      const second = { type: 'joinChat', chatId, userId: franchisor.user.id } as const;
      const res = await fetch(`${party?.url}/fanout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
        body: JSON.stringify({
          pushes: [
            { rooms: [userRoomId(franchisor.user.id), chatRoomId(chatId)], message: first },
            { rooms: [userRoomId(franchisor.user.id)], message: second },
          ],
        }),
      });
      // Two frames to the two tabs of one room, one to the chat's socket.
      expect(await res.json()).toEqual({ delivered: 5 });
      for (const tab of [tab1, tab2]) {
        expect(await tab.next('joinChat')).toEqual(first);
        expect(await tab.next('joinChat')).toEqual(second);
      }
      expect(await chatSocket.next('joinChat')).toEqual(first);
    } finally {
      for (const s of [tab1, tab2, chatSocket]) s.socket.close();
    }
  });

  it('pushes a new notification with the unread count to its owner only', async () => {
    const mine = await open(consultant, userRoomId(consultant.user.id));
    const theirs = await open(franchisor, userRoomId(franchisor.user.id));
    try {
      const [row] = await api.container.db
        .insert(notification)
        .values({
          userId: consultant.user.id,
          actorId: franchisor.user.id,
          type: 'booked',
          message: 'Test franchisor booked a meeting',
          link: '/bookings/m1',
        })
        .returning({ id: notification.id });
      await pushNotifications(
        { db: api.container.db, realtime: api.container.realtime, logger: api.container.logger },
        [row?.id ?? ''],
      );
      expect(await mine.next('notification')).toMatchObject({
        type: 'notification',
        unreadCount: 1,
        notification: {
          id: row?.id,
          message: 'Test franchisor booked a meeting',
          firstName: 'Test',
          lastName: 'franchisor',
          isRead: false,
        },
      });
      theirs.socket.send(JSON.stringify({ type: 'ping' }));
      await theirs.next('pong');
      expect(theirs.frames.filter((f) => f.type === 'notification')).toEqual([]);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });

  it('says whether a user is online, and closes all their sockets when told', async () => {
    expect(await api.container.realtime.isOnline(consultant.user.id)).toBe(false);
    const userRoom = await open(consultant, userRoomId(consultant.user.id));
    const chatRoom = await open(consultant, chatRoomId(chatId));
    const other = await open(franchisor, chatRoomId(chatId));
    try {
      expect(await api.container.realtime.isOnline(consultant.user.id)).toBe(true);
      expect(await api.container.realtime.isOnline(outsider.user.id)).toBe(false);

      await api.container.realtime.disconnectUser(consultant.user.id);
      // Each closed socket is told first, before the (slow) close handshake.
      await userRoom.next('sessionEnded');
      await chatRoom.next('sessionEnded');
      expect(other.frames.map((f) => f.type)).not.toContain('sessionEnded');
      await userRoom.leftOpen();
      await chatRoom.leftOpen();
      expect(other.socket.readyState).toBe(WebSocket.OPEN);
      expect(await api.container.realtime.isOnline(consultant.user.id)).toBe(false);
      expect(await userRoom.closed).toBe(REALTIME_CLOSE_CODES.sessionEnded);
    } finally {
      other.socket.close();
    }
  });

  it('closes the sockets on sign-out', async () => {
    const user = await api.signUp('franchisor');
    const socket = await open(user, userRoomId(user.user.id));
    const res = await api.fetch('/api/auth/sign-out', {
      method: 'POST',
      token: user.token,
      body: '{}',
    });
    expect(res.status).toBe(200);
    await socket.leftOpen();
    // And no new ticket for a signed-out token.
    const refused = await api.fetch('/api/realtime/ticket', {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({ room: userRoomId(user.user.id) }),
    });
    expect(refused.status).toBe(401);
  });

  it('never fails the API call when the rooms are unreachable', async () => {
    const errors: string[] = [];
    const down = createHttpPublisher({
      partyUrl: `http://127.0.0.1:${await freePort()}`,
      secret: SECRET,
      db: api.container.db,
      logger: { error: (m) => errors.push(m), info: () => {}, debug: () => {} },
    });
    const started = Date.now();
    await down.publish([userRoomId(consultant.user.id)], { type: 'pong', at: 1 });
    await down.disconnectUser(consultant.user.id);
    expect(await down.isOnline(consultant.user.id)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(errors.length).toBeGreaterThanOrEqual(3);
    await sleep(0);
    // The rows of the chat are untouched by all this.
    const rows = await api.container.db
      .select()
      .from(chatParticipant)
      .where(eq(chatParticipant.chatId, chatId));
    expect(rows).toHaveLength(2);
  });
});
