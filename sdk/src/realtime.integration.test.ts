import { freePort, type RunningParty, startParty } from '@fm/party/testing';
import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type FmClient } from './client.ts';
import { chatRoomId, type RealtimeServerMessage, userRoomId } from './contracts/index.ts';
import { connectRealtime, type RealtimeConnection, type RealtimeStatus } from './realtime.ts';
import { memoryTokenStore } from './token-store.ts';

/**
 * Two users chat through the SDK over real sockets (rules 12 and 15): the real API on a temporary
 * database, the real rooms under `wrangler dev`, `connectRealtime` over `ws`.
 */

const SECRET = `sdk-realtime-test-${crypto.randomUUID()}`;
const WAIT_MS = 10_000;

let server: TestServer;
let party: RunningParty | undefined;
const open: RealtimeConnection[] = [];

beforeAll(async () => {
  const partyPort = await freePort();
  server = await startTestServer({
    env: {
      PARTY_URL: `http://127.0.0.1:${partyPort}`,
      PARTY_INTERNAL_URL: `http://127.0.0.1:${partyPort}`,
      REALTIME_SECRET: SECRET,
    },
  });
  party = await startParty({ apiUrl: server.url, secret: SECRET, port: partyPort });
}, 120_000);

afterAll(async () => {
  for (const connection of open) connection.close();
  await party?.stop();
  await server?.close();
}, 30_000);

/** A signed-up user with an SDK client of their own (a franchisor subscribes first, rule 11). */
async function person(role: 'franchisor' | 'consultant') {
  const account = await server.signUp(role);
  if (role === 'franchisor') {
    for (const [path, body] of [
      ['/api/users/payment-method', { paymentMethodId: 'pm_card_visa' }],
      ['/api/users/subscribe', {}],
    ] as const) {
      const res = await server.fetch(path, {
        method: 'POST',
        token: account.token,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
  }
  const api = createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(account) });
  return { id: account.user.id, api };
}

/** A live connection that records its frames and statuses. */
function live(client: FmClient, room: string, warnings: string[] = []) {
  const frames: RealtimeServerMessage[] = [];
  const statuses: RealtimeStatus[] = [];
  // No partyUrl: the SDK reads it from GET /api/config, as browsers do.
  const connection = connectRealtime({
    client,
    room,
    logger: { warn: (message: string) => warnings.push(message) },
  });
  open.push(connection);
  connection.subscribe((frame) => frames.push(frame));
  connection.onStatus((status) => statuses.push(status));
  return { connection, frames, statuses, warnings };
}

async function until<T>(what: string, probe: () => T | undefined | false): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const frameOf = <T extends RealtimeServerMessage['type']>(
  frames: RealtimeServerMessage[],
  type: T,
  match: (frame: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true,
) =>
  frames.find(
    (f): f is Extract<RealtimeServerMessage, { type: T }> =>
      f.type === type && match(f as Extract<RealtimeServerMessage, { type: T }>),
  );

describe('realtime through the SDK over real sockets', () => {
  it('delivers joinChat, receiveMessage and readMessage between two users, and nothing to an outsider', async () => {
    const franchisor = await person('franchisor');
    const consultant = await person('consultant');
    const outsider = await person('consultant');
    const franchisorRoom = live(franchisor.api, userRoomId(franchisor.id));
    const consultantRoom = live(consultant.api, userRoomId(consultant.id));
    const outsiderRoom = live(outsider.api, userRoomId(outsider.id));
    for (const room of [franchisorRoom, consultantRoom, outsiderRoom]) {
      await until('the socket to open', () => room.connection.status() === 'open');
    }

    const chat = await franchisor.api.messages.create({ participants: [consultant.id] });
    await until('joinChat', () =>
      frameOf(consultantRoom.frames, 'joinChat', (f) => f.chatId === chat.id),
    );

    // The chat's own room is open to both participants (and to nobody else, see below).
    const chatRoom = live(consultant.api, chatRoomId(chat.id));
    await until('the chat socket to open', () => chatRoom.connection.status() === 'open');

    const sent = await franchisor.api.messages.send(chat.id, { text: 'Hello <b>there</b>' });
    const received = await until('receiveMessage', () =>
      frameOf(consultantRoom.frames, 'receiveMessage', (f) => f.message.id === sent.id),
    );
    expect(received).toMatchObject({ chatId: chat.id, message: { id: sent.id } });
    await until('receiveMessage in the chat room', () =>
      frameOf(chatRoom.frames, 'receiveMessage', (f) => f.message.id === sent.id),
    );

    await consultant.api.messages.markRead(chat.id);
    await until('readMessage', () =>
      frameOf(franchisorRoom.frames, 'readMessage', (f) => f.readerId === consultant.id),
    );

    // The outsider's room heard none of it; their ticket call for the chat is refused.
    expect(outsiderRoom.frames.filter((f) => f.type !== 'pong')).toEqual([]);
    await expect(outsider.api.realtime.ticket(chatRoomId(chat.id))).rejects.toMatchObject({
      status: 404,
    });
    const refused = live(outsider.api, chatRoomId(chat.id));
    await until('the refused connection to close', () => refused.connection.status() === 'closed');
  });

  it('a reconnecting client gets a new ticket, and what it missed from the API', async () => {
    const franchisor = await person('franchisor');
    const consultant = await person('consultant');
    const chat = await franchisor.api.messages.create({ participants: [consultant.id] });
    const room = live(consultant.api, userRoomId(consultant.id));
    await until('the socket to open', () => room.connection.status() === 'open');

    // The API ends the consultant's sockets (as on a password change elsewhere)…
    await server.container.realtime.disconnectUser(consultant.id);
    await until('the drop', () => room.statuses.includes('connecting'));
    expect(frameOf(room.frames, 'sessionEnded')).toBeDefined();
    // …a message arrives while they are away…
    const missed = await franchisor.api.messages.send(chat.id, { text: 'While you were away' });
    // …and the SDK reconnects on its own, told by the room's sessionEnded frame rather than the
    // close handshake (which a hibernating room finishes seconds later), with a fresh ticket.
    await until('the reconnect', () => room.statuses.lastIndexOf('open') > 0);
    expect(room.statuses).toEqual(['open', 'connecting', 'open']);
    // What was missed is read from the API (the database is the source of truth).
    const { messages } = await consultant.api.messages.get(chat.id);
    expect(messages.map((m) => m.id)).toContain(missed.id);
    // And the reopened socket is live again.
    const next = await franchisor.api.messages.send(chat.id, { text: 'Back?' });
    await until('a frame after the reconnect', () =>
      frameOf(room.frames, 'receiveMessage', (f) => f.message.id === next.id),
    );
  });

  it('closing a connection ends it for good', async () => {
    const consultant = await person('consultant');
    const room = live(consultant.api, userRoomId(consultant.id));
    await until('the socket to open', () => room.connection.status() === 'open');
    room.connection.close();
    expect(room.connection.status()).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(room.statuses).toEqual(['open', 'closed']);
    expect(await server.container.realtime.isOnline(consultant.id)).toBe(false);
  });
});
