import type { Payout } from '@fm/sdk/contracts';
import { and, asc, desc, eq, gte, inArray, like, lt, ne, sql } from 'drizzle-orm';
import { type CsvValue, csvText } from '../csv/csv-file.ts';
import { franchise, ledgerEntry, ledgerTransaction, meeting, payout } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './context.ts';
import { ACCOUNTS, LEDGER_KEYS, payoutLines, post } from './ledger.ts';
import { formatUsd, periodBounds, toDollars } from './money-rules.ts';
import { notifyUsers } from './notify.ts';
import { payoutDestination } from './payout-accounts.ts';
import { createProviderAttempts } from './provider-attempts.ts';

type PayoutRow = typeof payout.$inferSelect;

export const statementUrl = (payoutId: string) =>
  `/api/users/payouts/${encodeURIComponent(payoutId)}/statement.csv`;

const toApi = (row: PayoutRow): Payout => ({
  id: row.id,
  period: row.period,
  amount: toDollars(row.amountCents),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  statementUrl: statementUrl(row.id),
});

/** Money cells stay numbers (written with two decimals) so a refund's minus sign is kept as data. */
const money = (cents: number) => cents / 100;

/**
 * Monthly consultant payouts (admin-panel §1: paid monthly by ACH). One payout per consultant and
 * month from their 80 % shares recorded before the month's end, less what earlier payouts paid. The
 * payout row and its ledger transaction are written together under `payout:{consultantId}:{period}`;
 * the provider is then asked to pay under the same key — a Connect transfer to a consultant whose
 * account is ready, else the payout stays pending for ACH — so a rerun pays nothing twice.
 */
export function createPayouts(ctx: PaymentsContext) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);

  /** What each consultant is owed for shares recorded before `before`, net of earlier payouts. */
  async function owedBefore(before: Date, period: string): Promise<Map<string, number>> {
    const earned = await db
      .select({
        account: ledgerEntry.account,
        total: sql<number>`sum(${ledgerEntry.amountCents})`.mapWith(Number),
      })
      .from(ledgerEntry)
      .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
      .where(
        and(
          like(ledgerEntry.account, 'consultant:%:payable'),
          ne(ledgerTransaction.kind, 'payout'),
          lt(ledgerTransaction.createdAt, before),
        ),
      )
      .groupBy(ledgerEntry.account);
    const paid = await db
      .select({
        consultantId: payout.consultantId,
        total: sql<number>`sum(${payout.amountCents})`.mapWith(Number),
      })
      .from(payout)
      .where(ne(payout.period, period))
      .groupBy(payout.consultantId);
    const paidBy = new Map(paid.map((p) => [p.consultantId, p.total]));
    const owed = new Map<string, number>();
    for (const e of earned) {
      const consultantId = e.account.slice('consultant:'.length, -':payable'.length);
      const amount = -e.total - (paidBy.get(consultantId) ?? 0);
      if (amount > 0) owed.set(consultantId, amount);
    }
    return owed;
  }

  /** The monthly run for `period` (YYYY-MM, a month that has ended). */
  async function runPayouts(period: string): Promise<{ paid: number; pending: number }> {
    const { end } = periodBounds(period);
    const owed = await owedBefore(end, period);
    const result = { paid: 0, pending: 0 };
    for (const [consultantId, amountCents] of owed) {
      const key = LEDGER_KEYS.payout(consultantId, period);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payout)
          .values({ consultantId, period, amountCents, status: 'pending', createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning();
        if (!row) return false;
        await post(tx, {
          kind: 'payout',
          idempotencyKey: key,
          entries: payoutLines(consultantId, amountCents),
          consultantId,
          createdAt: ctx.now(),
        });
        return true;
      });
      if (created) result.pending += 1;
    }
    // Pay every payout of the period still pending (including those of an interrupted run).
    const pending = await db
      .select()
      .from(payout)
      .where(and(eq(payout.period, period), eq(payout.status, 'pending')));
    for (const row of pending) {
      // Without a ready Connect account the payout waits for ACH, as before (admin-panel §1).
      const destination = await payoutDestination(db, row.consultantId);
      if (!destination) continue;
      const idempotencyKey = LEDGER_KEYS.payout(row.consultantId, period);
      // Recorded before the transfer; a transfer made but never recorded is found, not repeated
      // (Stripe forgets the key after ~24 h: decision 016).
      const prior = await attempts.begin({
        key: idempotencyKey,
        kind: 'transfer',
        subjectId: row.id,
        ownerId: destination,
        amountCents: row.amountCents,
      });
      const found =
        prior?.state === 'started' || prior?.state === 'succeeded'
          ? await ctx.provider.findPayout({
              destinationAccountId: prior.ownerId ?? destination,
              idempotencyKey,
              since: prior.createdAt,
            })
          : null;
      const outcome = found
        ? { status: 'paid' as const, reference: found.reference }
        : await ctx.provider.payout({
            consultantId: row.consultantId,
            amountCents: row.amountCents,
            period,
            idempotencyKey,
            destinationAccountId: destination,
          });
      if (outcome.status === 'paid') {
        const updated = await db.transaction(async (tx) => {
          await attempts.finish(tx, idempotencyKey, 'succeeded', outcome.reference);
          const [done] = await tx
            .update(payout)
            .set({ status: 'paid', providerReference: outcome.reference })
            .where(and(eq(payout.id, row.id), eq(payout.status, 'pending')))
            .returning();
          return done;
        });
        if (updated) {
          result.paid += 1;
          result.pending = Math.max(0, result.pending - 1);
          await notifyUsers(ctx, {
            userIds: [row.consultantId],
            type: 'payout_sent',
            subject: 'Payout sent',
            message: `Your payout of ${formatUsd(row.amountCents)} for ${period} is on its way to your bank account.`,
            link: '/payments',
          });
        }
      }
    }
    return result;
  }

  async function list(consultantId: string): Promise<Payout[]> {
    const rows = await db
      .select()
      .from(payout)
      .where(eq(payout.consultantId, consultantId))
      .orderBy(desc(payout.period));
    return rows.map(toApi);
  }

  /**
   * The CSV statement of one of the consultant's payouts (404 for anyone else's): every share
   * recorded between the previous payout's month end and this one's, then the total paid.
   */
  async function statementCsv(
    consultantId: string,
    payoutId: string,
  ): Promise<{ filename: string; csv: string }> {
    const row = await db
      .select()
      .from(payout)
      .where(and(eq(payout.id, payoutId), eq(payout.consultantId, consultantId)))
      .get();
    if (!row) throw new AppError('NOT_FOUND');
    const earlier = await db
      .select({ period: payout.period })
      .from(payout)
      .where(and(eq(payout.consultantId, consultantId), lt(payout.period, row.period)))
      .orderBy(desc(payout.period))
      .get();
    const from = earlier ? periodBounds(earlier.period).end : new Date(0);
    const { end } = periodBounds(row.period);
    const lines = await db
      .select({
        at: ledgerTransaction.createdAt,
        kind: ledgerTransaction.kind,
        meetingId: ledgerTransaction.meetingId,
        startAt: meeting.startAt,
        company: franchise.company,
        share: ledgerEntry.amountCents,
        // What the franchise's card paid in the same transaction: the meeting total.
        total:
          sql<number>`(select coalesce(sum(e2.amount_cents), 0) from ledger_entry e2 where e2.transaction_id = ${ledgerTransaction.id} and e2.account like 'franchise:%:card')`.mapWith(
            Number,
          ),
      })
      .from(ledgerEntry)
      .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
      .leftJoin(meeting, eq(meeting.id, ledgerTransaction.meetingId))
      .leftJoin(franchise, eq(franchise.id, ledgerTransaction.franchiseId))
      .where(
        and(
          eq(ledgerEntry.account, ACCOUNTS.consultantPayable(consultantId)),
          inArray(ledgerTransaction.kind, ['capture', 'refund']),
          gte(ledgerTransaction.createdAt, from),
          lt(ledgerTransaction.createdAt, end),
        ),
      )
      .orderBy(asc(ledgerTransaction.createdAt), asc(ledgerTransaction.id));
    const header = [
      'Date',
      'Type',
      'Meeting',
      'Meeting start',
      'Franchise',
      'Meeting total (USD)',
      'Platform fee 20% (USD)',
      'Your share 80% (USD)',
    ];
    const out: CsvValue[][] = [header];
    let sum = 0;
    for (const l of lines) {
      const share = -l.share;
      sum += share;
      const total = l.total;
      const fee = total - share;
      out.push([
        l.at.toISOString(),
        l.kind === 'refund' ? 'Refund' : 'Meeting',
        l.meetingId ?? '',
        l.startAt?.toISOString() ?? '',
        l.company ?? '',
        money(total),
        money(fee),
        money(share),
      ]);
    }
    out.push(['Payout', row.period, '', '', '', '', '', money(row.amountCents)]);
    if (sum !== row.amountCents) {
      out.push(['Balance brought forward', '', '', '', '', '', '', money(row.amountCents - sum)]);
    }
    // Company names are typed by users: the shared writer keeps them from becoming formulas.
    return { filename: `payout-${row.period}.csv`, csv: csvText(out, { numberDecimals: 2 }) };
  }

  return { runPayouts, list, statementCsv };
}

export type Payouts = ReturnType<typeof createPayouts>;
