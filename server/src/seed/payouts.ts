import { createHash } from 'node:crypto';
import { LEDGER_KEYS, payoutLines } from '../payments/ledger.ts';
import { monthPeriod, periodBounds } from '../payments/money-rules.ts';
import { HOUR_MS, seedId } from './random.ts';
import type { DemoData } from './tables.ts';

/** The job and lease key of the monthly payout run (payments/jobs.ts `monthlyPayouts`). */
const PAYOUT_JOB = 'monthly-payouts';
const payoutJobKey = (period: string) => `payout:${period}`;

/** When the monthly run for `period` runs: the 1st of the next month, 07:00 UTC (payments/scheduler.ts). */
export function payoutRunAt(period: string): Date {
  return new Date(periodBounds(period).end.getTime() + 7 * HOUR_MS);
}

/** The next `YYYY-MM` period. */
function nextPeriod(period: string): string {
  return monthPeriod(periodBounds(period).end);
}

/** The built-in provider's reference for a transfer (payments/ledger-provider.ts `reference('po', key)`). */
const transferReference = (idempotencyKey: string) =>
  `po_ledger_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

/**
 * The payout history the monthly run (payments/payouts.ts `runPayouts`) would have written for
 * every month whose run time has passed by `now`, so that the first start's catch-up finds no old
 * month to pay (and mails no "Payout sent" for it). Run after the meetings: per consultant and
 * month, the 80 % shares the ledger recorded before the month's end less what earlier payouts
 * paid — the run's own sum — become one payout, posted to the ledger with the run's lines and
 * idempotency key; a consultant with a ready payout account is paid (a transfer recorded in
 * `provider_attempt`, as the run records it), anyone else's payout waits pending for ACH. Each
 * month gets the finished `job_run` row `payout:{period}` that the run's lease leaves.
 * @example buildMeetings(data, …); buildPayouts(data, { now });
 */
export function buildPayouts(data: DemoData, ctx: { now: Date }): void {
  const transactionAt = new Map(data.ledgerTransaction.map((t) => [t.id, t]));
  const earnings: { consultantId: string; cents: number; at: Date }[] = [];
  for (const entry of data.ledgerEntry) {
    const match = /^consultant:(.+):payable$/.exec(entry.account);
    const tx = entry.transactionId ? transactionAt.get(entry.transactionId) : undefined;
    if (!match?.[1] || !tx?.createdAt || tx.kind === 'payout') continue;
    earnings.push({ consultantId: match[1], cents: -entry.amountCents, at: tx.createdAt });
  }
  if (earnings.length === 0) return;
  const readyAccount = new Map(
    data.consultantProfile
      .filter((p) => p.payoutAccountId && p.payoutAccountStatus === 'ready')
      .map((p) => [p.userId, p.payoutAccountId as string]),
  );

  const first = monthPeriod(new Date(Math.min(...earnings.map((e) => e.at.getTime()))));
  const paidSoFar = new Map<string, number>();
  for (
    let period = first;
    payoutRunAt(period).getTime() <= ctx.now.getTime();
    period = nextPeriod(period)
  ) {
    const runAt = payoutRunAt(period);
    const { end } = periodBounds(period);
    const earned = new Map<string, number>();
    for (const e of earnings) {
      if (e.at < end) earned.set(e.consultantId, (earned.get(e.consultantId) ?? 0) + e.cents);
    }
    const result = { paid: 0, pending: 0 };
    for (const [consultantId, total] of earned) {
      const amountCents = total - (paidSoFar.get(consultantId) ?? 0);
      if (amountCents <= 0) continue;
      paidSoFar.set(consultantId, total);
      const key = LEDGER_KEYS.payout(consultantId, period);
      const payoutId = seedId('payout', key);
      const destination = readyAccount.get(consultantId);
      const reference = destination ? transferReference(key) : null;
      data.payout.push({
        id: payoutId,
        consultantId,
        period,
        amountCents,
        status: destination ? 'paid' : 'pending',
        providerReference: reference,
        createdAt: runAt,
        updatedAt: runAt,
      });
      const transactionId = seedId('ledger-transaction', key);
      data.ledgerTransaction.push({
        id: transactionId,
        kind: 'payout',
        idempotencyKey: key,
        consultantId,
        createdAt: runAt,
      });
      payoutLines(consultantId, amountCents).forEach((line, k) => {
        data.ledgerEntry.push({
          id: seedId('ledger-entry', `${transactionId}:${k}`),
          transactionId,
          ...line,
        });
      });
      if (destination && reference) {
        data.providerAttempt.push({
          key,
          kind: 'transfer',
          subjectId: payoutId,
          ownerId: destination,
          amountCents,
          state: 'succeeded',
          reference,
          createdAt: runAt,
          updatedAt: runAt,
        });
        result.paid += 1;
      } else {
        result.pending += 1;
      }
    }
    data.jobRun.push({
      key: payoutJobKey(period),
      job: PAYOUT_JOB,
      startedAt: runAt,
      finishedAt: runAt,
      leaseUntil: runAt.getTime() + HOUR_MS,
      result: JSON.stringify(result),
    });
  }
}
