import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payout, providerAttempt } from '../db/schema/index.ts';
import { finished } from '../testing/charge-runs.ts';
import { earn, expectPaidOnce, payoutsOf, runScheduler } from './payout-test-fixtures.ts';
import {
  accountIdOf,
  connectPayouts,
  consultantAccount,
  franchisorWithCard,
  runPayoutProcess,
  stripeEventSender,
  stripeModeWorld,
} from './test-fixtures.ts';

/**
 * "Payouts never stall", in Stripe mode against the recorded fake of Stripe's API
 * (the one the rule 10 fault tests use): payouts left pending while the consultant's Connect account
 * was onboarding are transferred — each once — as soon as Stripe says the account is ready:
 * when `account.updated` comes (replayed, or raced by the runs and the consultant's return),
 * and by the schedule when that event never comes. A transfer whose answer was lost is found at
 * Stripe, not sent again.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'whsec_payouts_waiting';
const world = stripeModeWorld(SECRET);
let franchiseId: string;

beforeAll(async () => {
  franchiseId = (await franchisorWithCard(world.server)).franchiseId ?? '';
}, 60_000);
afterEach(() => {
  vi.useRealTimers();
});

const send = stripeEventSender(() => world.server, SECRET, 'payouts');
const deliver = async (object: unknown, id?: string) =>
  (await send('account.updated', object, id)).duplicate;

/**
 * A consultant who started Connect onboarding (the account exists, not ready) and earned in
 * January and February: both months' payouts wait, nothing is transferred.
 */
async function consultantWaiting() {
  const c = await consultantAccount(world.server);
  const accountId = accountIdOf(await connectPayouts(world.server, c.token));
  const { db, payments } = world.server.container;
  await earn(db, { consultantId: c.id, franchiseId, cents: 10_000, at: '2026-01-15T12:00:00Z' });
  await payments.payouts.runPayouts('2026-01');
  await earn(db, { consultantId: c.id, franchiseId, cents: 20_000, at: '2026-02-15T12:00:00Z' });
  await payments.payouts.runPayouts('2026-02');
  expect(await payoutsOf(db, c.id)).toEqual([
    { period: '2026-01', amountCents: 8_000, status: 'pending' },
    { period: '2026-02', amountCents: 16_000, status: 'pending' },
  ]);
  expect(transfersTo(c.id)).toEqual([]);
  return { ...c, accountId };
}

/** The amounts Stripe transferred to a consultant, smallest first. */
function transfersTo(consultantId: string) {
  return world.stripe.moves
    .filter((m) => m.kind === 'transfer' && m.paymentId === consultantId)
    .map((m) => m.amount)
    .sort((a, b) => a - b);
}

/** Each month's payout is paid by exactly one transfer at Stripe, and the row records that one. */
async function expectTransferredOnce(consultantId: string) {
  expect(transfersTo(consultantId)).toEqual([8_000, 16_000]);
  const ids = world.stripe.moves
    .filter((m) => m.kind === 'transfer' && m.paymentId === consultantId)
    .map((m) => m.id)
    .sort();
  const rows = await world.server.container.db
    .select({ reference: payout.providerReference })
    .from(payout)
    .where(eq(payout.consultantId, consultantId));
  expect(rows.map((r) => r.reference).sort()).toEqual(ids);
  await expectPaidOnce(world.server.container.db, consultantId, ['2026-01', '2026-02']);
}

describe('payouts that waited for the Connect account (Stripe mode)', () => {
  it('account.updated saying ready transfers every waiting payout at once; replayed, nothing more', async () => {
    const c = await consultantWaiting();
    const ready = world.stripe.completeOnboarding(c.accountId);
    expect(await deliver(ready, 'evt_ready_once')).toBe(false);
    // Paid by the event itself: no run has happened since.
    expect((await payoutsOf(world.server.container.db, c.id)).map((p) => p.status)).toEqual([
      'paid',
      'paid',
    ]);
    expect(await deliver(ready, 'evt_ready_once')).toBe(true);
    expect(await deliver(ready, 'evt_ready_once')).toBe(true);
    // Stripe also sends further account.updated events (new ids) for a ready account.
    expect(await deliver(ready)).toBe(false);
    await world.server.container.payments.payouts.runPayouts('2026-02');
    await expectTransferredOnce(c.id);
  });

  it('account.updated events raced by the runs (in other processes too) and the consultant’s return: one transfer per payout', async () => {
    const c = await consultantWaiting();
    const ready = world.stripe.completeOnboarding(c.accountId);
    const { payments } = world.server.container;
    const url = world.server.container.env.DATABASE_URL;
    const at = '2026-03-01T07:00:00Z';
    await Promise.all([
      deliver(ready),
      deliver(ready),
      deliver(ready, 'evt_raced'),
      deliver(ready, 'evt_raced'),
      // Back from Stripe's onboarding: the page reads the account (ready) before the event lands.
      world.server.fetch('/api/users/payouts/account', { token: c.token }),
      payments.payouts.runPayouts('2026-02'),
      payments.jobs.waitingPayouts(new Date(at)),
      finished(runPayoutProcess(url, { run: 'pay-waiting', at, stripeApiUrl: world.stripe.url })),
      finished(runPayoutProcess(url, { run: 'monthly', at, stripeApiUrl: world.stripe.url })),
    ]);
    await expectTransferredOnce(c.id);
  }, 180_000);

  it('a transfer whose answer was lost is found at Stripe a week later (its key forgotten), not sent again', async () => {
    const c = await consultantWaiting();
    const { db, payments } = world.server.container;
    // Stripe makes January's transfer; its answer never reaches us (a crash, a dropped link).
    world.stripe.loseAnswer((r) => r.method === 'POST' && r.path === '/v1/transfers');
    expect(await deliver(world.stripe.completeOnboarding(c.accountId))).toBe(false);
    expect(transfersTo(c.id)).toEqual([8_000, 16_000]);
    expect(await payoutsOf(db, c.id)).toEqual([
      { period: '2026-01', amountCents: 8_000, status: 'pending' },
      { period: '2026-02', amountCents: 16_000, status: 'paid' },
    ]);
    const started = await db
      .select({ state: providerAttempt.state })
      .from(providerAttempt)
      .where(eq(providerAttempt.key, `payout:${c.id}:2026-01`))
      .get();
    expect(started?.state).toBe('started');
    // Eight days on, Stripe has forgotten the key: the hourly run reads before it acts.
    world.stripe.advance(8 * DAY);
    await payments.jobs.waitingPayouts(new Date(Date.now() + 8 * DAY));
    await expectTransferredOnce(c.id);
  });

  it('account.updated never comes: the schedule reads the account, finds it ready and pays once', async () => {
    const c = await consultantWaiting();
    world.stripe.completeOnboarding(c.accountId);
    const { db, payments } = world.server.container;
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: new Date(Date.now() + HOUR),
    });
    const scheduler = runScheduler(payments.jobs);
    try {
      await scheduler.idle();
      await scheduler.pass(65 * 60_000);
      await scheduler.pass(65 * 60_000);
      expect(scheduler.failures).toEqual([]);
    } finally {
      scheduler.stop();
      vi.useRealTimers();
    }
    expect(
      await world.server
        .fetch('/api/users/payouts/account', { token: c.token })
        .then((r) => r.json()),
    ).toEqual({ status: 'ready' });
    await expectTransferredOnce(c.id);
    expect((await payoutsOf(db, c.id)).map((p) => p.status)).toEqual(['paid', 'paid']);
  }, 60_000);
});
