import type { Dispute } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerTransaction, providerAttempt, user } from '../db/schema/index.ts';
import { chargedMeeting, disputeRecords, openDispute } from '../features/disputes/test-fixtures.ts';
import { unbalancedTransactions } from '../payments/ledger.ts';
import { runScheduler } from '../payments/payout-test-fixtures.ts';
import { refundKey } from '../payments/refunds.ts';
import { ok, signInAdmin, stripeModeWorld } from '../payments/test-fixtures.ts';
import { finished, killWhenPaused, spawnRun } from '../testing/charge-runs.ts';

/**
 * Rule 20, Stripe mode: a dispute's refund, decided in its own process through the `stripe`
 * package against the recorded fake of Stripe's API, SIGKILLed between Stripe's answer and our
 * record, is completed from what Stripe did — decided again at once, decided again after Stripe
 * has forgotten the idempotency key, or finished by the payments scheduler's next tick — with one
 * refund at Stripe, one refund transaction in the ledger and one audit entry (decision 030).
 */

const HOUR = 3_600_000;
const world = stripeModeWorld('whsec_refund_stripe');
let adminId: string;

beforeAll(async () => {
  await signInAdmin(world.server);
  const { db } = world.server.container;
  const admin = await db.select().from(user).where(eq(user.role, 'admin')).get();
  adminId = admin?.id ?? '';
}, 60_000);
afterEach(() => {
  vi.useRealTimers();
});

async function disputed(): Promise<Dispute> {
  const parts = await chargedMeeting(world.server);
  return ok<Dispute>(openDispute(world.server, parts.f.token, parts.m.id));
}

const decideInProcess = (d: Dispute, env: Record<string, string>) =>
  spawnRun('server/src/payments/refunds-process.ts', {
    DATABASE_URL: world.server.container.env.DATABASE_URL,
    STRIPE_API_URL: world.stripe.url,
    DISPUTE_ID: d.id,
    ADMIN_ID: adminId,
    ...env,
  });

/** A partial refund of $150 decided in a process SIGKILLed after Stripe made it, before our record. */
async function killedAfterStripeRefunded(d: Dispute) {
  await killWhenPaused(
    decideInProcess(d, { DECISION: 'partial_refund', REFUND_CENTS: '15000', PAUSE: '1' }),
  );
  expect(refundsAtStripe(d).map((r) => r.amount)).toEqual([15_000]);
  const half = await recordsOf(d);
  expect(half.refunds).toHaveLength(0);
  expect(half.row?.status).toBe('open');
}

/** The refunds Stripe made under this payment's refund key (carried in their metadata). */
const refundsAtStripe = (d: Dispute) =>
  world.stripe.refunds().filter((r) => r.metadata.attemptKey === refundKey(d.paymentId));

const recordsOf = (d: Dispute) => disputeRecords(world.server.container.db, d);

/** One refund of $150 at Stripe, recorded once in the ledger, the dispute decided once by the admin. */
async function expectRefundedOnce(d: Dispute) {
  expect(refundsAtStripe(d).map((r) => r.amount)).toEqual([15_000]);
  const after = await recordsOf(d);
  expect(after.refunds).toHaveLength(1);
  expect(after.refunds[0]?.providerReference).toBe(refundsAtStripe(d)[0]?.id);
  expect(after.attempts).toMatchObject([
    { state: 'succeeded', reference: refundsAtStripe(d)[0]?.id },
  ]);
  expect(after.row).toMatchObject({
    status: 'partially_refunded',
    refundCents: 15_000,
    decidedById: adminId,
  });
  expect(after.audits.map((a) => [a.action, a.actorId])).toEqual([
    ['dispute.partially_refunded', adminId],
  ]);
  expect(after.decided).toHaveLength(2);
  expect(await unbalancedTransactions(world.server.container.db)).toEqual([]);
}

describe('rule 20 (Stripe): a refund happens once under crashes', () => {
  it('SIGKILLed after Stripe refunded, decided again at once: the refund is read back, not asked again', async () => {
    const d = await disputed();
    await killedAfterStripeRefunded(d);
    const calls = world.stripe.calls('POST /v1/refunds').length;
    const again = await finished(decideInProcess(d, { DECISION: 'full_refund' }));
    expect(again).toMatchObject({ status: 'partially_refunded', refundCents: 15_000 });
    expect(world.stripe.calls('POST /v1/refunds')).toHaveLength(calls);
    await expectRefundedOnce(d);
  }, 120_000);

  it('SIGKILLed after Stripe refunded, decided again after Stripe forgot the key: still one refund', async () => {
    const d = await disputed();
    await killedAfterStripeRefunded(d);
    world.stripe.advance(25 * HOUR);
    const again = await finished(decideInProcess(d, { DECISION: 'full_refund' }));
    expect(again).toMatchObject({ status: 'partially_refunded', refundCents: 15_000 });
    await expectRefundedOnce(d);
  }, 120_000);

  it('SIGKILLed before Stripe was asked: decided again, the refund is made once', async () => {
    const d = await disputed();
    // The attempt recorded, Stripe never reached: what a process dying just before the call leaves.
    const { db } = world.server.container;
    const charge = await db
      .select({ reference: ledgerTransaction.providerReference })
      .from(ledgerTransaction)
      .where(
        and(
          eq(ledgerTransaction.kind, 'capture'),
          eq(ledgerTransaction.meetingId, d.meetingId ?? ''),
        ),
      )
      .get();
    const at = new Date();
    await db.insert(providerAttempt).values({
      key: refundKey(d.paymentId),
      kind: 'refund',
      subjectId: d.paymentId,
      intentId: charge?.reference ?? null,
      ownerId: adminId,
      amountCents: 15_000,
      createdAt: at,
      updatedAt: at,
    });
    world.stripe.advance(25 * HOUR);
    await finished(decideInProcess(d, { DECISION: 'full_refund' }));
    await expectRefundedOnce(d);
  }, 120_000);

  it("a refund whose deciding process died is finished by the payments scheduler's next tick, with the recorded amount", async () => {
    const d = await disputed();
    await killedAfterStripeRefunded(d);
    world.stripe.advance(25 * HOUR);
    // The scheduler's clock: ten minutes on, the attempt is taken as abandoned.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: new Date(Date.now() + 10 * 60_000),
    });
    const scheduler = runScheduler(world.server.container.payments.jobs);
    try {
      await scheduler.idle();
      expect(scheduler.failures).toEqual([]);
    } finally {
      scheduler.stop();
    }
    await expectRefundedOnce(d);
  }, 120_000);
});
