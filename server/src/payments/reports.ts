import {
  type GraphPeriod,
  type PaymentList,
  type PaymentMeetingStatus,
  type PaymentsGraph,
  type PaymentTotals,
  PLATFORM_FEE_PERCENT,
  type Role,
} from '@fm/sdk/contracts';
import { and, desc, eq, gte, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultantUser } from '../db/party-users.ts';
import { franchise, ledgerEntry, ledgerTransaction, meeting, payment } from '../db/schema/index.ts';
import { franchiseIdOf } from './billing.ts';
import { ACCOUNTS } from './ledger.ts';
import { splitCharge, toDollars } from './money-rules.ts';

/** Who is looking: consultants see their earnings, franchisors their franchise's spend, admins all. */
export interface Viewer {
  id: string;
  role: Role;
}

const startOf =
  sql<Date>`coalesce(${meeting.startAt}, ${payment.startAt}, ${payment.createdAt})`.mapWith(
    (v: number) => new Date(Number(v)),
  );
/** The consultant's 80 % of an amount, as `splitCharge` computes it (integer division floors here). */
const shareOf = (amount: SQL | typeof payment.amountCents) =>
  sql`(${amount} - (${amount} * ${sql.raw(String(PLATFORM_FEE_PERCENT))}) / 100)`;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The payments pages' reads (user-area §3): the list, the FUTURE / PENDING / COMPLETED totals and
 * the chart. Amounts in dollars; charged money in the chart comes from the ledger.
 */
export function createReports(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  /** The payments a viewer may see; `null` means none (a franchisor without a franchise). */
  async function scope(viewer: Viewer): Promise<SQL | undefined | null> {
    if (viewer.role === 'consultant') return eq(payment.consultantId, viewer.id);
    if (viewer.role === 'admin') return undefined;
    const franchiseId = await franchiseIdOf(db, viewer.id);
    return franchiseId ? eq(payment.franchiseId, franchiseId) : null;
  }

  async function list(
    viewer: Viewer,
    query: { page: number; limit: number; status?: PaymentMeetingStatus | undefined },
  ): Promise<PaymentList> {
    const where = await scope(viewer);
    const empty = { total: 0, page: query.page, limit: query.limit, data: [] };
    if (where === null) return empty;
    const filter = and(where, query.status ? eq(payment.status, query.status) : undefined);
    const count = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payment)
      .where(filter)
      .get();
    const rows = await db
      .select({
        payment,
        start: startOf,
        franchiseCompany: franchise.company,
        consultantFirst: consultantUser.firstName,
        consultantLast: consultantUser.lastName,
      })
      .from(payment)
      .leftJoin(meeting, eq(meeting.id, payment.meetingId))
      .leftJoin(franchise, eq(franchise.id, payment.franchiseId))
      .innerJoin(consultantUser, eq(consultantUser.id, payment.consultantId))
      .where(filter)
      .orderBy(desc(startOf), desc(payment.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return {
      total: count?.n ?? 0,
      page: query.page,
      limit: query.limit,
      data: rows.map((r) => {
        const split = splitCharge(r.payment.amountCents);
        return {
          id: r.payment.id,
          meetingId: r.payment.meetingId ?? '',
          franchise: r.payment.franchiseId
            ? { id: r.payment.franchiseId, company: r.franchiseCompany ?? '' }
            : null,
          consultant: {
            id: r.payment.consultantId,
            firstName: r.consultantFirst,
            lastName: r.consultantLast,
          },
          start: r.start.toISOString(),
          amount: toDollars(r.payment.amountCents),
          platformFee: toDollars(split.platformFeeCents),
          consultantShare: toDollars(split.consultantShareCents),
          status: r.payment.status,
          isPaid: r.payment.isPaid,
          chargedAt: r.payment.chargedAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /**
   * FUTURE: meetings still ahead; PENDING: held or completed but not charged yet (late cancellations
   * awaiting the consultant too); COMPLETED: charged. Consultants see their 80 % share.
   */
  async function totals(viewer: Viewer): Promise<PaymentTotals> {
    const where = await scope(viewer);
    if (where === null) return { FUTURE: 0, PENDING: 0, COMPLETED: 0 };
    const amount =
      viewer.role === 'consultant' ? shareOf(payment.amountCents) : sql`${payment.amountCents}`;
    const bucket = sql<string>`case
      when ${payment.isPaid} = 1 then 'COMPLETED'
      when ${meeting.status} = 'future' then 'FUTURE'
      else 'PENDING' end`;
    const rows = await db
      .select({ bucket, total: sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number) })
      .from(payment)
      .leftJoin(meeting, eq(meeting.id, payment.meetingId))
      .where(
        and(
          where,
          ne(payment.status, 'declined'),
          or(eq(payment.isPaid, true), isNull(meeting.status), ne(meeting.status, 'declined')),
        ),
      )
      .groupBy(bucket);
    const result: PaymentTotals = { FUTURE: 0, PENDING: 0, COMPLETED: 0 };
    for (const r of rows) {
      if (r.bucket === 'FUTURE' || r.bucket === 'PENDING' || r.bucket === 'COMPLETED') {
        result[r.bucket] = toDollars(r.total);
      }
    }
    return result;
  }

  function buckets(period: GraphPeriod, now: Date): { label: string; start: Date }[] {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    if (period === 'year') {
      return Array.from({ length: 12 }, (_, k) => {
        const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + k, 1));
        return { label: `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`, start };
      });
    }
    const days = period === 'week' ? 7 : 30;
    return Array.from({ length: days }, (_, k) => {
      const start = new Date(today - (days - 1 - k) * DAY_MS);
      const label =
        period === 'week'
          ? WEEKDAYS[start.getUTCDay()]!
          : `${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]}`;
      return { label, start };
    });
  }

  /**
   * Charged money over time, from the ledger: a franchisor's card payments for meetings, a
   * consultant's 80 % shares, for admins every meeting charge. Refunds count negative.
   */
  async function graph(viewer: Viewer, period: GraphPeriod): Promise<PaymentsGraph> {
    const points = buckets(period, deps.now());
    const from = points[0]?.start ?? deps.now();
    let account: SQL | undefined;
    let sign = 1;
    if (viewer.role === 'consultant') {
      account = eq(ledgerEntry.account, ACCOUNTS.consultantPayable(viewer.id));
      sign = -1;
    } else if (viewer.role === 'franchisor') {
      const franchiseId = await franchiseIdOf(db, viewer.id);
      if (!franchiseId)
        return {
          period,
          points: points.map((p) => ({ label: p.label, start: p.start.toISOString(), amount: 0 })),
        };
      account = eq(ledgerEntry.account, ACCOUNTS.franchiseCard(franchiseId));
    } else {
      account = like(ledgerEntry.account, 'franchise:%:card');
    }
    const rows = await db
      .select({ at: ledgerTransaction.createdAt, amount: ledgerEntry.amountCents })
      .from(ledgerEntry)
      .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
      .where(
        and(
          account,
          inArray(ledgerTransaction.kind, ['capture', 'refund']),
          gte(ledgerTransaction.createdAt, from),
        ),
      );
    const sums = new Array<number>(points.length).fill(0);
    for (const r of rows) {
      let index = -1;
      for (let k = points.length - 1; k >= 0; k -= 1) {
        if (r.at.getTime() >= points[k]!.start.getTime()) {
          index = k;
          break;
        }
      }
      if (index >= 0) sums[index] = (sums[index] ?? 0) + sign * r.amount;
    }
    return {
      period,
      points: points.map((p, k) => ({
        label: p.label,
        start: p.start.toISOString(),
        amount: toDollars(sums[k] ?? 0),
      })),
    };
  }

  return { list, totals, graph };
}

export type Reports = ReturnType<typeof createReports>;
