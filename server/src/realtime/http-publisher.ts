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
      const rooms = await roomsOf(userId);
      await Promise.all(rooms.map((room) => send(room, { type: 'disconnect', userId })));
    },
    async isOnline(userId) {
      const reply = await send(userRoomId(userId), { type: 'presence', userId });
      return (reply?.connections ?? 0) > 0;
    },
  };
}
