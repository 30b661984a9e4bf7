import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransaction, notification, payment, providerAttempt } from '../db/schema/index.ts';
import {
  ALWAYS,
  book,
  getSlots,
  json,
  makeConsultant,
  makeFranchisor,
  weekdayAhead,
} from '../features/booking/test-fixtures.ts';
import { LEDGER_KEYS } from './ledger.ts';
import type { StripeRequest } from './stripe-fake.ts';
import { stripeEventSender, stripeModeWorld } from './test-fixtures.ts';

/**
 * Holds in Stripe mode through the real server and the `stripe` package pointed at the recorded
 * fake (decision 016): a meeting's hold is given back by the franchisor's cancel and the
 * consultant's decline through their HTTP routes, after the change committed, exactly once per
 * PaymentIntent — also when Stripe's answer to the cancel is lost; and a hold whose answer was lost
 * when the 48-hour job placed it is reconciled from its webhook or the next run, never placed twice.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'whsec_holds';
const ZONE = 'America/New_York';
const world = stripeModeWorld(SECRET);

/** A meeting booked through `POST /api/session`, `daysOut` days ahead (held at booking within 5). */
async function booked(daysOut: number) {
  const consultant = await makeConsultant(world.server, {
    settings: { timeZone: ZONE, weeklyHours: ALWAYS, meetingLengths: [30, 60] },
  });
  const franchisor = await makeFranchisor(world.server);
  const date = weekdayAhead(daysOut, ZONE);
  const slots = await getSlots(world.server, consultant.id, {
    date,
    timezone: ZONE,
    duration: '30',
  });
  const slot = slots.days.flatMap((d) => d.slots)[0];
  if (!slot) throw new Error(`no slot offered on ${date}`);
  const res = await book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start: slot.start,
    end: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString(),
    timeZone: ZONE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { consultant, franchisor, id: res.body.id };
}

const paymentOf = (id: string) =>
  world.server.container.db.select().from(payment).where(eq(payment.id, id)).get();

/** A meeting booked six days out whose hold the 48-hour job is about to place. */
async function dueForHold() {
  const b = await booked(6);
  expect((await paymentOf(b.id))?.holdId).toBeNull();
  await world.server.container.db
    .update(payment)
    .set({ holdDueAt: new Date(Date.now() - 60_000) })
    .where(eq(payment.id, b.id));
  return b;
}

/** The holds (manual-capture PaymentIntents) Stripe made for a payment. */
const holdsAtStripe = (paymentId: string) =>
  world.stripe
    .intents()
    .filter((i) => i.capture_method === 'manual' && i.metadata.paymentId === paymentId);

/**
 * The cancels of a PaymentIntent sent to Stripe (the `stripe` package's own immediate retry of a
 * lost answer, under the same key, is part of the one call).
 */
/** The request that asks Stripe for a payment's hold. */
const holdRequestOf = (paymentId: string) => (r: StripeRequest) =>
  r.method === 'POST' &&
  r.path === '/v1/payment_intents' &&
  r.params['metadata[paymentId]'] === paymentId;

const cancelsAtStripe = (intentId: string) =>
  world.stripe.calls(`POST /v1/payment_intents/${intentId}/cancel`).length;

const attemptsOf = (subjectId: string) =>
  world.server.container.db
    .select({ key: providerAttempt.key, kind: providerAttempt.kind, state: providerAttempt.state })
    .from(providerAttempt)
    .where(eq(providerAttempt.subjectId, subjectId));

/** The ledger's hold or release of a meeting (kept by key: a cancelled meeting's row is gone). */
const ledgerOf = async (meetingId: string, kind: 'hold' | 'release') =>
  world.server.container.db
    .select()
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, LEDGER_KEYS[kind](meetingId)));

/** Ages every recorded call of a payment, as if the hourly job ran long after. */
async function age(subjectId: string, ms: number) {
  await world.server.container.db
    .update(providerAttempt)
    .set({
      createdAt: new Date(Date.now() - ms),
      updatedAt: new Date(Date.now() - ms),
    })
    .where(eq(providerAttempt.subjectId, subjectId));
}

const send = stripeEventSender(() => world.server, SECRET, 'holds');
const deliver = async (type: string, object: unknown, id?: string) =>
  (await send(type, object, id)).duplicate;

const cancel = (id: string, token: string) =>
  world.server.fetch(`/api/session/${id}`, { method: 'DELETE', token });
const decline = (id: string, token: string) =>
  world.server.fetch(`/api/session/${id}`, {
    method: 'PATCH',
    token,
    body: json({ status: 'declined' }),
  });

describe('releasing a hold through the real routes', () => {
  it('the franchisor cancels: one cancel at Stripe after the commit, the payment and the ledger agree; a second cancel sends nothing', async () => {
    const { franchisor, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    expect((await cancel(id, franchisor.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(cancelsAtStripe(holdId)).toBe(1);
    expect(await paymentOf(id)).toBeUndefined();
    expect(await ledgerOf(id, 'release')).toHaveLength(1);
    expect(await attemptsOf(id)).toContainEqual({
      key: `release:${id}`,
      kind: 'release',
      state: 'succeeded',
    });
    expect((await cancel(id, franchisor.token)).status).toBeGreaterThanOrEqual(400);
    await world.server.container.payments.meetings.releasePending();
    expect(cancelsAtStripe(holdId)).toBe(1);
  });

  it('the consultant declines: one cancel at Stripe, the payment declined without its hold; declining again sends nothing', async () => {
    const { consultant, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    expect((await decline(id, consultant.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(cancelsAtStripe(holdId)).toBe(1);
    expect(await paymentOf(id)).toMatchObject({ status: 'declined', holdId: null });
    expect(await ledgerOf(id, 'release')).toHaveLength(1);
    expect((await decline(id, consultant.token)).status).toBe(422);
    expect(cancelsAtStripe(holdId)).toBe(1);
  });

  it('a hold placed by the 48-hour job is given back by the cancel route the same way', async () => {
    const { franchisor, id } = await dueForHold();
    expect(await world.server.container.payments.meetings.placeDueHolds()).toMatchObject({
      held: 1,
    });
    const holdId = (await paymentOf(id))?.holdId ?? '';
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    expect((await cancel(id, franchisor.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(cancelsAtStripe(holdId)).toBe(1);
  });

  it('a racing cancel and decline: one of them wins, and Stripe sees one cancel', async () => {
    const { franchisor, consultant, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    const statuses = (
      await Promise.all([cancel(id, franchisor.token), decline(id, consultant.token)])
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(cancelsAtStripe(holdId)).toBe(1);
  });

  it('Stripe cancels but its answer is lost: the route still answers, the webhook records the release, and the hourly job sends nothing again', async () => {
    const { franchisor, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    world.stripe.loseAnswer((r) => r.path === `/v1/payment_intents/${holdId}/cancel`);
    expect((await cancel(id, franchisor.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(await attemptsOf(id)).toContainEqual({
      key: `release:${id}`,
      kind: 'release',
      state: 'started',
    });
    expect(await deliver('payment_intent.canceled', world.stripe.intent(holdId))).toBe(false);
    expect(await attemptsOf(id)).toContainEqual({
      key: `release:${id}`,
      kind: 'release',
      state: 'succeeded',
    });
    await age(id, 2 * HOUR);
    await world.server.container.payments.meetings.releasePending();
    expect(cancelsAtStripe(holdId)).toBe(1);
  });

  it('a decline whose cancel answer is lost and whose webhook never comes: the hourly job, days later, reads the PaymentIntent and sends no second cancel', async () => {
    const { consultant, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    world.stripe.loseAnswer((r) => r.path === `/v1/payment_intents/${holdId}/cancel`);
    expect((await decline(id, consultant.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    // Two days on: Stripe has forgotten the release's idempotency key.
    world.stripe.advance(2 * DAY);
    await age(id, 2 * DAY);
    await world.server.container.payments.meetings.releasePending();
    expect(cancelsAtStripe(holdId)).toBe(1);
    expect(await attemptsOf(id)).toContainEqual({
      key: `release:${id}`,
      kind: 'release',
      state: 'succeeded',
    });
  });

  it('a cancel whose call never reached Stripe (an outage) is made by the hourly job, once', async () => {
    const { franchisor, id } = await booked(2);
    const holdId = (await paymentOf(id))?.holdId ?? '';
    // The fake refuses the cancel as an outage would (503), acting on nothing.
    world.stripe.on(`POST /v1/payment_intents/${holdId}/cancel`, () => ({
      status: 503,
      json: { error: { type: 'api_error', message: 'Stripe is down' } },
    }));
    expect((await cancel(id, franchisor.token)).status).toBe(200);
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    world.stripe.reset();
    await age(id, 2 * HOUR);
    await world.server.container.payments.meetings.releasePending();
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect(cancelsAtStripe(holdId)).toBe(1);
  });
});

describe('a hold whose answer was lost when the 48-hour job placed it', () => {
  it('its webhook (amount_capturable_updated, delivered three times) records it once; the next run places no second hold', async () => {
    const { id } = await dueForHold();
    world.stripe.loseAnswer(holdRequestOf(id));
    expect(await world.server.container.payments.meetings.placeDueHolds()).toMatchObject({
      held: 0,
      skipped: 1,
    });
    const [intent] = holdsAtStripe(id);
    expect(intent?.status).toBe('requires_capture');
    expect((await paymentOf(id))?.holdId).toBeNull();
    const replies = [];
    for (let i = 0; i < 3; i++) {
      replies.push(
        await deliver('payment_intent.amount_capturable_updated', intent, `evt_acu_${id}`),
      );
    }
    expect(replies).toEqual([false, true, true]);
    expect(await paymentOf(id)).toMatchObject({ holdId: intent?.id, holdDueAt: null });
    expect(await ledgerOf(id, 'hold')).toHaveLength(1);
    world.stripe.advance(2 * DAY);
    await world.server.container.payments.meetings.placeDueHolds();
    expect(holdsAtStripe(id)).toHaveLength(1);
    expect(await ledgerOf(id, 'hold')).toHaveLength(1);
  });

  it('without a webhook, the next run after Stripe forgot the key finds the hold by its metadata and adopts it', async () => {
    const { id } = await dueForHold();
    world.stripe.loseAnswer(holdRequestOf(id));
    await world.server.container.payments.meetings.placeDueHolds();
    world.stripe.advance(2 * DAY);
    expect(await world.server.container.payments.meetings.placeDueHolds()).toMatchObject({
      held: 1,
    });
    const holds = holdsAtStripe(id);
    expect(holds).toHaveLength(1);
    expect(await paymentOf(id)).toMatchObject({ holdId: holds[0]?.id });
    expect(await ledgerOf(id, 'hold')).toHaveLength(1);
  });

  it('no webhook and no new run: the hourly job adopts it, after Stripe forgot the key', async () => {
    const { id } = await dueForHold();
    world.stripe.loseAnswer(holdRequestOf(id));
    await world.server.container.payments.meetings.placeDueHolds();
    const [intent] = holdsAtStripe(id);
    await age(id, 2 * HOUR);
    world.stripe.advance(2 * DAY);
    await world.server.container.payments.meetings.releasePending();
    expect(await paymentOf(id)).toMatchObject({
      holdId: intent?.id,
      holdFailureCode: null,
      holdDueAt: null,
    });
    expect(await ledgerOf(id, 'hold')).toHaveLength(1);
    expect(holdsAtStripe(id)).toHaveLength(1);
  });

  it('the meeting declined before anyone recorded the hold: the decline route gives it back at Stripe, and a late webhook changes nothing', async () => {
    const { consultant, id } = await dueForHold();
    world.stripe.loseAnswer(holdRequestOf(id));
    await world.server.container.payments.meetings.placeDueHolds();
    const [intent] = holdsAtStripe(id);
    expect((await decline(id, consultant.token)).status).toBe(200);
    expect(world.stripe.intent(intent?.id ?? '')?.status).toBe('canceled');
    expect(cancelsAtStripe(intent?.id ?? '')).toBe(1);
    await deliver('payment_intent.amount_capturable_updated', intent);
    await world.server.container.payments.meetings.placeDueHolds();
    expect(await paymentOf(id)).toMatchObject({ status: 'declined', holdId: null });
    expect(holdsAtStripe(id)).toHaveLength(1);
    expect(cancelsAtStripe(intent?.id ?? '')).toBe(1);
    expect(await ledgerOf(id, 'hold')).toHaveLength(0);
  });

  it('a late webhook about such a hold, after the cancel could not reach Stripe, gives it back once', async () => {
    const { franchisor, id } = await dueForHold();
    world.stripe.loseAnswer(holdRequestOf(id));
    await world.server.container.payments.meetings.placeDueHolds();
    const [intent] = holdsAtStripe(id);
    const intentId = intent?.id ?? '';
    // The cancel commits, but Stripe is down when it gives the orphan hold back.
    world.stripe.on(`POST /v1/payment_intents/${intentId}/cancel`, () => ({
      status: 503,
      json: { error: { type: 'api_error', message: 'Stripe is down' } },
    }));
    expect((await cancel(id, franchisor.token)).status).toBe(200);
    expect(world.stripe.intent(intentId)?.status).toBe('requires_capture');
    world.stripe.reset();
    // Stripe is back, and the hold's webhook arrives: no meeting waits for it, so it goes back.
    await deliver('payment_intent.amount_capturable_updated', world.stripe.intent(intentId));
    expect(world.stripe.intent(intentId)?.status).toBe('canceled');
    expect(cancelsAtStripe(intentId)).toBe(1);
    expect(await attemptsOf(id)).toEqual(
      expect.arrayContaining([
        { key: `hold:${id}:0`, kind: 'hold', state: 'succeeded' },
        { key: `release:hold:${id}:0`, kind: 'release', state: 'succeeded' },
      ]),
    );
    await age(id, 2 * HOUR);
    await world.server.container.payments.meetings.releasePending();
    expect(cancelsAtStripe(intentId)).toBe(1);
    expect(await paymentOf(id)).toBeUndefined();
  });

  it('a declined hold whose answer was lost: payment_intent.payment_failed (twice) counts the decline once and tells each side once', async () => {
    const f = await makeFranchisor(world.server);
    const consultant = await makeConsultant(world.server, {
      settings: { timeZone: ZONE, weeklyHours: ALWAYS, meetingLengths: [30, 60] },
    });
    const date = weekdayAhead(6, ZONE);
    const slot = (
      await getSlots(world.server, consultant.id, { date, timezone: ZONE, duration: '30' })
    ).days.flatMap((d) => d.slots)[0];
    const res = await book(world.server, f.token, {
      consultantId: consultant.id,
      start: slot?.start ?? '',
      end: new Date(Date.parse(slot?.start ?? '') + 30 * 60_000).toISOString(),
      timeZone: ZONE,
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    // The card passes the check at booking; every payment on it is declined.
    expect(
      (
        await world.server.fetch('/api/users/payment-method', {
          method: 'POST',
          token: f.token,
          body: json({ paymentMethodId: 'pm_card_chargeCustomerFail' }),
        })
      ).ok,
    ).toBe(true);
    await world.server.container.db
      .update(payment)
      .set({ holdDueAt: new Date(Date.now() - 60_000) })
      .where(eq(payment.id, id));
    world.stripe.loseAnswer(holdRequestOf(id));
    expect(await world.server.container.payments.meetings.placeDueHolds()).toMatchObject({
      skipped: 1,
    });
    const [intent] = holdsAtStripe(id);
    expect(intent?.status).toBe('requires_payment_method');
    expect(await deliver('payment_intent.payment_failed', intent, `evt_pf_${id}`)).toBe(false);
    expect(await deliver('payment_intent.payment_failed', intent, `evt_pf2_${id}`)).toBe(false);
    expect(await paymentOf(id)).toMatchObject({
      holdId: null,
      holdFailureCode: 'generic_decline',
      holdAttempts: 1,
      holdDueAt: null,
    });
    const notices = await world.server.container.db
      .select()
      .from(notification)
      .where(and(eq(notification.type, 'hold_failed'), eq(notification.userId, consultant.id)));
    expect(notices).toHaveLength(1);
    expect(holdsAtStripe(id)).toHaveLength(1);
  });
});

describe('a hold whose answer was lost when a booking placed it', () => {
  it('the booking fails (503) and writes no meeting; the hourly job finds the hold by its key and gives it back, once; booking again holds once', async () => {
    const consultant = await makeConsultant(world.server, {
      settings: { timeZone: ZONE, weeklyHours: ALWAYS, meetingLengths: [30, 60] },
    });
    const franchisor = await makeFranchisor(world.server);
    const date = weekdayAhead(2, ZONE);
    const slot = (
      await getSlots(world.server, consultant.id, { date, timezone: ZONE, duration: '30' })
    ).days.flatMap((d) => d.slots)[0];
    const body = {
      consultantId: consultant.id,
      start: slot?.start ?? '',
      end: new Date(Date.parse(slot?.start ?? '') + 30 * 60_000).toISOString(),
      timeZone: ZONE,
    };
    const before = new Set(world.stripe.intents().map((i) => i.id));
    world.stripe.loseAnswer(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.params['metadata[kind]'] === 'meeting_hold',
    );
    const lost = await book(world.server, franchisor.token, body);
    expect(lost.status).toBe(503);
    const [orphan, ...others] = world.stripe.intents().filter((i) => !before.has(i.id));
    expect(others).toEqual([]);
    expect(orphan?.status).toBe('requires_capture');
    const meetingId = orphan?.metadata.paymentId ?? '';
    expect(await paymentOf(meetingId)).toBeUndefined();
    // Within ten minutes the call may still be on its way: the job leaves it alone.
    await world.server.container.payments.meetings.releasePending();
    expect(world.stripe.intent(orphan?.id ?? '')?.status).toBe('requires_capture');
    await age(meetingId, 2 * HOUR);
    await world.server.container.payments.meetings.releasePending();
    expect(world.stripe.intent(orphan?.id ?? '')?.status).toBe('canceled');
    expect(cancelsAtStripe(orphan?.id ?? '')).toBe(1);
    await age(meetingId, 2 * HOUR);
    await world.server.container.payments.meetings.releasePending();
    expect(cancelsAtStripe(orphan?.id ?? '')).toBe(1);
    const again = await book(world.server, franchisor.token, body);
    expect(again.status).toBe(201);
    expect(holdsAtStripe(again.body.id).map((h) => h.status)).toEqual(['requires_capture']);
  });
});
