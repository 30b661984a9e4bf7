import {
  type BookingStatus,
  type BookingStatusInput,
  MEETING_ROOM,
  type Session,
} from '@fm/sdk/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notLike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  CONSULTANT_PARTY_COLUMNS,
  consultantUser,
  FRANCHISOR_PARTY_COLUMNS,
  franchisorUser,
} from '../../db/party-users.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import {
  consultantProfile,
  franchise,
  meeting,
  meetingPresence,
  review,
  reviewRequest,
} from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';
import { meetingAmountCents } from '../../money/meeting-amount.ts';
import { REFUSED_PREFIX } from '../meeting-room/presence-log.ts';

/** Reads of meetings as the API shows them (SessionSchema), with rule 8's derived status. */

export type Queryable = Db | Tx;
export type MeetingRow = typeof meeting.$inferSelect;

/** Statuses of a meeting that still holds its time. */
export const LIVE_STATUSES = ['future', 'pending'] as const;

/**
 * Rule 8: a `future` meeting whose start has passed is `pending`. Derived on every read, so no list
 * ever shows a past meeting as future, whether or not a background job has persisted it.
 */
export function derivedStatus(
  row: Pick<MeetingRow, 'status' | 'startAt'>,
  now: Date,
): BookingStatus {
  return row.status === 'future' && row.startAt.getTime() <= now.getTime() ? 'pending' : row.status;
}

/**
 * Who may see a meeting: its consultant, and on the franchisor side every member of the booking
 * franchise (colleagues see the brand's meetings) plus the booker themself. Nobody else (404).
 */
export function visibleTo(viewer: SessionUser): SQL {
  if (viewer.role === 'consultant') return eq(meeting.consultantId, viewer.id);
  if (viewer.role === 'franchisor') {
    const own = eq(meeting.franchisorId, viewer.id);
    return viewer.franchiseId ? (or(own, eq(meeting.franchiseId, viewer.franchiseId)) ?? own) : own;
  }
  return sql`0`;
}

/** Whether a loaded meeting row is visible to the viewer (same rule as {@link visibleTo}). */
export function canSee(viewer: SessionUser, row: MeetingRow): boolean {
  if (viewer.role === 'consultant') return row.consultantId === viewer.id;
  if (viewer.role === 'franchisor') {
    return (
      row.franchisorId === viewer.id ||
      (viewer.franchiseId !== null && row.franchiseId === viewer.franchiseId)
    );
  }
  return false;
}

/** SQL for a status filter, with `future`/`pending` derived from the clock. */
export function statusFilter(status: BookingStatusInput, now: Date): SQL {
  switch (status) {
    case 'future':
      return and(eq(meeting.status, 'future'), gt(meeting.startAt, now)) ?? sql`1`;
    case 'pending':
      return (
        or(
          eq(meeting.status, 'pending'),
          and(eq(meeting.status, 'future'), lte(meeting.startAt, now)),
        ) ?? sql`1`
      );
    case 'completed':
    case 'finished':
      return eq(meeting.status, 'completed');
    case 'declined':
      return eq(meeting.status, 'declined');
  }
}

/**
 * Rule 20: a "now" meeting — live, its room open (from `MEETING_ROOM.opensBeforeMs` before the
 * start) and not ended yet. Lists lead with these, in every tab where their status belongs.
 */
export function isNowMeeting(
  row: Pick<MeetingRow, 'status' | 'startAt' | 'endAt'>,
  now: Date,
): boolean {
  const at = now.getTime();
  return (
    (row.status === 'future' || row.status === 'pending') &&
    row.startAt.getTime() - MEETING_ROOM.opensBeforeMs <= at &&
    at < row.endAt.getTime()
  );
}

/** {@link isNowMeeting} as SQL. */
function nowMeetingSql(now: Date): SQL {
  return (
    and(
      inArray(meeting.status, LIVE_STATUSES),
      lte(meeting.startAt, new Date(now.getTime() + MEETING_ROOM.opensBeforeMs)),
      gt(meeting.endAt, now),
    ) ?? sql`0`
  );
}

/**
 * Rule 20: of the viewer's "now" meetings, those whose room holds someone of the other side at
 * this moment (a stretch not left and heard from within the heartbeat timeout; refusals aside).
 */
async function otherSideInRoom(
  db: Queryable,
  viewer: SessionUser,
  ids: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (ids.length === 0 || (viewer.role !== 'consultant' && viewer.role !== 'franchisor')) {
    return new Set();
  }
  const ownSide = viewer.role === 'consultant' ? 'consultant' : 'franchise';
  const rows = await db
    .selectDistinct({ meetingId: meetingPresence.meetingId })
    .from(meetingPresence)
    .where(
      and(
        inArray(meetingPresence.meetingId, [...ids]),
        ne(meetingPresence.side, ownSide),
        isNull(meetingPresence.leftAt),
        gte(meetingPresence.lastSeenAt, new Date(now.getTime() - MEETING_ROOM.heartbeatTimeoutMs)),
        notLike(meetingPresence.connectionId, `${REFUSED_PREFIX}%`),
      ),
    );
  return new Set(rows.map((r) => r.meetingId));
}

/** Who a meeting is between, as both the meeting list and the pre-booking read select it. */
const partyColumns = {
  consultant: CONSULTANT_PARTY_COLUMNS,
  company: consultantProfile.company,
  // The franchisor's chosen zone: their notices show times in it (rule 20).
  franchisor: { ...FRANCHISOR_PARTY_COLUMNS, timeZone: franchisorUser.timeZone },
  franchise: { id: franchise.id, company: franchise.company, logo: franchise.logo },
};

function selectMeetings(db: Queryable) {
  return db
    .select({ meeting, ...partyColumns })
    .from(meeting)
    .innerJoin(consultantUser, eq(consultantUser.id, meeting.consultantId))
    .leftJoin(consultantProfile, eq(consultantProfile.userId, meeting.consultantId))
    .innerJoin(franchisorUser, eq(franchisorUser.id, meeting.franchisorId))
    .leftJoin(franchise, eq(franchise.id, meeting.franchiseId));
}

export type MeetingDetails = Awaited<ReturnType<typeof selectMeetings>>[number];

/** Who a meeting is between: its details without the meeting row. */
export type MeetingParties = Omit<MeetingDetails, 'meeting'>;

/**
 * The parties of a meeting about to be booked, read before its transaction so that the booking
 * writes under the write lock and reads nothing there but the clash check. Null when the
 * consultant or the franchisor does not exist.
 */
export async function findMeetingParties(
  db: Queryable,
  ids: { consultantId: string; franchisorId: string; franchiseId: string | null },
): Promise<MeetingParties | null> {
  const row = await meetingParties(db).get({ ...ids, franchiseId: ids.franchiseId ?? '' });
  return row ?? null;
}

/** Read by every booking before its write: built once. */
const meetingParties = preparedOnce((db: Queryable) =>
  db
    .select(partyColumns)
    .from(consultantUser)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, consultantUser.id))
    .innerJoin(franchisorUser, eq(franchisorUser.id, sql.placeholder('franchisorId')))
    .leftJoin(franchise, eq(franchise.id, sql.placeholder('franchiseId')))
    .where(eq(consultantUser.id, sql.placeholder('consultantId')))
    .limit(1)
    .prepare(),
);

async function extras(db: Queryable, ids: string[]) {
  if (ids.length === 0) return { reviews: new Map(), requested: new Set<string>() };
  const [reviews, requests] = await Promise.all([
    db
      .select({
        meetingId: review.meetingId,
        rating: review.rating,
        comment: review.comment,
        createdAt: review.createdAt,
      })
      .from(review)
      .where(inArray(review.meetingId, ids))
      .orderBy(asc(review.createdAt)),
    db
      .select({ meetingId: reviewRequest.meetingId })
      .from(reviewRequest)
      .where(inArray(reviewRequest.meetingId, ids)),
  ]);
  const byMeeting = new Map<string, Session['review']>();
  for (const r of reviews) {
    const list = byMeeting.get(r.meetingId) ?? [];
    list.push({ rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString() });
    byMeeting.set(r.meetingId, list);
  }
  return { reviews: byMeeting, requested: new Set(requests.map((r) => r.meetingId)) };
}

function toSession(
  d: MeetingDetails,
  now: Date,
  reviews: Session['review'],
  reviewRequested: boolean,
  present: ReadonlySet<string> = new Set(),
): Session {
  const m = d.meeting;
  const roomOpen = isNowMeeting(m, now);
  return {
    _id: m.id,
    id: m.id,
    consultantId: m.consultantId,
    consultant: {
      id: d.consultant.id,
      firstName: d.consultant.firstName,
      lastName: d.consultant.lastName,
      profilePhoto: d.consultant.profilePhoto,
      company: d.company,
      rate: centsToDollars(m.rateCents) ?? 0,
    },
    franchisor: {
      id: d.franchisor.id,
      firstName: d.franchisor.firstName,
      lastName: d.franchisor.lastName,
      profilePhoto: d.franchisor.profilePhoto,
    },
    franchise: d.franchise
      ? { id: d.franchise.id, company: d.franchise.company, logo: d.franchise.logo }
      : null,
    start: m.startAt.toISOString(),
    end: m.endAt.toISOString(),
    timeZone: m.timeZone,
    duration: m.durationMinutes,
    status: derivedStatus(m, now),
    amount: centsToDollars(meetingAmountCents(m.durationMinutes, m.rateCents)) ?? 0,
    paidAmount: centsToDollars(m.paidAmountCents) ?? 0,
    isPaid: m.isPaid,
    markedAsCompletedAt: m.markedAsCompletedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    review: reviews,
    reviewRequested,
    apiKeyId: m.apiKeyId,
    roomOpen,
    ...(roomOpen ? { otherSidePresent: present.has(m.id) } : {}),
  };
}

/** One meeting with its parties, or null. */
export async function findMeetingDetails(
  db: Queryable,
  id: string,
): Promise<MeetingDetails | null> {
  const [row] = await selectMeetings(db).where(eq(meeting.id, id)).limit(1);
  return row ?? null;
}

/** One meeting as the API shows it, or null when missing or not visible to the viewer. */
export async function findSession(
  db: Queryable,
  viewer: SessionUser,
  id: string,
  now: Date,
): Promise<Session | null> {
  const [row] = await selectMeetings(db)
    .where(and(eq(meeting.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const x = await extras(db, [row.meeting.id]);
  const present = isNowMeeting(row.meeting, now)
    ? await otherSideInRoom(db, viewer, [row.meeting.id], now)
    : undefined;
  return toSession(
    row,
    now,
    x.reviews.get(row.meeting.id) ?? [],
    x.requested.has(row.meeting.id),
    present,
  );
}

/**
 * The answer to the booking of a meeting from what the booking holds: the committed row and the
 * parties read before it. A meeting just booked has no review and no review request yet, so this
 * is what {@link findSession} would read back, without reading.
 */
export function bookedSession(details: MeetingDetails, now: Date): Session {
  return toSession(details, now, [], false);
}

/**
 * A page of the viewer's meetings. Upcoming (`future`) ones soonest first; past statuses newest
 * first; without a filter the upcoming ones come first, then everything else newest first. Rule 20:
 * in every case the "now" meetings lead; `roomOpen` lists only them.
 */
export async function listSessions(
  db: Queryable,
  viewer: SessionUser,
  query: {
    status?: BookingStatusInput | undefined;
    page: number;
    limit: number;
    roomOpen?: boolean | undefined;
  },
  now: Date,
): Promise<{ sessions: Session[]; total: number; page: number; limit: number }> {
  const where = and(
    visibleTo(viewer),
    query.status ? statusFilter(query.status, now) : undefined,
    query.roomOpen ? nowMeetingSql(now) : undefined,
  );
  const upcoming = sql`(${meeting.status} = 'future' and ${meeting.startAt} > ${now.getTime()})`;
  const order =
    query.status === 'future'
      ? [asc(meeting.startAt), asc(meeting.id)]
      : query.status
        ? [desc(meeting.startAt), asc(meeting.id)]
        : [
            desc(upcoming),
            sql`case when ${upcoming} then ${meeting.startAt} else -${meeting.startAt} end`,
            asc(meeting.id),
          ];
  const [rows, totals] = await Promise.all([
    selectMeetings(db)
      .where(where)
      .orderBy(desc(nowMeetingSql(now)), ...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(meeting).where(where),
  ]);
  const [x, present] = await Promise.all([
    extras(
      db,
      rows.map((r) => r.meeting.id),
    ),
    otherSideInRoom(
      db,
      viewer,
      rows.filter((r) => isNowMeeting(r.meeting, now)).map((r) => r.meeting.id),
      now,
    ),
  ]);
  return {
    sessions: rows.map((r) =>
      toSession(r, now, x.reviews.get(r.meeting.id) ?? [], x.requested.has(r.meeting.id), present),
    ),
    total: totals[0]?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** The viewer's most recent completed meeting, or null. */
export async function latestCompleted(
  db: Queryable,
  viewer: SessionUser,
  now: Date,
): Promise<Session | null> {
  const [row] = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(and(visibleTo(viewer), eq(meeting.status, 'completed')))
    .orderBy(desc(meeting.startAt))
    .limit(1);
  return row ? findSession(db, viewer, row.id, now) : null;
}

/** Meetings for a private feed: live and completed, from 180 days back. */
export async function feedMeetings(db: Queryable, viewer: SessionUser, now: Date) {
  return selectMeetings(db)
    .where(
      and(
        visibleTo(viewer),
        inArray(meeting.status, ['future', 'pending', 'completed']),
        gt(meeting.startAt, new Date(now.getTime() - 180 * 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(asc(meeting.startAt))
    .limit(2000);
}
