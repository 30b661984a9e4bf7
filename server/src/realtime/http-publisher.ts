import {
  chatRoomId,
  MEETING_ROOM,
  meetingRoomId,
  REALTIME_FANOUT_BATCH_MAX,
  REALTIME_FANOUT_PATH,
  REALTIME_PARTY,
  type RealtimeFanout,
  type RealtimeRoomCommand,
  type RealtimeRoomReply,
  RealtimeRoomReplySchema,
  userRoomId,
} from '@fm/sdk/contracts';
import { and, eq, exists, gt, gte, lte, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import { chatParticipant, meeting, meetingPresence, user } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
import { createTextPoster } from './post-text.ts';
import type { RealtimePublisher } from './publisher.ts';

/** A push slower than this is abandoned (and logged): the API call it belongs to never waits longer. */
export const PUSH_TIMEOUT_MS = 2_000;
/**
 * How long a "yes, online" answer is reused. A burst of messages to a connected user asks the
 * rooms once instead of once per message; a user who left seconds ago may miss one bell
 * notification (their unread count still shows the message). "No" is never reused, so someone
 * who just connected is seen at once.
 */
export const ONLINE_CACHE_MS = 5_000;
/** At most this many users' answers are kept. */
const ONLINE_CACHE_SIZE = 10_000;
/** Batches of pushes on their way at once; later pushes wait for one of them. */
const MAX_BATCHES_IN_FLIGHT = 2;
/** A batch stays below this many characters (the rooms read commands up to 256 KiB). */
const MAX_BATCH_CHARS = 192 * 1024;
/** No meeting lasts longer (bookings are at most four hours): bounds the search for open rooms. */
const LONGEST_MEETING_MS = 24 * 60 * 60_000;

/**
 * The meeting rooms open at `at` that `userId` may be in (rule 16): meetings they consult, booked, or
 * whose franchise they belong to, and those they were present in (a member removed from the
 * franchise since is still in its room until closed).
 */
async function openMeetingRoomsOf(db: Db, userId: string, at: number): Promise<string[]> {
  const rows = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(
      and(
        gte(meeting.startAt, new Date(at - MEETING_ROOM.closesAfterMs - LONGEST_MEETING_MS)),
        lte(meeting.startAt, new Date(at + MEETING_ROOM.opensBeforeMs)),
        gt(meeting.endAt, new Date(at - MEETING_ROOM.closesAfterMs)),
        or(
          eq(meeting.consultantId, userId),
          eq(meeting.franchisorId, userId),
          eq(
            meeting.franchiseId,
            sql`(select ${user.franchiseId} from ${user} where ${user.id} = ${userId})`,
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(meetingPresence)
              .where(
                and(eq(meetingPresence.meetingId, meeting.id), eq(meetingPresence.userId, userId)),
              ),
          ),
        ),
      ),
    )
    .limit(100);
  return rows.map((r) => meetingRoomId(r.id));
}

/**
 * Takes the first pushes of `queue` that fit one batch: at most `REALTIME_FANOUT_BATCH_MAX`, and
 * below `MAX_BATCH_CHARS` unless a single push is larger on its own.
 */
function takeBatch<T extends { json: string }>(queue: T[]): T[] {
  let count = 0;
  let chars = 0;
  for (const push of queue) {
    if (count === REALTIME_FANOUT_BATCH_MAX) break;
    if (count > 0 && chars + push.json.length + 1 > MAX_BATCH_CHARS) break;
    count += 1;
    chars += push.json.length + 1;
  }
  return queue.splice(0, count);
}

export interface HttpPublisherOptions {
  /** Where the API reaches the room server, e.g. `http://127.0.0.1:1999` (`PARTY_INTERNAL_URL`). */
  partyUrl: string;
  /** The shared secret the rooms check (`REALTIME_SECRET`). */
  secret: string;
  /** Reads the chats and open meetings of a user, whose rooms `disconnectUser` also clears. */
  db: Db;
  logger: Logger;
  timeoutMs?: number;
  /** Epoch milliseconds, for the online cache; `Date.now` by default. */
  now?: () => number;
}

/**
 * The publisher of rule 15: HTTP POSTs to the PartyServer worker with the shared secret as a bearer
 * token — pushes (a frame for several rooms each) to its fan-out path, batched: those of one turn
 * of the event loop, or made while two batches are on their way, travel together (in the order
 * they were made within a batch; batches on their way at once may overtake each other); a
 * disconnect or a presence question to the room itself (`/parties/rooms/{room}`). Failures and
 * timeouts are logged and swallowed: the database is the source of truth and clients poll as the
 * fallback.
 *
 * @example
 * const realtime = createHttpPublisher({ partyUrl: env.PARTY_INTERNAL_URL, secret: env.REALTIME_SECRET, db, logger });
 * await realtime.publish(['user-u1'], { type: 'joinChat', chatId: 'c1', userId: 'u1' });
 */
export function createHttpPublisher(options: HttpPublisherOptions): RealtimePublisher {
  const origin = options.partyUrl.replace(/\/+$/, '');
  const base = `${origin}/parties/${REALTIME_PARTY}/`;
  const post = createTextPoster();
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  /** user id → the answer (or the question in flight) and when it expires; oldest first. */
  const online = new Map<string, { answer: Promise<boolean>; until: number }>();

  /** Sends one command to a room, or a batch of fan-outs; the reply, or null when undelivered. */
  async function send(
    target: { room: string; command: RealtimeRoomCommand } | { pushes: number; body: string },
  ): Promise<RealtimeRoomReply | null> {
    const [url, body, about] =
      'command' in target
        ? [
            `${base}${encodeURIComponent(target.room)}`,
            JSON.stringify(target.command),
            { room: target.room, command: target.command.type },
          ]
        : [`${origin}${REALTIME_FANOUT_PATH}`, target.body, { pushes: target.pushes }];
    try {
      const response = await post(url, body, {
        headers: {
          authorization: `Bearer ${options.secret}`,
          'content-type': 'application/json',
          // The rooms' runtime gzips even a 15-byte reply when allowed; unzipping cost the API
          // 0.7–1 ms of CPU per push with fetch (this client would not even unzip it).
          'accept-encoding': 'identity',
        },
        timeoutMs,
      });
      if (response.status < 200 || response.status > 299) {
        options.logger.error('realtime push refused', {
          ...about,
          status: response.status,
          body: response.body.slice(0, 200),
        });
        return null;
      }
      const reply = v.safeParse(RealtimeRoomReplySchema, JSON.parse(response.body));
      return reply.success ? reply.output : null;
    } catch (error) {
      options.logger.error('realtime push failed', { ...about, error: String(error) });
      return null;
    }
  }

  // Pushes go out in batches: those made in one turn of the event loop travel together, and
  // while MAX_BATCHES_IN_FLIGHT requests are out the next ones wait and join the following batch
  // (a booking's two notifications are one request; a burst of bookings a few).
  const queue: { json: string; done: () => void }[] = [];
  let flushing = false;
  let inFlight = 0;

  function flushSoon() {
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  }

  function flush() {
    flushing = false;
    while (queue.length > 0 && inFlight < MAX_BATCHES_IN_FLIGHT) {
      const batch = takeBatch(queue);
      inFlight += 1;
      void send({
        pushes: batch.length,
        body: `{"pushes":[${batch.map((p) => p.json).join(',')}]}`,
      }).finally(() => {
        inFlight -= 1;
        for (const push of batch) push.done();
        if (queue.length > 0) flushSoon();
      });
    }
  }

  /** The user room, the chats, and the meeting rooms open now that the user may be in. */
  async function roomsOf(userId: string): Promise<string[]> {
    const rooms = [userRoomId(userId)];
    try {
      const chats = await options.db
        .select({ chatId: chatParticipant.chatId })
        .from(chatParticipant)
        .where(eq(chatParticipant.userId, userId));
      rooms.push(...chats.map((c) => chatRoomId(c.chatId)));
    } catch (error) {
      options.logger.error('realtime: reading the chats of a user failed', String(error));
    }
    try {
      rooms.push(...(await openMeetingRoomsOf(options.db, userId, now())));
    } catch (error) {
      options.logger.error('realtime: reading the meeting rooms of a user failed', String(error));
    }
    return rooms;
  }

  return {
    publish(rooms, message) {
      const unique = [...new Set(rooms)];
      if (unique.length === 0) return Promise.resolve();
      // One push whatever the number of rooms: the rooms server hands it to each.
      const push: RealtimeFanout = { rooms: unique, message };
      return new Promise<void>((done) => {
        queue.push({ json: JSON.stringify(push), done });
        flushSoon();
      });
    },
    async disconnectUser(userId) {
      online.delete(userId);
      const rooms = await roomsOf(userId);
      await Promise.all(
        rooms.map((room) => send({ room, command: { type: 'disconnect', userId } })),
      );
    },
    isOnline(userId) {
      const t = now();
      const cached = online.get(userId);
      if (cached && cached.until > t) return cached.answer;
      online.delete(userId);
      const answer = send({
        room: userRoomId(userId),
        command: { type: 'presence', userId },
      }).then((reply) => {
        const yes = (reply?.connections ?? 0) > 0;
        if (!yes) online.delete(userId);
        return yes;
      });
      // Questions in flight are shared; only a "yes" outlives its answer.
      online.set(userId, { answer, until: t + ONLINE_CACHE_MS });
      if (online.size > ONLINE_CACHE_SIZE) {
        const oldest = online.keys().next().value;
        if (oldest !== undefined) online.delete(oldest);
      }
      return answer;
    },
  };
}
