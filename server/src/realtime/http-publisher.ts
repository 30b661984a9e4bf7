import {
  chatRoomId,
  REALTIME_FANOUT_PATH,
  REALTIME_PARTY,
  type RealtimeFanout,
  type RealtimeRoomCommand,
  type RealtimeRoomReply,
  RealtimeRoomReplySchema,
  userRoomId,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import { chatParticipant } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
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

export interface HttpPublisherOptions {
  /** Where the API reaches the room server, e.g. `http://127.0.0.1:1999` (`PARTY_INTERNAL_URL`). */
  partyUrl: string;
  /** The shared secret the rooms check (`REALTIME_SECRET`). */
  secret: string;
  /** Reads the chats of a user, whose rooms `disconnectUser` also clears. */
  db: Db;
  logger: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Epoch milliseconds, for the online cache; `Date.now` by default. */
  now?: () => number;
}

/**
 * The publisher of D15: every call is one HTTP POST to the PartyServer worker with the shared
 * secret as a bearer token — a frame for several rooms to its fan-out path, a disconnect or a
 * presence question to the room itself (`/parties/rooms/{room}`). Failures and timeouts
 * are logged and swallowed: the database is the source of truth and clients poll as the fallback.
 *
 * @example
 * const realtime = createHttpPublisher({ partyUrl: env.PARTY_INTERNAL_URL, secret: env.REALTIME_SECRET, db, logger });
 * await realtime.publish(['user-u1'], { type: 'joinChat', chatId: 'c1', userId: 'u1' });
 */
export function createHttpPublisher(options: HttpPublisherOptions): RealtimePublisher {
  const origin = options.partyUrl.replace(/\/+$/, '');
  const base = `${origin}/parties/${REALTIME_PARTY}/`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  /** user id → the answer (or the question in flight) and when it expires; oldest first. */
  const online = new Map<string, { answer: Promise<boolean>; until: number }>();

  /** Sends one command (or a fan-out); the reply, or null when it could not be delivered. */
  async function send(
    room: string,
    command: RealtimeRoomCommand | RealtimeFanout,
  ): Promise<RealtimeRoomReply | null> {
    const url =
      'type' in command ? `${base}${encodeURIComponent(room)}` : `${origin}${REALTIME_FANOUT_PATH}`;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secret}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(command),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        options.logger.error('realtime push refused', {
          room,
          command: 'type' in command ? command.type : 'fanout',
          status: response.status,
          body: (await response.text()).slice(0, 200),
        });
        return null;
      }
      const reply = v.safeParse(RealtimeRoomReplySchema, await response.json());
      return reply.success ? reply.output : null;
    } catch (error) {
      options.logger.error('realtime push failed', {
        room,
        command: 'type' in command ? command.type : 'fanout',
        error: String(error),
      });
      return null;
    }
  }

  async function roomsOf(userId: string): Promise<string[]> {
    try {
      const chats = await options.db
        .select({ chatId: chatParticipant.chatId })
        .from(chatParticipant)
        .where(eq(chatParticipant.userId, userId));
      return [userRoomId(userId), ...chats.map((c) => chatRoomId(c.chatId))];
    } catch (error) {
      options.logger.error('realtime: reading the chats of a user failed', String(error));
      return [userRoomId(userId)];
    }
  }

  return {
    async publish(rooms, message) {
      const unique = [...new Set(rooms)];
      if (unique.length === 0) return;
      // One request whatever the number of rooms: the rooms server hands it to each.
      await send(unique.join(','), { rooms: unique, message });
    },
    async disconnectUser(userId) {
      online.delete(userId);
      const rooms = await roomsOf(userId);
      await Promise.all(rooms.map((room) => send(room, { type: 'disconnect', userId })));
    },
    isOnline(userId) {
      const t = now();
      const cached = online.get(userId);
      if (cached && cached.until > t) return cached.answer;
      online.delete(userId);
      const answer = send(userRoomId(userId), { type: 'presence', userId }).then((reply) => {
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
