import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ledgerTransaction, notification, payment, payout } from '../db/schema/index.ts';
import { unbalancedTransactions } from '../payments/ledger.ts';
import { meetingAmountCents } from '../payments/money-rules.ts';
import { earn } from '../payments/payout-test-fixtures.ts';
import { createProviderAttempts } from '../payments/provider-attempts.ts';
import {
  accountIdOf,
  connectPayouts,
  consultantAccount,
  copyDatabase,
  franchisorWithCard,
  insertMeeting,
  payoutStatus,
  setMeetingStatus,
  stripeEventSender,
  stripeModeWorld,
} from '../payments/test-fixtures.ts';
import { finished, killWhenPaused, runCharges } from '../testing/charge-runs.ts';
import { completedMeetings } from './completed-meetings.ts';

/**
 * Rule 10, Stripe mode: the weekly charge run in real processes, through the `stripe` package against a
 * stateful recorded fake of Stripe's API (24 h idempotency window, 7-day holds, every movement of
 * money recorded) — repeated, raced, SIGKILLed half-way and run again, also after Stripe has
 * forgotten the keys — takes each meeting's money exactly once: one capture or charge per
 * payment at Stripe, every payment recorded once. And a webhook replayed three times changes
 * state once (decision 016).
 */

const MEETINGS = 12;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'whsec_r2_stripe';
const world = stripeModeWorld(SECRET);
let base: string;
const amounts = new Map<string, number>();

beforeAll(async () => {
  const { db } = world.server.container;
  const meetings = await completedMeetings(world.server, MEETINGS);
  for (const [k, m] of meetings.entries()) {
    // Every other meeting's hold counts as lapsed for us: charged off-session, the hold released.
    if (k % 2 === 1) {
      await db
        .update(payment)
        .set({ holdExpiresAt: new Date(Date.now() - HOUR) })
        .where(eq(payment.id, m.id));
    }
    amounts.set(m.id, meetingAmountCents(m.durationMinutes, m.rateCents));
  }
  base = world.stripe.snapshot();
}, 120_000);

/** Money taken at Stripe per payment (captures and charges). */
function takenAtStripe(): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const move of world.stripe.moves) {
    if (move.kind === 'transfer' || !move.paymentId) continue;
    by.set(move.paymentId, [...(by.get(move.paymentId) ?? []), move.amount]);
  }
  return by;
}

/** Exactly one capture or charge per meeting at Stripe, of its amount, and each recorded once. */
async function expectEachChargedOnce(url: string) {
  const taken = takenAtStripe();
  expect([...taken.keys()].sort()).toEqual([...amounts.keys()].sort());
  for (const [paymentId, moves] of taken) expect(moves).toEqual([amounts.get(paymentId)]);
  const database = await openDatabase({ url });
  try {
    const rows = await database.db.select().from(payment);
    expect(rows.filter((p) => p.isPaid)).toHaveLength(MEETINGS);
    const captures = await database.db
      .select({ key: ledgerTransaction.idempotencyKey })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.kind, 'capture'));
    expect(captures).toHaveLength(MEETINGS);
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  } finally {
    database.close();
  }
}

/** A manual run SIGKILLed halfway: what Stripe took by then, half of the meetings. */
async function crashMidRun(url: string): Promise<Map<string, number[]>> {
  await killWhenPaused(
    runCharges(url, { run: 'manual', pauseAfter: MEETINGS / 2, stripeApiUrl: world.stripe.url }),
  );
  const taken = takenAtStripe();
  expect(taken.size).toBe(MEETINGS / 2);
  return taken;
}

async function scenario() {
  world.stripe.restore(base);
  return copyDatabase(world.server.container);
}

describe('rule 10 (Stripe): the weekly charge run against a recorded fake of Stripe', () => {
  it('one clean run charges every meeting once at Stripe; repeated, it takes nothing more', async () => {
    const url = await scenario();
    const first = await finished(
      runCharges(url, { run: 'weekly', stripeApiUrl: world.stripe.url }),
    );
    expect(first).toMatchObject({ ran: true, result: { charged: MEETINGS, failed: 0 } });
    await expectEachChargedOnce(url);
    expect(
      await finished(runCharges(url, { run: 'weekly', stripeApiUrl: world.stripe.url })),
    ).toEqual({
      ran: false,
      reason: 'done',
    });
    expect(
      await finished(runCharges(url, { run: 'manual', stripeApiUrl: world.stripe.url })),
    ).toMatchObject({ charged: 0, failed: 0 });
    await expectEachChargedOnce(url);
  }, 180_000);

  it('two weekly runs and the manual trigger racing in three processes: each meeting once', async () => {
    const url = await scenario();
    const outcomes = await Promise.all([
      finished(runCharges(url, { run: 'weekly', stripeApiUrl: world.stripe.url })),
      finished(runCharges(url, { run: 'weekly', stripeApiUrl: world.stripe.url })),
      finished(runCharges(url, { run: 'manual', stripeApiUrl: world.stripe.url })),
    ]);
    expect(outcomes.slice(0, 2).filter((o) => o.ran === true)).toHaveLength(1);
    // A payment skipped by a race (Stripe busy with the same key) is charged by the next run.
    await finished(runCharges(url, { run: 'manual', stripeApiUrl: world.stripe.url }));
    await expectEachChargedOnce(url);
  }, 180_000);

  it('SIGKILLed after Stripe took the money but before recording it, then run again: no double, no missed charge', async () => {
    const url = await scenario();
    await crashMidRun(url);
    await finished(runCharges(url, { run: 'weekly', stripeApiUrl: world.stripe.url }));
    await expectEachChargedOnce(url);
  }, 180_000);

  it('the same crash retried a week later, after Stripe forgot the keys and the holds lapsed: still no double, no missed charge', async () => {
    const url = await scenario();
    const before = await crashMidRun(url);
    // Eight days on: every idempotency key is forgotten and the uncaptured holds are cancelled.
    world.stripe.advance(8 * DAY);
    const again = await finished(
      runCharges(url, { run: 'weekly', clockOffsetMs: 8 * DAY, stripeApiUrl: world.stripe.url }),
    );
    expect(again).toMatchObject({ ran: true, result: { failed: 0 } });
    await expectEachChargedOnce(url);
    // The crashed ones were recorded from Stripe's own record of them, not taken again.
    for (const [paymentId, moves] of before) expect(takenAtStripe().get(paymentId)).toEqual(moves);
  }, 180_000);
});

describe('Stripe webhooks replayed (rule 10)', () => {
  const deliver = stripeEventSender(() => world.server, SECRET, 'r2');

  it('a capture Stripe made but we never recorded: its event delivered three times (and its charge.captured twice) records it once', async () => {
    world.stripe.restore(base);
    const { db, payments } = world.server.container;
    const f = await franchisorWithCard(world.server);
    const c = await consultantAccount(world.server);
    const m = await insertMeeting(db, {
      consultantId: c.id,
      franchisorId: f.id,
      franchiseId: f.franchiseId,
      startAt: new Date(Date.now() - 2 * HOUR),
      durationMinutes: 30,
      rateCents: 5_000,
    });
    await payments.meetings.onBooked(m);
    await setMeetingStatus(db, m.id, 'completed');
    await payments.meetings.onCompleted(m);
    const row = await db.select().from(payment).where(eq(payment.id, m.id)).get();
    const holdId = row?.holdId ?? '';
    // A run that died right after Stripe's answer.
    await payments.provider.capture({ holdId, amountCents: 10_000, idempotencyKey: 'charge:x:0' });
    const intent = world.stripe.intent(holdId);
    const answers = [
      await deliver('payment_intent.succeeded', intent, 'evt_pi_succeeded'),
      await deliver('payment_intent.succeeded', intent, 'evt_pi_succeeded'),
      await deliver('payment_intent.succeeded', intent, 'evt_pi_succeeded'),
      await deliver('charge.captured', { id: 'ch_1', object: 'charge', payment_intent: holdId }),
      await deliver('charge.captured', { id: 'ch_1', object: 'charge', payment_intent: holdId }),
    ];
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true, false, false]);
    const paid = await db.select().from(payment).where(eq(payment.id, m.id)).get();
    expect(paid).toMatchObject({ isPaid: true, amountCents: 10_000 });
    const captures = await db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.kind, 'capture'), eq(ledgerTransaction.meetingId, m.id)));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.providerReference).toBe(holdId);
    const notices = await db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, f.id), eq(notification.type, 'payment_charged')));
    expect(notices).toHaveLength(1);
    // The next run finds it paid: Stripe sees no second capture or charge.
    expect(await payments.charges.chargePayment(m.id)).toBe('skipped');
    expect(takenAtStripe().get(m.id)).toEqual([10_000]);
  });

  it('account.updated three times: the consultant’s account becomes ready once, and payouts are transferred to it once', async () => {
    world.stripe.restore(base);
    const c = await consultantAccount(world.server);
    const url = await connectPayouts(world.server, c.token);
    const accountId = accountIdOf(url);
    expect(url).toBe(`https://connect.stripe.test/setup/e/${accountId}`);
    const status = () => payoutStatus(world.server, c.token);
    expect(await status()).toBe('onboarding');
    // Not ready yet: the month's payout waits (pending for ACH), nothing is transferred.
    const { db, payments } = world.server.container;
    const f = await franchisorWithCard(world.server);
    await earn(db, {
      consultantId: c.id,
      franchiseId: f.franchiseId ?? '',
      cents: 10_000,
      at: '2026-01-15T12:00:00Z',
    });
    await payments.payouts.runPayouts('2026-01');
    const transfers = () =>
      world.stripe.moves.filter((m) => m.kind === 'transfer' && m.paymentId === c.id);
    expect(transfers()).toEqual([]);
    const account = world.stripe.completeOnboarding(accountId);
    const replies = [];
    for (let i = 0; i < 3; i++)
      replies.push(await deliver('account.updated', account, 'evt_acct_ready'));
    expect(replies.map((r) => r.duplicate)).toEqual([false, true, true]);
    expect(await status()).toBe('ready');
    // Ready: transferred once (80 % of $100), however often the run repeats.
    await payments.payouts.runPayouts('2026-01');
    await payments.payouts.runPayouts('2026-01');
    expect(transfers().map((t) => t.amount)).toEqual([8_000]);
    const [row] = await db.select().from(payout).where(eq(payout.consultantId, c.id));
    expect(row).toMatchObject({ status: 'paid', providerReference: transfers()[0]?.id });
  });

  it('a transfer Stripe made but we never recorded is found a week later, not sent again', async () => {
    world.stripe.restore(base);
    const { db, payments } = world.server.container;
    const c = await consultantAccount(world.server);
    const accountId = accountIdOf(await connectPayouts(world.server, c.token));
    await deliver('account.updated', world.stripe.completeOnboarding(accountId));
    const f = await franchisorWithCard(world.server);
    await earn(db, {
      consultantId: c.id,
      franchiseId: f.franchiseId ?? '',
      cents: 20_000,
      at: '2026-01-15T12:00:00Z',
    });
    // A run that died right after Stripe's answer: its attempt recorded, the transfer made.
    const key = `payout:${c.id}:2026-01`;
    await createProviderAttempts(world.server.container).begin({
      key,
      kind: 'transfer',
      subjectId: 'crashed-run',
      ownerId: accountId,
      amountCents: 16_000,
    });
    await payments.provider.payout({
      consultantId: c.id,
      amountCents: 16_000,
      period: '2026-01',
      idempotencyKey: key,
      destinationAccountId: accountId,
    });
    world.stripe.advance(8 * DAY);
    await payments.payouts.runPayouts('2026-01');
    const transfers = world.stripe.moves.filter(
      (m) => m.kind === 'transfer' && m.paymentId === c.id,
    );
    expect(transfers.map((t) => t.amount)).toEqual([16_000]);
    const [row] = await db.select().from(payout).where(eq(payout.consultantId, c.id));
    expect(row).toMatchObject({ status: 'paid', providerReference: transfers[0]?.id });
  });
});
