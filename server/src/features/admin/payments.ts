import type { AdminPaymentListQuerySchema, AdminPaymentRow } from '@fm/sdk/contracts';
import { AdminPaymentListQuerySchema as QuerySchema } from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { consultantUser } from '../../db/party-users.ts';
import { franchise, meeting, payment } from '../../db/schema/index.ts';
import { validate } from '../../http/validate.ts';
import { centsToDollars } from '../../money/cents.ts';
import { offsetOf, searchAny } from './filters.ts';

type ListQuery = v.InferOutput<typeof AdminPaymentListQuerySchema>;
/** The meeting's start, or the start kept on a payment whose meeting was deleted. */
const startOf = sql<number>`coalesce(${meeting.startAt}, ${payment.startAt}, ${payment.createdAt})`;
/** The list's order, which its CSV file keeps (rule 17): newest meeting first. */
export const paymentsOrder = () => [desc(startOf), asc(payment.id)] as const;

export function paymentWhere(q: Omit<ListQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    ...(q.status ? [eq(payment.status, q.status)] : []),
    ...(q.paid ? [eq(payment.isPaid, q.paid === 'paid')] : []),
    ...searchAny(q.search, [
      consultantUser.firstName,
      consultantUser.lastName,
      consultantUser.email,
      franchise.company,
    ]),
    ...(q.startDate ? [sql`${startOf} >= ${Date.parse(q.startDate)}`] : []),
    ...(q.endDate
      ? [
          sql`${startOf} < ${
            Date.parse(q.endDate) + (/^\d{4}-\d{2}-\d{2}$/.test(q.endDate) ? 86_400_000 : 1)
          }`,
        ]
      : []),
  );
}

/** Payments joined with consultant, franchise and meeting, newest meeting first. */
export function selectPayments(db: Db) {
  return db
    .select({
      payment,
      start: startOf,
      consultant: {
        id: consultantUser.id,
        firstName: consultantUser.firstName,
        lastName: consultantUser.lastName,
      },
      company: franchise.company,
    })
    .from(payment)
    .innerJoin(consultantUser, eq(consultantUser.id, payment.consultantId))
    .leftJoin(franchise, eq(franchise.id, payment.franchiseId))
    .leftJoin(meeting, eq(meeting.id, payment.meetingId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectPayments>['all']>>[number];

export function toPaymentRow(r: Joined): AdminPaymentRow {
  const p = r.payment;
  return {
    id: p.id,
    meetingId: p.meetingId,
    franchise:
      p.franchiseId && r.company !== null ? { id: p.franchiseId, company: r.company } : null,
    consultant: r.consultant,
    start: new Date(Number(r.start)).toISOString(),
    amount: centsToDollars(p.amountCents) ?? 0,
    status: p.status,
    isPaid: p.isPaid,
    paymentStatus: p.isPaid ? 'paid' : 'unpaid',
    chargedAt: p.chargedAt?.toISOString() ?? null,
  };
}

/** `/api/admin/payments`. */
export function adminPaymentRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/', validate('query', QuerySchema), async (c) => {
    const q = c.req.valid('query');
    const where = paymentWhere(q);
    const [rows, [total]] = await Promise.all([
      selectPayments(db)
        .where(where)
        .orderBy(...paymentsOrder())
        .limit(q.limit)
        .offset(offsetOf(q)),
      db
        .select({ n: count() })
        .from(payment)
        .innerJoin(consultantUser, eq(consultantUser.id, payment.consultantId))
        .leftJoin(franchise, eq(franchise.id, payment.franchiseId))
        .leftJoin(meeting, eq(meeting.id, payment.meetingId))
        .where(where),
    ]);
    return c.json({
      payments: rows.map(toPaymentRow),
      total: total?.n ?? 0,
      page: q.page,
      limit: q.limit,
    });
  });
}
