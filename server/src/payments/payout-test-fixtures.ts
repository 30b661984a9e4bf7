import { and, asc, eq, like } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { consultantProfile, notification, payout, providerAttempt } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
import type { PaymentJobs } from './jobs.ts';
import { captureLines, consultantBalance, post, unbalancedTransactions } from './ledger.ts';
import { startPaymentScheduler } from './scheduler.ts';

/** Helpers of the payout tests (`payouts.test.ts`, `payouts-stripe.test.ts`). Test-only. */

/** A meeting charged for `cents` at `at`: the consultant's 80 % share is payable. */
export async function earn(
  db: Db,
  m: { consultantId: string; franchiseId: string; cents: number; at: string },
) {
  await post(db, {
    kind: 'capture',
    idempotencyKey: `capture:test-${m.consultantId}-${m.at}`,
    entries: captureLines(m.franchiseId, m.consultantId, m.cents),
    franchiseId: m.franchiseId,
    consultantId: m.consultantId,
    createdAt: new Date(m.at),
  });
}

/** The months most payout tests start from: $100 charged in January, $200 in February (payouts of $80 and $160). */
export async function earnJanuaryAndFebruary(db: Db, consultantId: string, franchiseId: string) {
  await earn(db, { consultantId, franchiseId, cents: 10_000, at: '2026-01-15T12:00:00Z' });
  await earn(db, { consultantId, franchiseId, cents: 20_000, at: '2026-02-15T12:00:00Z' });
}

/** The account the provider calls ready, as a webhook (or the demo seed) leaves it in our records. */
export async function markReady(db: Db, consultantId: string) {
  const at = new Date();
  await db
    .insert(consultantProfile)
    .values({
      userId: consultantId,
      payoutAccountId: `acct_test_${consultantId.slice(0, 8)}`,
      payoutAccountStatus: 'ready',
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: consultantProfile.userId,
      set: {
        payoutAccountId: `acct_test_${consultantId.slice(0, 8)}`,
        payoutAccountStatus: 'ready',
      },
    });
}

/** One consultant's payouts by month: amount and status. */
export async function payoutsOf(db: Db, consultantId: string) {
  return db
    .select({ period: payout.period, amountCents: payout.amountCents, status: payout.status })
    .from(payout)
    .where(eq(payout.consultantId, consultantId))
    .orderBy(asc(payout.period));
}

/**
 * Everything that shows a payout was paid, per consultant: one transfer attempt per payout (its
 * own key), one "Payout sent" notice per payout, and a balance where all that was earned is paid.
 */
export async function expectPaidOnce(db: Db, consultantId: string, months: string[]) {
  const rows = await db.select().from(payout).where(eq(payout.consultantId, consultantId));
  expect(rows.map((r) => [r.period, r.status]).sort()).toEqual(months.map((m) => [m, 'paid']));
  for (const row of rows) expect(row.providerReference).toMatch(/^(po|tr)_/);
  const transfers = await db
    .select({ key: providerAttempt.key, state: providerAttempt.state })
    .from(providerAttempt)
    .where(like(providerAttempt.key, `payout:${consultantId}:%`));
  expect(transfers.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
    months.map((m) => ({ key: `payout:${consultantId}:${m}`, state: 'succeeded' })),
  );
  const notices = await db
    .select({ message: notification.message })
    .from(notification)
    .where(and(eq(notification.userId, consultantId), eq(notification.type, 'payout_sent')));
  expect(notices).toHaveLength(months.length);
  for (const m of months)
    expect(notices.filter((n) => n.message.includes(` for ${m} `))).toHaveLength(1);
  const balance = await consultantBalance(db, consultantId);
  expect(balance.owed).toBe(0);
  expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(balance.earned);
  expect(await unbalancedTransactions(db)).toEqual([]);
}

/**
 * The app's scheduler (`startPaymentScheduler`, what `payments.startScheduler()` starts in every
 * API process) over the real jobs, on a fake clock: each job call is counted so the test can wait
 * until the runs a tick started have finished.
 */
export function runScheduler(jobs: PaymentJobs) {
  let inFlight = 0;
  const failures: unknown[] = [];
  const tracked = new Proxy(jobs, {
    get(target, name, receiver) {
      const job = Reflect.get(target, name, receiver) as unknown;
      if (typeof job !== 'function') return job;
      return (...args: unknown[]) => {
        inFlight += 1;
        return Promise.resolve(job(...args)).finally(() => {
          inFlight -= 1;
        });
      };
    },
  });
  const logger: Logger = {
    error: (_message, detail) => failures.push(detail),
    info: () => {},
    debug: () => {},
  };
  const scheduler = startPaymentScheduler({ jobs: tracked, logger });
  /** Waits (in real time) until no job runs. */
  async function idle() {
    const until = performance.now() + 20_000;
    while (inFlight > 0) {
      if (performance.now() > until) throw new Error('the scheduled jobs did not finish');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return {
    failures,
    idle,
    /** Lets `ms` of the fake clock pass tick by tick (croner checks at least every 30 s). */
    async pass(ms: number) {
      await vi.advanceTimersByTimeAsync(ms);
      await idle();
    },
    /** The clock jumps to `at` (a process asleep, say); croner runs what came due, once. */
    async jumpTo(at: string) {
      vi.setSystemTime(new Date(at));
      await vi.advanceTimersByTimeAsync(30_000);
      await idle();
    },
    stop: () => scheduler.stop(),
  };
}
