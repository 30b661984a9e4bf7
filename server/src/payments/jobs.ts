import type { PaymentRunResult } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { jobRun } from '../db/schema/index.ts';
import type { ChargeHooks, Charges } from './charges.ts';
import type { PaymentsContext } from './context.ts';
import { type LeaseOutcome, runWithLease } from './job-lease.ts';
import type { MeetingMoney } from './meeting-payments.ts';
import { isoWeek, monthPeriod, previousPeriod } from './money-rules.ts';
import type { Payouts } from './payouts.ts';
import type { Refunds } from './refunds.ts';
import type { Subscriptions } from './subscriptions.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A run that has not finished within its lease is considered dead and may be taken over. */
const LEASE_MS = HOUR_MS;

/** The weekly run's slot: the latest Monday 06:00 UTC at or before `at`. */
export function weeklySlot(at: Date): Date {
  const slot = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 6));
  const sinceMonday = (slot.getUTCDay() + 6) % 7;
  slot.setUTCDate(slot.getUTCDate() - sinceMonday);
  if (slot.getTime() > at.getTime()) slot.setTime(slot.getTime() - 7 * DAY_MS);
  return slot;
}

/**
 * The scheduled money jobs, each guarded by a `job_run` lease so that one process runs it whatever
 * the number of API processes, and a missed or interrupted run is caught up.
 */
export function createPaymentJobs(
  ctx: PaymentsContext,
  services: {
    charges: Charges;
    meetings: MeetingMoney;
    payouts: Payouts;
    subscriptions: Subscriptions;
    refunds: Refunds;
  },
) {
  const { db, now } = ctx;
  const lease = <T>(key: string, job: string, work: () => Promise<T>): Promise<LeaseOutcome<T>> =>
    runWithLease(db, { key, job, now, leaseMs: LEASE_MS }, work);

  /** The weekly charge run (Mondays 06:00 UTC): completed meetings of the past week plus missed ones. */
  const weeklyCharges = (at: Date = now()) =>
    lease(`charge:${isoWeek(weeklySlot(at))}`, 'weekly-charges', async () => {
      await services.charges.expireLateCancellations(services.meetings.releaseLateCancellation);
      return services.charges.runCharges();
    });

  /**
   * The admin's manual trigger: the same run, now, whatever the week's lease says. Safe beside the
   * weekly run and itself (per-meeting keys); each run is kept in `job_run` for the record.
   */
  async function manualCharges(hooks?: ChargeHooks): Promise<PaymentRunResult> {
    const startedAt = now();
    const key = `charge:manual:${startedAt.toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(jobRun).values({ key, job: 'manual-charges', startedAt, leaseUntil: 0 });
    const result = await services.charges.runCharges(hooks ? { hooks } : {});
    await db
      .update(jobRun)
      .set({ finishedAt: now(), result: JSON.stringify(result) })
      .where(eq(jobRun.key, key));
    return result;
  }

  /** Holds due about 48 hours before their meeting (every 15 minutes). */
  const dueHolds = (at: Date = now()) => {
    const slot = Math.floor(at.getTime() / (15 * MINUTE_MS)) * 15 * MINUTE_MS;
    return lease(`holds:${new Date(slot).toISOString()}`, 'due-holds', () =>
      services.meetings.placeDueHolds(),
    );
  };

  /**
   * The monthly payout run for the month that ended last (the 1st, 07:00 UTC); it also pays every
   * earlier month's payout still waiting for a now-ready account.
   */
  const monthlyPayouts = (at: Date = now()) => {
    const period = previousPeriod(monthPeriod(at));
    return lease(`payout:${period}`, 'monthly-payouts', () => services.payouts.runPayouts(period));
  };

  /**
   * Payouts waiting for a payout account that has become ready meanwhile (hourly): what
   * `account.updated` or the consultant's return from onboarding should have paid at once, in case
   * that call failed or never came. The monthly run pays them too.
   */
  const waitingPayouts = (at: Date = now()) => {
    const slot = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    return lease(`payouts-waiting:${new Date(slot).toISOString()}`, 'waiting-payouts', () =>
      services.payouts.payWaiting(),
    );
  };

  /** Subscription renewals billed by the ledger provider (hourly; Stripe bills its own). */
  const renewals = (at: Date = now()) => {
    const slot = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    return lease(`subscriptions:${new Date(slot).toISOString()}`, 'subscription-renewals', () =>
      services.subscriptions.renewDue(),
    );
  };

  /** Hold releases recorded by a cancel or decline but never made at the provider (hourly). */
  const releases = (at: Date = now()) => {
    const slot = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    return lease(`releases:${new Date(slot).toISOString()}`, 'hold-releases', () =>
      services.meetings.releasePending(),
    );
  };

  /** Refunds decided but never recorded, their deciding process gone (hourly; rule 20). */
  const startedRefunds = (at: Date = now()) => {
    const slot = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    return lease(`refunds:${new Date(slot).toISOString()}`, 'started-refunds', () =>
      services.refunds.finishStarted(at),
    );
  };

  /** Everything whose time has come and that has not run yet (at start and hourly). */
  async function catchUp(at: Date = now()) {
    return {
      weeklyCharges: await weeklyCharges(at),
      monthlyPayouts: await monthlyPayouts(at),
      waitingPayouts: await waitingPayouts(at),
      renewals: await renewals(at),
      dueHolds: await dueHolds(at),
      releases: await releases(at),
      startedRefunds: await startedRefunds(at),
    };
  }

  return {
    weeklyCharges,
    manualCharges,
    dueHolds,
    monthlyPayouts,
    waitingPayouts,
    renewals,
    releases,
    startedRefunds,
    catchUp,
  };
}

export type PaymentJobs = ReturnType<typeof createPaymentJobs>;
