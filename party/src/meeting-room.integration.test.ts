import {
  MEETING_ROOM_CLOSE_CODES,
  type MeetingServerFrame,
  MeetingServerFrameSchema,
  meetingRoomId,
  type PresenceSummary,
  REALTIME_PARTY,
  type RealtimeTicket,
} from '@fm/sdk/contracts';
import { franchise, insertMeeting, signInAdmin, startTestServer, user } from '@fm/server/testing';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, type RunningParty, startParty } from '../testing/start-party.ts';

/**
 * The meeting room for real (rule 16): the API on a temporary database, the rooms under `wrangler dev`,
 * sockets from Node. Who may open `meeting-{id}`, the signalling between two participants, and the
 * presence log that the room server reports to the API.
 */

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
type SignedUp = Awaited<ReturnType<TestServer['signUp']>>;

const SECRET = `test-realtime-secret-${crypto.randomUUID()}`;
const WAIT_MS = 10_000;
const MIN = 60_000;

let api: TestServer;
let party: RunningParty | undefined;
let consultant: SignedUp;
let franchisor: SignedUp;
let outsider: SignedUp;
let meetingId: string;
let laterMeetingId: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ticketStatus(token: string, room: string) {
  const res = await api.fetch('/api/realtime/ticket', {
    method: 'POST',
    token,
    body: JSON.stringify({ room }),
  });
  return {
    status: res.status,
    ticket: res.ok ? ((await res.json()) as RealtimeTicket).ticket : '',
  };
}

const roomUrl = (room: string, ticket?: string) =>
  `${party?.url.replace(/^http/, 'ws')}/parties/${REALTIME_PARTY}/${room}${
    ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`
  }`;

interface MeetingSocket {
  socket: WebSocket;
  next<T extends MeetingServerFrame['type']>(
    type: T,
  ): Promise<Extract<MeetingServerFrame, { type: T }>>;
  send(frame: unknown): void;
}

/** Opens a socket (frames validated with the contract), or rejects with the refusal's status. */
function connect(url: string): Promise<MeetingSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const frames: MeetingServerFrame[] = [];
    socket.on('message', (data) => {
      const parsed = v.safeParse(MeetingServerFrameSchema, JSON.parse(String(data)));
      if (!parsed.success) throw new Error(`frame outside the contract: ${String(data)}`);
      frames.push(parsed.output);
    });
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      socket.terminate();
      reject(Object.assign(new Error('refused'), { status: response.statusCode }));
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        send: (frame) => socket.send(JSON.stringify(frame)),
        async next(type) {
          const deadline = Date.now() + WAIT_MS;
          for (;;) {
            const index = frames.findIndex((f) => f.type === type);
            if (index >= 0) return frames.splice(index, 1)[0] as never;
            if (Date.now() > deadline) throw new Error(`no ${type} frame within ${WAIT_MS} ms`);
            await sleep(20);
          }
        },
      }),
    );
  });
}

async function refusedWith(url: string): Promise<number> {
  try {
    (await connect(url)).socket.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
}

async function enter(who: SignedUp, id = meetingId): Promise<MeetingSocket> {
  const room = meetingRoomId(id);
  const { status, ticket } = await ticketStatus(who.token, room);
  expect(status).toBe(200);
  return connect(roomUrl(room, ticket));
}

async function summary(id = meetingId): Promise<PresenceSummary> {
  const res = await api.fetch(`/api/session/${id}/presence`, { token: consultant.token });
  expect(res.status).toBe(200);
  return (await res.json()) as PresenceSummary;
}

/** Reads the presence summary until `done` says so (reports reach the API a moment later). */
async function summaryUntil(
  id: string,
  done: (log: PresenceSummary) => boolean,
): Promise<PresenceSummary> {
  let log = await summary(id);
  for (let i = 0; i < 100 && !done(log); i++) {
    await sleep(100);
    log = await summary(id);
  }
  return log;
}

/** Sends a heartbeat every 5 s until the socket closes, as a browser does. */
function keepAlive(s: MeetingSocket) {
  const timer = setInterval(() => {
    if (s.socket.readyState === WebSocket.OPEN) s.send({ type: 'heartbeat' });
  }, 5_000);
  s.socket.once('close', () => clearInterval(timer));
}

/** Resolves with the close code the socket gets. */
const closeCode = (s: MeetingSocket) =>
  new Promise<number>((resolve) => s.socket.once('close', (code) => resolve(code)));

/** A franchise of `count` new franchisor members, and a meeting of theirs with the consultant. */
async function franchiseMeeting(count: number, startAt = new Date(Date.now() - 5 * MIN)) {
  const db = api.container.db;
  const [brand] = await db
    .insert(franchise)
    .values({ company: `Franchising ${crypto.randomUUID().slice(0, 6)}` })
    .returning({ id: franchise.id });
  if (!brand) throw new Error('setup failed');
  const members = await Promise.all(Array.from({ length: count }, () => api.signUp('franchisor')));
  for (const member of members) {
    await db.update(user).set({ franchiseId: brand.id }).where(eq(user.id, member.user.id));
  }
  const booker = members[0];
  if (!booker) throw new Error('setup failed');
  const { id } = await insertMeeting(db, {
    consultantId: consultant.user.id,
    franchisorId: booker.user.id,
    franchiseId: brand.id,
    durationMinutes: 60,
    rateCents: 5_000,
    startAt,
  });
  return { id, brandId: brand.id, members };
}

beforeAll(async () => {
  const partyPort = await freePort();
  api = await startTestServer({
    env: { PARTY_INTERNAL_URL: `http://127.0.0.1:${partyPort}`, REALTIME_SECRET: SECRET },
  });
  party = await startParty({ apiUrl: api.url, secret: SECRET, port: partyPort });
  consultant = await api.signUp('consultant');
  franchisor = await api.signUp('franchisor');
  outsider = await api.signUp('franchisor');
  const [row] = await api.container.db
    .select({ franchiseId: user.franchiseId })
    .from(user)
    .where(eq(user.id, franchisor.user.id));
  const base = {
    consultantId: consultant.user.id,
    franchisorId: franchisor.user.id,
    franchiseId: row?.franchiseId ?? null,
    durationMinutes: 60,
    rateCents: 5_000,
  };
  // Running now (the room is open), and one tomorrow (its room is not).
  meetingId = (
    await insertMeeting(api.container.db, { ...base, startAt: new Date(Date.now() - 5 * MIN) })
  ).id;
  laterMeetingId = (
    await insertMeeting(api.container.db, {
      ...base,
      startAt: new Date(Date.now() + 24 * 60 * MIN),
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await party?.stop();
  await api?.close();
}, 30_000);

describe('who may open meeting-{id} (rule 16)', () => {
  it('refuses outsiders at the API (404), outside the window (422), and sockets without a ticket for it (401)', async () => {
    const room = meetingRoomId(meetingId);
    expect((await ticketStatus(outsider.token, room)).status).toBe(404);
    expect((await ticketStatus(franchisor.token, meetingRoomId(laterMeetingId))).status).toBe(422);
    expect(await refusedWith(roomUrl(room))).toBe(401);
    // A ticket for the outsider's own user room does not open the meeting.
    const own = await ticketStatus(outsider.token, `user-${outsider.user.id}`);
    expect(await refusedWith(roomUrl(room, own.ticket))).toBe(401);
    // A member's ticket works once.
    const { ticket } = await ticketStatus(consultant.token, room);
    const first = await connect(roomUrl(room, ticket));
    expect(await refusedWith(roomUrl(room, ticket))).toBe(401);
    first.socket.close();
  });
});

describe('signalling and presence', () => {
  it('two participants meet, signal each other, and the leave reaches the other side and the API', async () => {
    const c = await enter(consultant);
    const alone = await c.next('welcome');
    expect(alone.peers).toEqual([]);
    const f = await enter(franchisor);
    const welcome = await f.next('welcome');
    expect(welcome.peers).toEqual([
      expect.objectContaining({ connectionId: alone.self, userId: consultant.user.id }),
    ]);
    const joined = await c.next('peerJoined');
    expect(joined.peer).toMatchObject({ connectionId: welcome.self, userId: franchisor.user.id });

    // The newcomer offers; the other answers; candidates follow; only the target receives them.
    f.send({ type: 'signal', to: alone.self, description: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await c.next('signal')).toEqual({
      type: 'signal',
      from: welcome.self,
      description: { type: 'offer', sdp: 'v=0 offer' },
    });
    c.send({
      type: 'signal',
      to: welcome.self,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' },
    });
    expect((await f.next('signal')).candidate?.sdpMid).toBe('0');
    f.send({ type: 'media', media: { audio: false, video: true, screen: false } });
    expect((await c.next('media')).media.audio).toBe(false);
    c.send({ type: 'signal', to: 'nobody', candidate: { candidate: 'x' } });
    expect(await c.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    const sent = Date.now();
    c.send({ type: 'echo', id: 'rt-1' });
    const echo = await c.next('echo');
    expect(echo.id).toBe('rt-1');
    expect(echo.at).toBeGreaterThanOrEqual(sent - 1_000);

    // Both joins reached the API's presence log, in the room server's clock.
    // Both joins reached the API's presence log, in the room server's clock (the first test's
    // socket is in it too, closed).
    const ongoing = (log: PresenceSummary) =>
      log.intervals
        .filter((i) => i.endedBy === 'ongoing')
        .map((i) => i.userId)
        .sort();
    let log = await summary();
    for (let i = 0; i < 50 && ongoing(log).length < 2; i++) {
      await sleep(100);
      log = await summary();
    }
    expect(ongoing(log)).toEqual([consultant.user.id, franchisor.user.id].sort());

    f.socket.close();
    expect(await c.next('peerLeft')).toEqual({
      type: 'peerLeft',
      connectionId: welcome.self,
      userId: franchisor.user.id,
    });
    for (let i = 0; i < 50; i++) {
      log = await summary();
      if (log.intervals.some((x) => x.userId === franchisor.user.id && x.endedBy === 'leave'))
        break;
      await sleep(100);
    }
    const left = log.intervals.find((x) => x.userId === franchisor.user.id);
    expect(ongoing(log)).toEqual([consultant.user.id]);
    expect(left?.endedBy).toBe('leave');
    expect(Date.parse(left?.leftAt ?? '')).toBeGreaterThanOrEqual(Date.parse(left?.joinedAt ?? ''));
    expect(log.roomUsed).toBe(true);
    // Seconds in the room are a pop-in: a side joins with two minutes inside the booked time.
    expect(log.consultantJoined || log.franchiseJoined).toBe(false);
    c.socket.close();
  }, 60_000);
});

describe('a full room', () => {
  it('keeps the consultant’s seat: a fourth franchise member is refused (and logged), the consultant gets in', async () => {
    const { id, members } = await franchiseMeeting(4);
    const [booker, second, third, fourth] = members;
    if (!booker || !second || !third || !fourth) throw new Error('setup failed');
    const inside: MeetingSocket[] = [];
    try {
      // Three franchise members are in before the consultant.
      for (const who of [booker, second, third]) {
        const socket = await enter(who, id);
        await socket.next('welcome');
        inside.push(socket);
      }
      const refused = await enter(fourth, id);
      expect(await refused.next('closing')).toEqual({
        type: 'closing',
        code: MEETING_ROOM_CLOSE_CODES.full,
      });
      refused.socket.terminate();
      // The consultant is never refused.
      const c = await enter(consultant, id);
      expect((await c.next('welcome')).peers).toHaveLength(3);
      inside.push(c);
      // The same person again (a second tab) is not another person.
      const secondTab = await enter(second, id);
      expect((await secondTab.next('welcome')).peers).toHaveLength(4);
      inside.push(secondTab);
      // The refusal is in the log the admin sees; it is not presence.
      const log = await summaryUntil(id, (l) => l.refusals.length > 0);
      expect(log.refusals).toEqual([
        expect.objectContaining({ userId: fourth.user.id, side: 'franchise', reason: 'full' }),
      ]);
      expect(log.intervals.some((i) => i.userId === fourth.user.id)).toBe(false);
    } finally {
      for (const socket of inside) socket.socket.close();
    }
  }, 60_000);
});

describe('the room closes sockets itself', () => {
  it('at the closing time it tells everyone, closes them, and reports their leave', async () => {
    // The room of this meeting closes (booked end + 30 min) six seconds from now.
    const closesAt = Date.now() + 6_000;
    const { id, members } = await franchiseMeeting(1, new Date(closesAt - 30 * MIN - 60 * MIN));
    const [member] = members;
    if (!member) throw new Error('setup failed');
    const c = await enter(consultant, id);
    await c.next('welcome');
    const f = await enter(member, id);
    await f.next('welcome');
    const codes = [closeCode(c), closeCode(f)];
    for (const s of [c, f]) {
      expect(await s.next('closing')).toEqual({
        type: 'closing',
        code: MEETING_ROOM_CLOSE_CODES.roomClosed,
      });
    }
    // Told at the closing time, not a sweep interval later.
    expect(Date.now()).toBeGreaterThanOrEqual(closesAt - 50);
    expect(Date.now()).toBeLessThan(closesAt + 5_000);
    expect(await Promise.all(codes)).toEqual([
      MEETING_ROOM_CLOSE_CODES.roomClosed,
      MEETING_ROOM_CLOSE_CODES.roomClosed,
    ]);
    const log = await summaryUntil(id, (l) => l.intervals.every((i) => i.endedBy === 'leave'));
    expect(log.intervals.map((i) => i.endedBy)).toEqual(['leave', 'leave']);
  }, 60_000);

  it('a member deactivated, or removed from the franchise, is closed out of the meeting room', async () => {
    const { id, members } = await franchiseMeeting(3);
    const [booker, colleague, removed] = members;
    if (!booker || !colleague || !removed) throw new Error('setup failed');
    const c = await enter(consultant, id);
    await c.next('welcome');
    const b = await enter(booker, id);
    await b.next('welcome');
    const k = await enter(colleague, id);
    await k.next('welcome');
    const r = await enter(removed, id);
    await r.next('welcome');
    // The closes below take seconds each under `wrangler dev`: everyone stays alive meanwhile.
    for (const s of [c, b, k, r]) keepAlive(s);

    // Deactivated by an admin: the colleague's socket gets `closing` then the close code.
    const admin = await signInAdmin(api);
    const kClosed = closeCode(k);
    const res = await api.fetch(`/api/admin/users/${colleague.user.id}`, {
      method: 'PATCH',
      token: admin,
      body: JSON.stringify({ isDeactivated: true }),
    });
    expect(res.status).toBe(200);
    expect(await k.next('closing')).toEqual({
      type: 'closing',
      code: MEETING_ROOM_CLOSE_CODES.sessionEnded,
    });
    expect(await kClosed).toBe(MEETING_ROOM_CLOSE_CODES.sessionEnded);
    expect((await c.next('peerLeft')).userId).toBe(colleague.user.id);

    // Removed from the franchise (no longer a member), then their sessions ended: closed too.
    await api.container.db
      .update(user)
      .set({ franchiseId: null })
      .where(eq(user.id, removed.user.id));
    const rClosed = closeCode(r);
    await api.container.realtime.disconnectUser(removed.user.id);
    expect(await r.next('closing')).toEqual({
      type: 'closing',
      code: MEETING_ROOM_CLOSE_CODES.sessionEnded,
    });
    expect(await rClosed).toBe(MEETING_ROOM_CLOSE_CODES.sessionEnded);

    // The others stay; the leaves reached the log.
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
    const log = await summaryUntil(id, (l) =>
      [colleague, removed].every((m) =>
        l.intervals.some((i) => i.userId === m.user.id && i.endedBy === 'leave'),
      ),
    );
    expect(
      log.intervals
        .filter((i) => i.endedBy === 'ongoing')
        .map((i) => i.userId)
        .sort(),
    ).toEqual([consultant.user.id, booker.user.id].sort());
    for (const s of [c, b]) s.socket.close();
  }, 60_000);
});

describe('the heartbeat', () => {
  it('a socket silent for 30 s is closed by the room’s alarm and its stretch ends 30 s after its last sign of life', async () => {
    const quiet = await enter(consultant);
    const welcome = await quiet.next('welcome');
    const lastSign = Date.now();
    const closed = new Promise<number>((resolve) =>
      quiet.socket.once('close', (code) => resolve(code)),
    );
    // Nothing is sent: the alarm (every 10 s) closes it between 30 and 40 s later.
    expect(await closed).toBe(MEETING_ROOM_CLOSE_CODES.heartbeatLost);
    // Told first (the close handshake can take seconds to reach a browser).
    expect(await quiet.next('closing')).toEqual({
      type: 'closing',
      code: MEETING_ROOM_CLOSE_CODES.heartbeatLost,
    });
    const closedAfter = Date.now() - lastSign;
    expect(closedAfter).toBeGreaterThanOrEqual(29_000);
    let interval: PresenceSummary['intervals'][number] | undefined;
    for (let i = 0; i < 50 && interval?.endedBy !== 'leave'; i++) {
      const log = await summary();
      interval = log.intervals.find(
        (x) => x.userId === consultant.user.id && Date.parse(x.joinedAt) >= welcome.at - 1,
      );
      if (interval?.endedBy !== 'leave') await sleep(100);
    }
    expect(interval?.endedBy).toBe('leave');
    const length = Date.parse(interval?.leftAt ?? '') - Date.parse(interval?.joinedAt ?? '');
    // Ends at the join (its last sign of life) + 30 s, not when the alarm happened to run.
    expect(length).toBe(30_000);
  }, 90_000);
});
