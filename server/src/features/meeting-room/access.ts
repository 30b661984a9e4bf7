import {
  type MeetingAdmission,
  type MeetingRoomMember,
  type MeetingSide,
  meetingRoomState,
  meetingRoomWindow,
} from '@fm/sdk/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { meeting, meetingNoShow, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Who may be in a meeting's room and when (rule 16): the meeting's consultant and the members of the
 * booking franchise (and the booker), from 10 minutes before the start until 30 minutes after the
 * booked end, while the meeting is live. Anyone else gets 404, as for the meeting itself (rule 7).
 */

export type Queryable = Db | Tx;
export type RoomMeeting = typeof meeting.$inferSelect;

/** The message of a member who comes outside the open window. */
export const ROOM_NOT_OPEN = 'The meeting room is not open now.';

const LIVE = new Set(['future', 'pending']);

/**
 * Whether the meeting still takes place (not completed, declined or reported as a no-show).
 *
 * @example
 * isLive(row); // true for a future or pending meeting
 */
export function isLive(row: Pick<RoomMeeting, 'status'>): boolean {
  return LIVE.has(row.status);
}

/** The meeting row, or null. */
export async function findRoomMeeting(db: Queryable, id: string): Promise<RoomMeeting | null> {
  const row = await db.query.meeting.findFirst({ where: eq(meeting.id, id) });
  return row ?? null;
}

/** Whether a no-show was reported for the meeting. */
export async function noShowReportedAt(db: Queryable, meetingId: string): Promise<Date | null> {
  const row = await db.query.meetingNoShow.findFirst({
    where: eq(meetingNoShow.meetingId, meetingId),
  });
  return row?.reportedAt ?? null;
}

/**
 * Everyone who may enter: the consultant, then the franchise's members (active accounts only),
 * the booker among them even when they have left the franchise since.
 */
export async function roomMembers(db: Queryable, row: RoomMeeting): Promise<MeetingRoomMember[]> {
  const sameFranchise = row.franchiseId ? eq(user.franchiseId, row.franchiseId) : undefined;
  const people = await db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      franchiseId: user.franchiseId,
      profilePhoto: user.profilePhoto,
      isDeleted: user.isDeleted,
      isDeactivated: user.isDeactivated,
    })
    .from(user)
    .where(
      or(
        eq(user.id, row.consultantId),
        eq(user.id, row.franchisorId),
        sameFranchise ? and(sameFranchise, eq(user.role, 'franchisor')) : undefined,
      ),
    )
    .limit(200);
  const members: MeetingRoomMember[] = [];
  for (const p of people) {
    if (p.isDeleted || p.isDeactivated) continue;
    const side: MeetingSide | null =
      p.id === row.consultantId ? 'consultant' : p.role === 'franchisor' ? 'franchise' : null;
    if (!side) continue;
    members.push({
      userId: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      side,
      profilePhoto: p.profilePhoto,
    });
  }
  return members.sort((a, b) =>
    a.side === b.side ? a.name.localeCompare(b.name) : a.side === 'consultant' ? -1 : 1,
  );
}

/**
 * The side `userId` is on in the meeting, or null when they may not enter.
 *
 * @example
 * await memberSide(db, row, 'u1'); // 'franchise'
 */
export async function memberSide(
  db: Queryable,
  row: RoomMeeting,
  userId: string,
): Promise<MeetingSide | null> {
  if (userId === row.consultantId) return 'consultant';
  const [person] = await db
    .select({
      role: user.role,
      franchiseId: user.franchiseId,
      isDeleted: user.isDeleted,
      isDeactivated: user.isDeactivated,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!person || person.isDeleted || person.isDeactivated || person.role !== 'franchisor') {
    return null;
  }
  if (userId === row.franchisorId) return 'franchise';
  return row.franchiseId !== null && person.franchiseId === row.franchiseId ? 'franchise' : null;
}

/**
 * Refuses a socket for `meeting-{meetingId}` unless `userId` is a member (404) and the room is
 * open now for a live meeting (422); otherwise what the room server needs to know about the
 * socket: the member's side (the consultant's seat is kept) and the room's closing time (the room
 * closes every socket then). Called when a ticket is issued and again when it is redeemed.
 *
 * @example
 * const { side, closesAt } = await meetingAdmission(db, user.id, meetingId, now());
 */
export async function meetingAdmission(
  db: Queryable,
  userId: string,
  meetingId: string,
  now: Date,
): Promise<MeetingAdmission> {
  const row = await findRoomMeeting(db, meetingId);
  const side = row ? await memberSide(db, row, userId) : null;
  if (!row || !side) throw new AppError('NOT_FOUND');
  const window = meetingRoomWindow(row.startAt, row.endAt);
  if (meetingRoomState(window, now) !== 'open' || !isLive(row)) {
    throw new AppError('RULE_VIOLATION', { message: ROOM_NOT_OPEN });
  }
  return { side, closesAt: window.closesAt.getTime() };
}
