import {
  type AdminDashboard,
  type AdminDashboardGraph,
  AdminDashboardGraphQuerySchema,
  type DashboardGraphType,
  type GraphPeriod,
  PLATFORM_FEE_PERCENT,
} from '@fm/sdk/contracts';
import {
  and,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  min,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import {
  adminCount,
  adminDaily,
  franchise,
  meeting,
  payment,
  payout,
  user,
} from '../../db/schema/index.ts';
import { validate } from '../../http/validate.ts';
import { centsToDollars } from '../../money/cents.ts';
import { createVersionedCache } from './data-version.ts';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const dollars = (cents: number | null | undefined) => centsToDollars(Number(cents ?? 0)) ?? 0;

/**
 * The payments graph's intervals (user-area payments page): the last 7 or 30 UTC days, or the last
 * 12 UTC months, oldest first.
 */
export function graphBuckets(period: GraphPeriod, now: Date): { label: string; start: Date }[] {
  if (period === 'year') {
    return Array.from({ length: 12 }, (_, k) => {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + k, 1));
      return { label: `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`, start };
    });
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = period === 'week' ? 7 : 30;
  return Array.from({ length: days }, (_, k) => {
    const start = new Date(today - (days - 1 - k) * DAY_MS);
    const label =
      period === 'week'
        ? (WEEKDAYS[start.getUTCDay()] ?? '')
        : `${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]}`;
    return { label, start };
  });
}

/**
 * The admin dashboard (rule 17): every figure is one aggregate over an indexed column; no rows are
 * loaded into the process.
 */
export function createDashboard(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const one = async (query: Promise<{ n: number | null }[]>) => Number((await query)[0]?.n ?? 0);
  const countWhere = (
    table: typeof user | typeof meeting | typeof franchise,
    where: SQL | undefined,
  ) => one(db.select({ n: count() }).from(table).where(where));
  const sumCents = (
    column: SQL | SQLiteColumn,
    table: typeof payment | typeof payout,
    where: SQL | undefined,
  ) =>
    one(
      db
        .select({ n: sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number) })
        .from(table)
        .where(where),
    );

  /**
   * The figures at `now`, and until when they hold without a write: the next month (the monthly
   * figures) or the next start of a future meeting (it turns pending, rule 8), whichever comes first.
   */
  async function compute(
    now: Date,
  ): Promise<{ figures: AdminDashboard; from: number; until: number }> {
    const month = monthStartOf(now);
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const chargedThisMonth = and(gte(payment.chargedAt, month), eq(payment.isPaid, true));
    const fee = sql`(${payment.amountCents} * ${sql.raw(String(PLATFORM_FEE_PERCENT))}) / 100`;
    const [
      consultants,
      consultantsNew,
      franchisesTotal,
      franchisesSubscribed,
      future,
      pendingStored,
      pendingPast,
      completed,
      declined,
      charged,
      platformFee,
      held,
      failed,
      payoutsDue,
      nextStart,
    ] = await Promise.all([
      // Kept by migration 0018's triggers: two rows instead of ~100,000 index entries.
      db
        .select({ key: adminCount.key, n: adminCount.n })
        .from(adminCount)
        .then((rows) => {
          const of = (key: string) => Number(rows.find((r) => r.key === key)?.n ?? 0);
          return { total: of('consultants'), active: of('consultants_active') };
        }),
      countWhere(user, and(eq(user.role, 'consultant'), gte(user.createdAt, month))),
      countWhere(franchise, eq(franchise.isDeleted, false)),
      countWhere(
        franchise,
        and(
          eq(franchise.isDeleted, false),
          inArray(franchise.stripeSubscriptionStatus, ['active', 'trialing']),
        ),
      ),
      countWhere(meeting, and(eq(meeting.status, 'future'), gt(meeting.startAt, now))),
      countWhere(meeting, eq(meeting.status, 'pending')),
      // Rule 8: a future meeting whose start has passed counts as pending.
      countWhere(meeting, and(eq(meeting.status, 'future'), lte(meeting.startAt, now))),
      countWhere(
        meeting,
        and(eq(meeting.status, 'completed'), gte(meeting.markedAsCompletedAt, month)),
      ),
      countWhere(meeting, and(eq(meeting.status, 'declined'), gte(meeting.declinedAt, month))),
      sumCents(payment.amountCents, payment, chargedThisMonth),
      sumCents(fee, payment, chargedThisMonth),
      sumCents(
        payment.amountCents,
        payment,
        and(eq(payment.status, 'pending'), eq(payment.isPaid, false), isNotNull(payment.holdId)),
      ),
      sumCents(
        payment.amountCents,
        payment,
        and(
          eq(payment.isPaid, false),
          isNotNull(payment.failureCode),
          gte(payment.updatedAt, month),
          ne(payment.status, 'declined'),
        ),
      ),
      sumCents(
        payout.amountCents,
        payout,
        or(eq(payout.status, 'pending'), eq(payout.status, 'failed')),
      ),
      one(
        db
          .select({ n: min(meeting.startAt).mapWith(Number) })
          .from(meeting)
          .where(and(eq(meeting.status, 'future'), gt(meeting.startAt, now))),
      ),
    ]);
    const figures: AdminDashboard = {
      consultants: {
        total: consultants.total,
        active: consultants.active,
        newThisMonth: consultantsNew,
      },
      franchises: { total: franchisesTotal, subscribed: franchisesSubscribed },
      meetings: {
        future,
        pending: pendingStored + pendingPast,
        completedThisMonth: completed,
        declinedThisMonth: declined,
      },
      money: {
        chargedThisMonth: dollars(charged),
        platformFeeThisMonth: dollars(platformFee),
        consultantShareThisMonth: dollars(charged - platformFee),
        heldNow: dollars(held),
        failedChargesThisMonth: dollars(failed),
      },
      payoutsDue: dollars(payoutsDue),
    };
    const until = nextStart > 0 ? Math.min(nextStart, nextMonth) : nextMonth;
    return { figures, from: now.getTime(), until };
  }

  // Computed once per data version and kept while the clock stays inside its window (decision 019).
  const kept = createVersionedCache<Awaited<ReturnType<typeof compute>>>({ db, max: 1 });

  async function figures(): Promise<AdminDashboard> {
    const now = deps.now();
    const at = now.getTime();
    const value = await kept.get(
      'figures',
      () => compute(now),
      (v) => v.from <= at && at < v.until,
    );
    return value.figures;
  }

  /**
   * The graph from the daily rollups (migration 0018's triggers): each bucket sums at most 31
   * rows of `admin_daily`, joined to a VALUES list of the buckets' bounds in UTC days.
   */
  async function computeGraph(
    type: DashboardGraphType,
    period: GraphPeriod,
    now: Date,
  ): Promise<AdminDashboardGraph> {
    const buckets = graphBuckets(period, now);
    const ends = buckets.map((b, k) =>
      k + 1 < buckets.length
        ? (buckets[k + 1]?.start ?? now)
        : period === 'year'
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
          : new Date(b.start.getTime() + DAY_MS),
    );
    const day = (d: Date | undefined) => Math.floor((d?.getTime() ?? 0) / DAY_MS);
    const bounds = sql.join(
      buckets.map((b, k) => sql`(${k}, ${day(b.start)}, ${day(ends[k])})`),
      sql`, `,
    );
    const rows = await db.all<{ k: number; value: number }>(
      sql`with bucket(k, s, e) as (values ${bounds})
          select bucket.k as k, coalesce(sum(${adminDaily.value}), 0) as value
          from bucket join ${adminDaily}
            on ${adminDaily.kind} = ${type} and ${adminDaily.day} >= bucket.s and ${adminDaily.day} < bucket.e
          group by bucket.k`,
    );
    const byKey = new Map(rows.map((r) => [Number(r.k), Number(r.value)]));
    return {
      points: buckets.map((b, k) => {
        const raw = byKey.get(k) ?? 0;
        return {
          label: b.label,
          start: b.start.toISOString(),
          value: type === 'revenue' ? dollars(raw) : raw,
        };
      }),
    };
  }

  // A graph depends on the clock only through its buckets, which change with the UTC day: kept
  // per data version, type, period and day (decision 019).
  const graphs = createVersionedCache<AdminDashboardGraph>({ db, max: 32 });

  async function graph(
    type: DashboardGraphType,
    period: GraphPeriod,
  ): Promise<AdminDashboardGraph> {
    const now = deps.now();
    const day = Math.floor(now.getTime() / DAY_MS);
    return graphs.get(`${type} ${period} ${day}`, () => computeGraph(type, period, now));
  }

  return { figures, graph };
}

/** `GET /api/admin/dashboard` and `GET /api/admin/dashboard-graph`. */
export function adminDashboardRoutes(deps: { db: Db; now: () => Date }) {
  const dashboard = createDashboard(deps);
  return new Hono<AppEnv>()
    .get('/dashboard', async (c) => c.json(await dashboard.figures()))
    .get('/dashboard-graph', validate('query', AdminDashboardGraphQuerySchema), async (c) => {
      const q = c.req.valid('query');
      return c.json(await dashboard.graph(q.type, q.period));
    });
}
