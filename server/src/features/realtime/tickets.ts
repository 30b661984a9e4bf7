import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type MeetingAdmission,
  parseRoomId,
  REALTIME_TICKET_TTL_MS,
  type RealtimeRedemption,
  type RealtimeTicket,
} from '@fm/sdk/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { chatParticipant, realtimeTicket, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { meetingAdmission } from '../meeting-room/access.ts';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Whether the shared secret a room server sent is ours, in constant time.
 *
 * @example
 * secretMatches(request.headers.get('authorization'), env.REALTIME_SECRET);
 */
export function secretMatches(authorization: string | undefined, secret: string): boolean {
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether `userId` takes part in chat `chatId`. */
async function isParticipant(db: Db, chatId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ chatId: chatParticipant.chatId })
    .from(chatParticipant)
    .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.userId, userId)))
    .limit(1);
  return row.length > 0;
}

/**
 * Who may be in which room (rule 15): a user in their own user room (another's is 403) and in the
 * chats they take part in (any other chat is 404, as the chat API answers it). For a meeting room
 * (rule 16) it answers the socket's side and the room's closing time.
 *
 * @example
 * await assertMayJoin(db, 'u1', 'chat-c1'); // throws AppError('NOT_FOUND') for an outsider
 */
export async function assertMayJoin(
  db: Db,
  userId: string,
  room: string,
  now: Date = new Date(),
): Promise<MeetingAdmission | undefined> {
  const ref = parseRoomId(room);
  if (!ref) throw new AppError('NOT_FOUND');
  switch (ref.kind) {
    case 'user':
      if (ref.id !== userId) throw new AppError('FORBIDDEN');
      return;
    case 'chat':
      if (!(await isParticipant(db, ref.id, userId))) throw new AppError('NOT_FOUND');
      return;
    case 'meeting':
      // Rule 16: the consultant and the franchise's members, while the room is open (404/422).
      return meetingAdmission(db, userId, ref.id, now);
  }
}

/**
 * Short-lived, single-use tickets that admit one socket to one room (rule 15). Only their hashes are
 * stored, in the database, so any API process can redeem a ticket another one issued.
 */
export function createTicketService(deps: { db: Db; now: () => Date; ttlMs?: number }) {
  const { db, now } = deps;
  const ttlMs = deps.ttlMs ?? REALTIME_TICKET_TTL_MS;

  return {
    /** A ticket for `room`, if the caller may join it (403/404 otherwise). */
    async issue(caller: SessionUser, room: string): Promise<RealtimeTicket> {
      const at = now();
      await assertMayJoin(db, caller.id, room, at);
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + ttlMs);
      // Expired tickets are swept as new ones are made, so the table stays small.
      await db.delete(realtimeTicket).where(lt(realtimeTicket.expiresAt, at));
      await db.insert(realtimeTicket).values({
        tokenHash: hash(ticket),
        userId: caller.id,
        room,
        expiresAt,
        createdAt: at,
      });
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Redeems a ticket for `room` once: the identity it admits (with a meeting socket's side and
     * closing time), or null when it is unknown, used, expired, for another room, or its user may
     * no longer join (signed out for good, removed).
     */
    async redeem(ticket: string, room: string): Promise<RealtimeRedemption | null> {
      // Deleting is what makes it single-use: of two racing redeemers only one gets the row.
      const [row] = await db
        .delete(realtimeTicket)
        .where(eq(realtimeTicket.tokenHash, hash(ticket)))
        .returning();
      if (!row || row.room !== room || row.expiresAt.getTime() <= now().getTime()) return null;
      const [owner] = await db
        .select({
          role: user.role,
          isDeleted: user.isDeleted,
          isDeactivated: user.isDeactivated,
          banned: user.banned,
        })
        .from(user)
        .where(eq(user.id, row.userId));
      if (!owner || owner.isDeleted || owner.isDeactivated || owner.banned) return null;
      let meeting: MeetingAdmission | undefined;
      try {
        meeting = await assertMayJoin(db, row.userId, room, now());
      } catch {
        return null;
      }
      return meeting
        ? { userId: row.userId, role: owner.role, meeting }
        : { userId: row.userId, role: owner.role };
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
