import type { AdminSession, AdminSessionListQuerySchema } from '@fm/sdk/contracts';
import {
  MINUTES_PER_RATE_UNIT,
  AdminSessionListQuerySchema as QuerySchema,
} from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { CONSULTANT_PARTY_COLUMNS, consultantUser, franchisorUser } from '../../db/party-users.ts';
import {
  adminDaily,
  adminSearchRef,
  apiKey,
  franchise,
  meeting,
  review,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { centsToDollars } from '../../money/cents.ts';
import { derivedStatus, statusFilter } from '../booking/meeting-view.ts';
import { presenceSummary } from '../meeting-room/presence-log.ts';
import { rescheduleHistoryOf } from '../reschedule/service.ts';
import { createVersionedCache } from './data-version.ts';
import { dateBounds, dateRange, offsetOf, searchAny } from './filters.ts';
import { readSessionPage, type SessionPageRow } from './session-page.ts';

type ListQuery = v.InferOutput<typeof AdminSessionListQuerySchema>;

/** An FTS5 phrase matching `text` as a substring (trigram tokenizer): quotes doubled inside. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Ids of users or franchises whose trigram index matches `match` (an FTS5 query). */
const matchingRefs = (kind: 'user' | 'franchise', match: string) => {
  const fts = kind === 'user' ? sql.raw('admin_user_search') : sql.raw('admin_franchise_search');
  return sql`select ${adminSearchRef.ref} from ${adminSearchRef}
    where ${adminSearchRef.rid} in (select rowid from ${fts} where ${fts} match ${match})`;
};

/**
 * The bookings search (the consultant's names and e-mail, the booker's e-mail, the franchise's
 * name; case-insensitive substring) as conditions on the meeting row: the matching people and
 * franchises come from the trigram indexes of migration 0017, then the meetings through their
 * indexes. A text shorter than a trigram scans the names instead (`LIKE`).
 */
function searchBranches(text: string | undefined): SQL[] | null {
  const wanted = text?.trim() ?? '';
  if (!wanted) return null;
  if ([...wanted].length >= 3) {
    return [
      sql`${meeting.consultantId} in (${matchingRefs('user', `{first_name last_name email} : ${phrase(wanted)}`)})`,
      sql`${meeting.franchisorId} in (${matchingRefs('user', `email : ${phrase(wanted)}`)})`,
      sql`${meeting.franchiseId} in (${matchingRefs('franchise', phrase(wanted))})`,
    ];
  }
  const byConsultant = searchAny(wanted, [user.firstName, user.lastName, user.email]);
  const byBooker = searchAny(wanted, [user.email]);
  const byFranchise = searchAny(wanted, [franchise.company]);
  return [
    sql`${meeting.consultantId} in (select ${user.id} from ${user} where ${and(...byConsultant)})`,
    sql`${meeting.franchisorId} in (select ${user.id} from ${user} where ${and(...byBooker)})`,
    sql`${meeting.franchiseId} in (select ${franchise.id} from ${franchise} where ${and(...byFranchise)})`,
  ];
}

/** Every filter but the search: consultant, franchise, status, dates on the start. */
function filterWhere(q: Omit<ListQuery, 'page' | 'limit'>, now: Date): SQL[] {
  return [
    ...(q.consultantId ? [eq(meeting.consultantId, q.consultantId)] : []),
    ...(q.franchiseId ? [eq(meeting.franchiseId, q.franchiseId)] : []),
    ...(q.status ? [statusFilter(q.status, now)] : []),
    ...dateRange(meeting.startAt, q),
  ];
}

/**
 * Bookings filters, all on the meeting row: consultant, franchise, status (future/pending derived
 * from the clock), text, dates on the start.
 */
export function sessionWhere(q: Omit<ListQuery, 'page' | 'limit'>, now: Date): SQL | undefined {
  const branches = searchBranches(q.search);
  return and(...filterWhere(q, now), ...(branches ? [or(...branches)] : []));
}

const DAY_MS = 86_400_000;
/** The most matches of one search kept in memory; a broader search is paged by SQL each time. */
const MATCHES_KEPT = 20_000;
/** Searches kept per process (each at most `MATCHES_KEPT` ids). */
const SEARCHES_KEPT = 16;
/** Filters whose total is kept per process. */
const TOTALS_KEPT = 64;
/** Pages kept per process, and the largest page size kept. */
const PAGES_KEPT = 128;
const PAGE_SIZE_KEPT = 20;
/** A page's answer as JSON text, and the clock's window in which its derived statuses hold. */
interface KeptPage {
  json: string;
  from: number;
  until: number;
}
/** What one process keeps per data version: searches' matches, filters' totals, pages. */
interface Kept {
  searches: ReturnType<typeof createVersionedCache<string[] | null>>;
  totals: ReturnType<typeof createVersionedCache<number>>;
  pages: ReturnType<typeof createVersionedCache<KeptPage>>;
}

/**
 * The total without counting meetings, when the only filters are dates on whole UTC days: the sum
 * of migration 0018's `admin_daily` meetings rows (one per start day, kept by triggers). A day is
 * `start_at / 86400000` truncated, so only bounds from 1970-01-02 on are exact; others (and every
 * other filter) return `null` and are counted.
 */
async function rollupTotal(db: Db, q: ListQuery): Promise<number | null> {
  if (q.consultantId || q.franchiseId || q.status || q.search?.trim()) return null;
  const { from, until } = dateBounds(q);
  const wholeDay = (t: number | undefined) =>
    t === undefined || (Number.isSafeInteger(t) && t % DAY_MS === 0 && t >= DAY_MS);
  if (!wholeDay(from) || !wholeDay(until)) return null;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${adminDaily.value}), 0)`.mapWith(Number) })
    .from(adminDaily)
    .where(
      and(
        eq(adminDaily.kind, 'meetings'),
        ...(from !== undefined ? [gte(adminDaily.day, from / DAY_MS)] : []),
        ...(until !== undefined ? [lt(adminDaily.day, until / DAY_MS)] : []),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One page of matching meetings, joined to their people, and the total. Without a search the
 * page's ids come straight from the meetings' index (`meeting_start_idx` or the filter's), read
 * from the nearer end, inside the one statement that joins them; the total from the rollups when
 * it can. With one, the union of the three ways to match (consultant, booker, franchise), each
 * read from its index (which carries start and id) instead of fetching every matching row to
 * sort it.
 */
async function matchingPage(
  db: Db,
  kept: Kept,
  q: ListQuery,
  now: Date,
): Promise<{ rows: SessionPageRow[]; total: number }> {
  const filters = filterWhere(q, now);
  const branches = searchBranches(q.search);
  if (!branches) {
    const where = and(...filters);
    const counted = async () =>
      (await rollupTotal(db, q)) ??
      (await db.select({ n: count() }).from(meeting).where(where))[0]?.n ??
      0;
    // Kept per data version too (decision 019), unless a status makes it depend on the clock.
    const total = q.status
      ? await counted()
      : await kept.totals.get(
          JSON.stringify([q.consultantId, q.franchiseId, q.startDate, q.endDate]),
          counted,
        );
    const window = pageWindow(offsetOf(q), q.limit, total);
    if (window.count === 0) return { rows: [], total };
    const ids = db
      .select({ id: meeting.id })
      .from(meeting)
      .where(where)
      .orderBy(...(window.fromEnd ? sessionOrderReversed : sessionOrder))
      .limit(window.count)
      .offset(window.offset);
    return { rows: await readSessionPage(db, ids), total };
  }
  const matches = sql.join(
    branches.map(
      (branch) =>
        sql`select ${meeting.startAt} as s, ${meeting.id} as i from ${meeting} where ${and(branch, ...filters)}`,
    ),
    sql` union `,
  );
  // Every match in order, once per data version (decision 019): the pages of a search and its
  // total are then slices of it. A status filter depends on the clock, so it is not kept.
  const key = q.status
    ? null
    : JSON.stringify([q.search?.trim(), q.consultantId, q.franchiseId, q.startDate, q.endDate]);
  const all =
    key === null
      ? null
      : await kept.searches.get(key, async () => {
          const found = await db.all<{ i: string }>(
            sql`select i from (${matches}) order by s desc, i desc limit ${MATCHES_KEPT + 1}`,
          );
          return found.length > MATCHES_KEPT ? null : found.map((r) => r.i);
        });
  if (all) {
    const from = offsetOf(q);
    return { rows: await readSessionPage(db, all.slice(from, from + q.limit)), total: all.length };
  }
  // One pass for the page and the total.
  const found = await db.all<{ i: string; n: number }>(
    sql`select i, count(*) over () as n from (${matches})
        order by s desc, i desc limit ${q.limit} offset ${offsetOf(q)}`,
  );
  let total = Number(found[0]?.n ?? 0);
  if (found.length === 0 && offsetOf(q) > 0) {
    const [counted] = await db.all<{ n: number }>(sql`select count(*) as n from (${matches})`);
    total = Number(counted?.n ?? 0);
  }
  return {
    rows: await readSessionPage(
      db,
      found.map((r) => r.i),
    ),
    total,
  };
}

/** Newest start first; the id breaks ties (both read from the index `meeting_start_idx`). */
export const sessionOrder = [desc(meeting.startAt), desc(meeting.id)];
const sessionOrderReversed = [asc(meeting.startAt), asc(meeting.id)];

/**
 * Where a page of `limit` rows at `offset` (newest first) lies among `total`: a page in the older
 * half is read from the oldest end (the same rows, reversed by the final order), so the last page
 * skips a few index entries instead of nearly all of them.
 * @example pageWindow(199_990, 10, 200_000) // { offset: 0, count: 10, fromEnd: true }
 */
export function pageWindow(
  offset: number,
  limit: number,
  total: number,
): { offset: number; count: number; fromEnd: boolean } {
  const count = Math.max(0, Math.min(limit, total - offset));
  if (offset + count / 2 <= total / 2) return { offset, count, fromEnd: false };
  return { offset: Math.max(0, total - offset - count), count, fromEnd: true };
}

/** Meetings joined with their consultant, booker and franchise, newest start first. */
export function selectSessions(db: Db) {
  return db
    .select({
      meeting,
      consultant: CONSULTANT_PARTY_COLUMNS,
      franchisor: {
        id: franchisorUser.id,
        firstName: franchisorUser.firstName,
        lastName: franchisorUser.lastName,
        email: franchisorUser.email,
      },
      franchiseCompany: franchise.company,
      franchiseLogo: franchise.logo,
      // The key the booking came through (rule 18 attribution).
      apiKeyName: apiKey.name,
      apiKeyKind: apiKey.kind,
    })
    .from(meeting)
    .innerJoin(consultantUser, eq(consultantUser.id, meeting.consultantId))
    .innerJoin(franchisorUser, eq(franchisorUser.id, meeting.franchisorId))
    .leftJoin(franchise, eq(franchise.id, meeting.franchiseId))
    .leftJoin(apiKey, eq(apiKey.id, meeting.apiKeyId));
}
export type SessionJoinRow = Awaited<ReturnType<ReturnType<typeof selectSessions>['all']>>[number];

/** A meeting's amount in cents: floor(duration / 15) × rate (rule 10). */
export const meetingCents = (m: { durationMinutes: number; rateCents: number }) =>
  Math.floor(m.durationMinutes / MINUTES_PER_RATE_UNIT) * m.rateCents;

function toSession(
  r: Omit<SessionPageRow, 'reviews'>,
  reviews: { rating: number; comment: string | null }[],
  now: Date,
): AdminSession {
  const m = r.meeting;
  return {
    id: m.id,
    start: m.startAt.toISOString(),
    end: m.endAt.toISOString(),
    duration: m.durationMinutes,
    status: derivedStatus(m, now),
    consultant: { ...r.consultant, rate: centsToDollars(m.rateCents) ?? 0 },
    franchise:
      m.franchiseId && r.franchiseCompany !== null
        ? { id: m.franchiseId, company: r.franchiseCompany, logo: r.franchiseLogo }
        : null,
    franchisor: r.franchisor,
    amount: centsToDollars(meetingCents(m)) ?? 0,
    paidAmount: centsToDollars(m.paidAmountCents) ?? 0,
    isPaid: m.isPaid,
    markedAsCompletedAt: m.markedAsCompletedAt?.toISOString() ?? null,
    reviews,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    apiKey:
      m.apiKeyId && r.apiKeyName !== null && r.apiKeyKind !== null
        ? { id: m.apiKeyId, name: r.apiKeyName, kind: r.apiKeyKind }
        : null,
  };
}

async function reviewsOf(db: Db, ids: string[]) {
  const out = new Map<string, { rating: number; comment: string | null }[]>();
  if (ids.length === 0) return out;
  // Chunks stay under SQLite's bound-parameter limit for the 10,000-row rating fetch.
  for (let k = 0; k < ids.length; k += 500) {
    const rows = await db
      .select({ meetingId: review.meetingId, rating: review.rating, comment: review.comment })
      .from(review)
      .where(inArray(review.meetingId, ids.slice(k, k + 500)))
      .orderBy(asc(review.createdAt));
    for (const r of rows) {
      const list = out.get(r.meetingId) ?? [];
      list.push({ rating: r.rating, comment: r.comment });
      out.set(r.meetingId, list);
    }
  }
  return out;
}

/** `/api/admin/sessions`. */
export function adminSessionRoutes(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const kept: Kept = {
    searches: createVersionedCache({ db, max: SEARCHES_KEPT }),
    totals: createVersionedCache({ db, max: TOTALS_KEPT }),
    pages: createVersionedCache({ db, max: PAGES_KEPT }),
  };
  return new Hono<AppEnv>()
    .get('/', validate('query', QuerySchema), async (c) => {
      const q = c.req.valid('query');
      const now = deps.now();
      const answer = (rows: SessionPageRow[], total: number) => ({
        sessions: rows.map((r) => toSession(r, r.reviews, now)),
        total,
        page: q.page,
        limit: q.limit,
      });
      // A status filter depends on the clock, and pages over 20 rows are large: read each time.
      if (q.status || q.limit > PAGE_SIZE_KEPT) {
        const { rows, total } = await matchingPage(db, kept, q, now);
        return c.json(answer(rows, total));
      }
      // Otherwise the answer is kept per data version (decision 019) while the clock stays before
      // the first start of a future meeting on the page, when it would turn pending (rule 8).
      const at = now.getTime();
      const page = await kept.pages.get(
        JSON.stringify([
          q.search?.trim(),
          q.consultantId,
          q.franchiseId,
          q.startDate,
          q.endDate,
          q.page,
          q.limit,
        ]),
        async () => {
          const { rows, total } = await matchingPage(db, kept, q, now);
          const starts = rows
            .filter((r) => r.meeting.status === 'future' && r.meeting.startAt.getTime() > at)
            .map((r) => r.meeting.startAt.getTime());
          return {
            json: JSON.stringify(answer(rows, total)),
            from: at,
            until: Math.min(Number.POSITIVE_INFINITY, ...starts),
          };
        },
        (p) => p.from <= at && at < p.until,
      );
      return c.body(page.json, 200, { 'content-type': 'application/json' });
    })
    .get('/:id', async (c) => {
      const [row] = await selectSessions(db)
        .where(eq(meeting.id, c.req.param('id')))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND');
      const reviews = await reviewsOf(db, [row.meeting.id]);
      const at = deps.now();
      return c.json({
        ...toSession(row, reviews.get(row.meeting.id) ?? [], at),
        // Rule 16: the meeting room's presence log.
        presence: await presenceSummary(db, row.meeting, at),
        // Rule 20: the meeting's reschedule proposals and their answers.
        reschedules: await rescheduleHistoryOf(db, row.meeting.id),
      });
    });
}
