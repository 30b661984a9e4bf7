import type { Payout } from '@fm/sdk/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { type CsvValue, csvText } from '../csv/csv-file.ts';
import {
  consultantProfile,
  franchise,
  ledgerEntry,
  ledgerTransaction,
  meeting,
  payout,
} from '../db/schema/index.ts';
import { enqueueWebhookEvent, webhookEvent } from '../features/webhooks/enqueue.ts';
import { webhookPayout } from '../features/webhooks/payloads.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './context.ts';
import { ACCOUNTS, LEDGER_KEYS, payoutLines, post } from './ledger.ts';
import { formatUsd, periodBounds, toDollars } from './money-rules.ts';
import { notifyUsers } from './notify.ts';
import { keepAccountStatus } from './payout-accounts.ts';
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

/** What one pass over the waiting payouts did: paid now, and still waiting afterwards. */
export interface WaitingPayoutsOutcome {
  paid: number;
  waiting: number;
}

/**
 * Monthly consultant payouts (admin-panel §1: paid monthly by ACH). One payout per consultant and
 * month from their 80 % shares recorded before the month's end, less what earlier payouts took. The
 * payout row and its ledger transaction are written together under `payout:{consultantId}:{period}`;
 * the provider is then asked to pay under the same key — a Connect transfer to a consultant whose
 * account is ready — so a rerun pays nothing twice. A payout whose consultant has no ready account
 * waits (`pending`) and is paid under its own key as soon as the account is ready: by the next
 * monthly or hourly run, by `account.updated`, or when the consultant connects (`payWaiting`).
 */
export function createPayouts(ctx: PaymentsContext) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);

  /**
   * What each consultant is owed for shares recorded before `before` that no payout row of another
   * month covers yet. A waiting (pending) row of an earlier month still covers its shares — it is
   * paid itself, under its own key, never folded into a later month (that would pay it twice).
   */
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
    const covered = await db
      .select({
        consultantId: payout.consultantId,
        total: sql<number>`sum(${payout.amountCents})`.mapWith(Number),
      })
      .from(payout)
      .where(ne(payout.period, period))
      .groupBy(payout.consultantId);
    const coveredBy = new Map(covered.map((p) => [p.consultantId, p.total]));
    const owed = new Map<string, number>();
    for (const e of earned) {
      const consultantId = e.account.slice('consultant:'.length, -':payable'.length);
      const amount = -e.total - (coveredBy.get(consultantId) ?? 0);
      if (amount > 0) owed.set(consultantId, amount);
    }
    return owed;
  }

  /**
   * Pays one waiting payout to `destination` under its own key (the same key whichever run, month
   * or trigger gets to it). Recorded before the transfer; a transfer made but never recorded is
   * found, not repeated (Stripe forgets the key after ~24 h: decision 016). True when this call
   * moved the row to `paid` (a racing caller that lost answers false and notifies nobody).
   */
  async function payOne(row: PayoutRow, destination: string): Promise<boolean> {
    const idempotencyKey = LEDGER_KEYS.payout(row.consultantId, row.period);
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
          period: row.period,
          idempotencyKey,
          destinationAccountId: destination,
        });
    if (outcome.status !== 'paid') return false;
    const updated = await db.transaction(async (tx) => {
      await attempts.finish(tx, idempotencyKey, 'succeeded', outcome.reference);
      const [done] = await tx
        .update(payout)
        .set({ status: 'paid', providerReference: outcome.reference, updatedAt: ctx.now() })
        .where(and(eq(payout.id, row.id), eq(payout.status, 'pending')))
        .returning();
      if (done) {
        const at = ctx.now();
        await enqueueWebhookEvent(
          tx,
          { consultantId: done.consultantId },
          webhookEvent('payout.paid', { payout: webhookPayout(done) }, at),
          at,
        );
      }
      return done;
    });
    if (!updated) return false;
    await notifyUsers(ctx, {
      userIds: [row.consultantId],
      type: 'payout_sent',
      subject: 'Payout sent',
      message: `Your payout of ${formatUsd(row.amountCents)} for ${row.period} is on its way to your bank account.`,
      link: '/payments',
    });
    return true;
  }

  /**
   * Accounts not ready in our records whose consultants have payouts waiting are read again from
   * the provider: a lost `account.updated` (or one whose follow-up failed) must not leave a payout
   * waiting for good. A read that fails is logged and tried again by the next run.
   */
  async function recheckAccounts(consultantId: string | undefined): Promise<void> {
    const accounts = await db
      .selectDistinct({
        consultantId: consultantProfile.userId,
        accountId: consultantProfile.payoutAccountId,
        status: consultantProfile.payoutAccountStatus,
      })
      .from(payout)
      .innerJoin(consultantProfile, eq(consultantProfile.userId, payout.consultantId))
      .where(
        and(
          eq(payout.status, 'pending'),
          isNotNull(consultantProfile.payoutAccountId),
          or(
            isNull(consultantProfile.payoutAccountStatus),
            ne(consultantProfile.payoutAccountStatus, 'ready'),
          ),
          consultantId ? eq(payout.consultantId, consultantId) : undefined,
        ),
      );
    for (const account of accounts) {
      if (!account.accountId) continue;
      try {
        const fresh = await ctx.provider.readPayoutAccount(account.accountId);
        if (fresh === account.status) continue;
        await keepAccountStatus(db, {
          consultantId: account.consultantId,
          accountId: account.accountId,
          status: fresh,
          at: ctx.now(),
        });
      } catch (error) {
        ctx.logger.error(`reading payout account ${account.accountId} failed`, error);
      }
    }
  }

  /**
   * Pays every waiting payout, oldest month first, whose consultant's payout account is ready now
   * — of every consultant, or of one (`consultantId`: their account just became ready). Safe to
   * run repeatedly and concurrently (one key per payout). One payout failing at the provider does
   * not hold up the others; the first failure is thrown once all were tried, so a leased run gives
   * its lease up and is retried.
   * @example await payouts.payWaiting({ consultantId }) // after account.updated says ready
   */
  async function payWaiting(
    options: { consultantId?: string } = {},
  ): Promise<WaitingPayoutsOutcome> {
    await recheckAccounts(options.consultantId);
    const rows = await db
      .select({ row: payout, destination: consultantProfile.payoutAccountId })
      .from(payout)
      .innerJoin(consultantProfile, eq(consultantProfile.userId, payout.consultantId))
      .where(
        and(
          eq(payout.status, 'pending'),
          eq(consultantProfile.payoutAccountStatus, 'ready'),
          isNotNull(consultantProfile.payoutAccountId),
          options.consultantId ? eq(payout.consultantId, options.consultantId) : undefined,
        ),
      )
      .orderBy(asc(payout.period), asc(payout.consultantId));
    let paid = 0;
    let failure: { error: unknown } | null = null;
    for (const { row, destination } of rows) {
      if (!destination) continue;
      try {
        if (await payOne(row, destination)) paid += 1;
      } catch (error) {
        ctx.logger.error(`payout ${row.id} (${row.period}) failed`, error);
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    return { paid, waiting: await countWaiting(options.consultantId) };
  }

  /** Payouts still pending (of one consultant, or of all). */
  async function countWaiting(consultantId?: string): Promise<number> {
    const row = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payout)
      .where(
        and(
          eq(payout.status, 'pending'),
          consultantId ? eq(payout.consultantId, consultantId) : undefined,
        ),
      )
      .get();
    return row?.n ?? 0;
  }

  /**
   * The monthly run for `period` (YYYY-MM, a month that has ended): writes the month's payouts,
   * then pays every payout waiting for a ready account — this month's and any earlier month's.
   * Answers how many it paid and how many still wait (all months).
   */
  async function runPayouts(period: string): Promise<{ paid: number; pending: number }> {
    const { end } = periodBounds(period);
    const owed = await owedBefore(end, period);
    for (const [consultantId, amountCents] of owed) {
      const key = LEDGER_KEYS.payout(consultantId, period);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payout)
          .values({ consultantId, period, amountCents, status: 'pending', createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning();
        if (!row) return;
        await post(tx, {
          kind: 'payout',
          idempotencyKey: key,
          entries: payoutLines(consultantId, amountCents),
          consultantId,
          createdAt: ctx.now(),
        });
      });
    }
    // Not only this period's: a payout left waiting by an earlier month is paid here too.
    const { paid, waiting } = await payWaiting();
    return { paid, pending: waiting };
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

  return { runPayouts, payWaiting, list, statementCsv };
}

export type Payouts = ReturnType<typeof createPayouts>;
