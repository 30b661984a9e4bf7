import {
  type MeetingRoomRefusal,
  meetingRoomWindow,
  type PresenceEvent,
  type PresenceInterval,
  type PresenceRecord,
  type PresenceSummary,
  presenceEnd,
  presenceVerdict,
  toSpans,
} from '@fm/sdk/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { meetingPresence, user } from '../../db/schema/index.ts';
import type { Logger } from '../../http/logger.ts';
import {
  findRoomMeeting,
  memberSide,
  noShowReportedAt,
  type Queryable,
  type RoomMeeting,
} from './access.ts';

/**
 * The presence log of rule 16: what the room server reports (joins, heartbeats, leaves in its own
 * clock) kept per meeting and connection, and the summary billing and both sides read from it.
 *
 * A join the room refused (its franchise seats taken) is kept in the same table, as a row whose
 * connection id is `refused:{connectionId}` and whose join, last sign and leave are the moment of
 * the refusal: it is listed among the refusals and never counted as presence. (The room server's
 * connection ids are UUIDs, so the prefix cannot clash.)
 */

/** The connection-id prefix that marks a refused join in `meeting_presence`. */
export const REFUSED_PREFIX = 'refused:';

/**
 * Stores one report of the room server. Reports are idempotent and may come in any order: a
 * `seen` or `leave` before its `join` creates the row; times only ever move forward. A `refused`
 * is kept as a refusal row (see above). Events of people who may not be in the meeting are
 * dropped (the room admitted them with a ticket, so this only happens after their membership
 * ended), except the leave that ends a stretch they began as members.
 *
 * @example
 * await recordPresence(db, 'm1', [{ kind: 'join', connectionId: 'x', userId: 'u1', at: Date.now() }], logger);
 */
export async function recordPresence(
  db: Db,
  meetingId: string,
  events: readonly PresenceEvent[],
  logger: Logger,
): Promise<{ stored: number }> {
  const row = await findRoomMeeting(db, meetingId);
  if (!row) return { stored: 0 };
  const sides = new Map<string, Awaited<ReturnType<typeof memberSide>>>();
  let stored = 0;
  for (const event of events) {
    if (!sides.has(event.userId)) sides.set(event.userId, await memberSide(db, row, event.userId));
    const side = sides.get(event.userId);
    // A member removed or deactivated while in the room: their stretch still ends at the leave.
    if (!side && event.kind !== 'leave') {
      logger.info('presence of a non-member dropped', { meetingId, userId: event.userId });
      continue;
    }
    const at = new Date(event.at);
    const key = and(
      eq(meetingPresence.meetingId, meetingId),
      eq(meetingPresence.connectionId, event.connectionId),
      eq(meetingPresence.userId, event.userId),
    );
    if (!side) {
      const [ended] = await db
        .update(meetingPresence)
        .set({
          lastSeenAt: sql`max(${meetingPresence.lastSeenAt}, ${at.getTime()})`,
          leftAt: sql`case when ${meetingPresence.leftAt} is null or ${meetingPresence.leftAt} > ${at.getTime()} then ${at.getTime()} else ${meetingPresence.leftAt} end`,
        })
        .where(key)
        .returning({ connectionId: meetingPresence.connectionId });
      if (ended) stored++;
      continue;
    }
    if (event.kind === 'refused') {
      await db
        .insert(meetingPresence)
        .values({
          meetingId,
          connectionId: `${REFUSED_PREFIX}${event.connectionId}`,
          userId: event.userId,
          side,
          joinedAt: at,
          lastSeenAt: at,
          leftAt: at,
        })
        .onConflictDoNothing();
      stored++;
      continue;
    }
    await db
      .insert(meetingPresence)
      .values({
        meetingId,
        connectionId: event.connectionId,
        userId: event.userId,
        side,
        joinedAt: at,
        lastSeenAt: at,
        leftAt: event.kind === 'leave' ? at : null,
      })
      .onConflictDoNothing();
    if (event.kind === 'join') {
      // A join reported after a seen: the stretch began at the join.
      await db
        .update(meetingPresence)
        .set({ joinedAt: sql`min(${meetingPresence.joinedAt}, ${at.getTime()})` })
        .where(key);
    } else {
      await db
        .update(meetingPresence)
        .set({ lastSeenAt: sql`max(${meetingPresence.lastSeenAt}, ${at.getTime()})` })
        .where(key);
      if (event.kind === 'leave') {
        // A connection leaves once; of two reports the earlier one is the leave.
        await db
          .update(meetingPresence)
          .set({
            leftAt: sql`case when ${meetingPresence.leftAt} is null or ${meetingPresence.leftAt} > ${at.getTime()} then ${at.getTime()} else ${meetingPresence.leftAt} end`,
          })
          .where(key);
      }
    }
    stored++;
  }
  return { stored };
}

/** The log rows of a meeting with the names of who they belong to. */
async function presenceRows(db: Queryable, meetingId: string) {
  return db
    .select({
      connectionId: meetingPresence.connectionId,
      userId: meetingPresence.userId,
      side: meetingPresence.side,
      joinedAt: meetingPresence.joinedAt,
      lastSeenAt: meetingPresence.lastSeenAt,
      leftAt: meetingPresence.leftAt,
      firstName: user.firstName,
      lastName: user.lastName,
    })
    .from(meetingPresence)
    .innerJoin(user, eq(user.id, meetingPresence.userId))
    .where(eq(meetingPresence.meetingId, meetingId))
    .orderBy(asc(meetingPresence.joinedAt));
}

/**
 * The presence summary of a loaded meeting at `now` (rule 16). Its measure stops at the room's
 * closing time; the intervals are the log as reported.
 *
 * @example
 * const summary = await presenceSummary(db, row, new Date());
 * summary.maxChargeableMinutes; // null when nobody used the room
 */
export async function presenceSummary(
  db: Queryable,
  row: RoomMeeting,
  now: Date,
): Promise<PresenceSummary> {
  const logged = await presenceRows(db, row.id);
  const refused = logged.filter((r) => r.connectionId.startsWith(REFUSED_PREFIX));
  const rows = logged.filter((r) => !r.connectionId.startsWith(REFUSED_PREFIX));
  const at = now.getTime();
  const records: PresenceRecord[] = rows.map((r) => ({
    userId: r.userId,
    side: r.side,
    joinedAt: r.joinedAt.getTime(),
    lastSeenAt: r.lastSeenAt.getTime(),
    leftAt: r.leftAt?.getTime() ?? null,
  }));
  const { closesAt } = meetingRoomWindow(row.startAt, row.endAt);
  const verdict = presenceVerdict(
    toSpans(records, at, closesAt.getTime()),
    { start: row.startAt.getTime(), end: row.endAt.getTime() },
    row.durationMinutes,
  );
  const intervals: PresenceInterval[] = rows.map((r, i) => {
    const record = records[i] as PresenceRecord;
    const end = presenceEnd(record, at);
    const byLeave = record.leftAt !== null && end >= record.leftAt;
    const ongoing = !byLeave && end >= at;
    return {
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      side: r.side,
      joinedAt: r.joinedAt.toISOString(),
      leftAt: ongoing ? null : new Date(end).toISOString(),
      endedBy: ongoing ? 'ongoing' : byLeave ? 'leave' : 'heartbeat',
    };
  });
  const reported = await noShowReportedAt(db, row.id);
  const refusals: MeetingRoomRefusal[] = refused.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    side: r.side,
    at: r.joinedAt.toISOString(),
    reason: 'full',
  }));
  return {
    ...verdict,
    noShowReportedAt: reported?.toISOString() ?? null,
    intervals,
    refusals,
  };
}
