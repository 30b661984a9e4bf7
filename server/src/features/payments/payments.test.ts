import {
  EARLY_ACCESS_PROMO_CODE,
  type PaymentList,
  type PaymentMethod,
  type PaymentsGraph,
  type PaymentTotals,
  type PayoutListSchema,
  type PromoCodeResult,
  type Subscription,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { franchise, ledgerTransaction, user } from '../../db/schema/index.ts';
import { consultantBalance, unbalancedTransactions } from '../../payments/ledger.ts';
import {
  consultantAccount,
  franchisorWithCard,
  insertMeeting,
  json,
  ok,
  setMeetingStatus,
  signInAdmin,
} from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let clock = new Date(Date.UTC(2026, 1, 10, 15));
const now = () => clock;

beforeAll(async () => {
  server = await startTestServer({ now });
});
afterAll(() => server.close());

const post = (path: string, token: string | undefined, body: unknown = {}) =>
  server.fetch(path, { method: 'POST', ...(token ? { token } : {}), body: json(body) });

const statusOf = async (franchiseId: string | null) =>
  (
    await server.container.db
      .select({ status: franchise.stripeSubscriptionStatus })
      .from(franchise)
      .where(eq(franchise.id, franchiseId ?? ''))
      .get()
  )?.status ?? null;

describe('payment methods', () => {
  it('adds, lists and deletes cards of the franchise, the newest as default', async () => {
    const f = await server.signUp('franchisor');
    const visa = await ok<PaymentMethod>(
      post('/api/users/payment-method', f.token, { paymentMethodId: 'pm_card_visa' }),
    );
    expect(visa).toMatchObject({
      stripePaymentMethodType: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
    });
    const mc = await ok<PaymentMethod>(
      post('/api/users/payment-method', f.token, { paymentMethodId: 'pm_card_mastercard' }),
    );
    expect(mc).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
    const listed = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    expect(listed.data.map((m) => [m.last4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    // The franchise remembers its default card.
    const member = await server.container.db
      .select()
      .from(user)
      .where(eq(user.id, f.user.id))
      .get();
    const row = await server.container.db
      .select()
      .from(franchise)
      .where(eq(franchise.id, member?.franchiseId ?? ''))
      .get();
    expect(row?.primaryPaymentMethodId).toBe(mc.id);

    await ok(
      server.fetch(`/api/users/payment-method/${mc.id}`, { method: 'DELETE', token: f.token }),
    );
    const after = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    expect(after.data).toEqual([expect.objectContaining({ id: visa.id, isDefault: true })]);
  });

  it("refuses a declined card when it is added, as Stripe's test mode does: nothing saved, the default kept", async () => {
    const f = await franchisorWithCard(server);
    const before = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    for (const [paymentMethodId, message] of [
      ['pm_card_chargeDeclined', 'Your card was declined. (card_declined: generic_decline)'],
      [
        'pm_card_chargeDeclinedInsufficientFunds',
        'Your card has insufficient funds. (card_declined: insufficient_funds)',
      ],
    ]) {
      const refused = await post('/api/users/payment-method', f.token, { paymentMethodId });
      expect(refused.status).toBe(402);
      expect(await refused.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message });
    }
    const after = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    expect(after.data).toEqual(before.data);
    expect(after.data).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);

    // The card that attaches and then declines every charge is added like any other.
    const failing = await ok<PaymentMethod>(
      post('/api/users/payment-method', f.token, { paymentMethodId: 'pm_card_chargeCustomerFail' }),
    );
    expect(failing).toMatchObject({ brand: 'visa', last4: '0341', isDefault: true });
  });
  it('refuses unknown ids (400), other people (404), consultants (403) and strangers (401)', async () => {
    const f = await server.signUp('franchisor');
    const unknown = await post('/api/users/payment-method', f.token, {
      paymentMethodId: 'pm_unknown',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { paymentMethodId: "No such PaymentMethod: 'pm_unknown'" },
    });
    const empty = await post('/api/users/payment-method', f.token, { paymentMethodId: ' ' });
    expect(await empty.json()).toMatchObject({ errors: { paymentMethodId: 'Please add a card' } });
    const other = await franchisorWithCard(server);
    const [card] = (
      await ok<{ data: PaymentMethod[] }>(
        server.fetch('/api/users/payment-method', { token: other.token }),
      )
    ).data;
    const stolen = await server.fetch(`/api/users/payment-method/${card?.id}`, {
      method: 'DELETE',
      token: f.token,
    });
    expect(stolen.status).toBe(404);
    const c = await server.signUp('consultant');
    expect(
      (await post('/api/users/payment-method', c.token, { paymentMethodId: 'pm_card_visa' }))
        .status,
    ).toBe(403);
    expect((await server.fetch('/api/users/payment-method')).status).toBe(401);
  });

  it('makes a saved card the default; only the franchise may, and only that change', async () => {
    const f = await franchisorWithCard(server);
    const mc = await ok<PaymentMethod>(
      post('/api/users/payment-method', f.token, {
        paymentMethodId: 'pm_card_mastercard',
        makeDefault: false,
      }),
    );
    expect(mc.isDefault).toBe(false);
    const patch = (id: string, token: string | undefined, body: unknown) =>
      server.fetch(`/api/users/payment-method/${id}`, {
        method: 'PATCH',
        ...(token ? { token } : {}),
        body: json(body),
      });
    const made = await ok<PaymentMethod>(patch(mc.id, f.token, { isDefault: true }));
    expect(made).toMatchObject({ id: mc.id, last4: '4444', isDefault: true });
    const listed = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    expect(listed.data.map((m) => [m.last4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const row = await server.container.db
      .select({ primary: franchise.primaryPaymentMethodId })
      .from(franchise)
      .where(eq(franchise.id, f.franchiseId ?? ''))
      .get();
    expect(row?.primary).toBe(mc.id);
    // Again: nothing changes, still 200.
    await expect(
      ok<PaymentMethod>(patch(mc.id, f.token, { isDefault: true })),
    ).resolves.toMatchObject({ isDefault: true });

    const bad = await patch(mc.id, f.token, { isDefault: false });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const stranger = await franchisorWithCard(server);
    expect((await patch(mc.id, stranger.token, { isDefault: true })).status).toBe(404);
    const c = await server.signUp('consultant');
    expect((await patch(mc.id, c.token, { isDefault: true })).status).toBe(403);
    expect((await patch(mc.id, undefined, { isDefault: true })).status).toBe(401);
    // The refused calls changed nothing.
    const after = await ok<{ data: PaymentMethod[] }>(
      server.fetch('/api/users/payment-method', { token: f.token }),
    );
    expect(after.data.find((m) => m.isDefault)?.id).toBe(mc.id);
  });
});

describe('subscription and promo codes (rule 11)', () => {
  it('validates the early-access code', async () => {
    const f = await franchisorWithCard(server);
    await expect(
      ok<PromoCodeResult>(
        post('/api/users/validate-promo-code', f.token, { promoCode: ' earlyaccess ' }),
      ),
    ).resolves.toEqual({
      valid: true,
      price: 300,
      message: 'Promo code applied: $300.00 a month for 12 months',
    });
    await expect(
      ok<PromoCodeResult>(post('/api/users/validate-promo-code', f.token, { promoCode: 'NOPE' })),
    ).resolves.toMatchObject({ valid: false, price: 497, message: 'This promo code is not valid' });
    expect((await post('/api/users/validate-promo-code', f.token, { promoCode: '' })).status).toBe(
      400,
    );
  });

  it('subscribes at $497, or $300 with the code; needs a card; one live subscription', async () => {
    const noCard = await server.signUp('franchisor');
    const refused = await post('/api/users/subscribe', noCard.token, {});
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      message: 'Add a payment method before subscribing',
    });

    const full = await franchisorWithCard(server);
    expect(
      await ok<Subscription>(server.fetch('/api/users/subscription', { token: full.token })),
    ).toMatchObject({
      status: null,
      label: 'Unsubscribed',
    });
    const sub = await ok<Subscription>(post('/api/users/subscribe', full.token, {}));
    expect(sub).toMatchObject({
      status: 'active',
      label: 'Active',
      price: 497,
      promoCode: null,
      cancelAtPeriodEnd: false,
    });
    expect(new Date(sub.termEndsAt ?? '').getUTCFullYear()).toBe(clock.getUTCFullYear() + 1);
    expect(await statusOf(full.franchiseId)).toBe('active');
    const again = await post('/api/users/subscribe', full.token, {});
    expect(again.status).toBe(409);

    const early = await franchisorWithCard(server);
    const bad = await post('/api/users/subscribe', early.token, { promoCode: 'WRONG' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: { promoCode: 'This promo code is not valid' },
    });
    expect(await statusOf(early.franchiseId)).toBeNull();
    const cheap = await ok<Subscription>(
      post('/api/users/subscribe', early.token, { promoCode: EARLY_ACCESS_PROMO_CODE }),
    );
    expect(cheap).toMatchObject({ price: 300, promoCode: EARLY_ACCESS_PROMO_CODE });

    // The first month is invoiced in the ledger, at the plan's price.
    const invoices = await server.container.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.franchiseId, early.franchiseId ?? ''));
    expect(invoices.filter((t) => t.kind === 'subscription_invoice')).toHaveLength(1);

    const declined = await franchisorWithCard(server, 'pm_card_chargeCustomerFail');
    const no = await post('/api/users/subscribe', declined.token, {});
    expect(no.status).toBe(402);
    expect(await statusOf(declined.franchiseId)).toBeNull();

    const c = await server.signUp('consultant');
    expect((await post('/api/users/subscribe', c.token, {})).status).toBe(403);
  });

  it('unsubscribes (access ends) and reactivates within the term without billing a paid period twice', async () => {
    const f = await franchisorWithCard(server);
    await ok(post('/api/users/subscribe', f.token, {}));
    const canceled = await ok<Subscription>(post('/api/users/unsubscribe', f.token));
    expect(canceled).toMatchObject({ status: 'canceled', label: 'Canceled' });
    expect(await statusOf(f.franchiseId)).toBe('canceled');
    expect((await post('/api/users/unsubscribe', f.token)).status).toBe(422);

    const back = await ok<Subscription>(post('/api/users/reactivate-subscription', f.token));
    expect(back).toMatchObject({ status: 'active' });
    expect(await statusOf(f.franchiseId)).toBe('active');
    expect((await post('/api/users/reactivate-subscription', f.token)).status).toBe(409);
    const invoices = await server.container.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.franchiseId, f.franchiseId ?? ''));
    expect(invoices.filter((t) => t.kind === 'subscription_invoice')).toHaveLength(1);

    // Monthly renewals bill the next period once.
    clock = new Date(clock.getTime() + 32 * 86_400_000);
    await server.container.payments.subscriptions.renewDue();
    await server.container.payments.subscriptions.renewDue();
    const renewed = await server.container.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.franchiseId, f.franchiseId ?? ''));
    expect(renewed.filter((t) => t.kind === 'subscription_invoice')).toHaveLength(2);
    expect(await unbalancedTransactions(server.container.db)).toEqual([]);
  });
});

describe('payments, totals, chart and payouts', () => {
  it('shows franchisors their spend and consultants their earnings, and pays consultants monthly', async () => {
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const { db, payments } = server.container;
    const meetings = [];
    for (const [durationMinutes, status] of [
      [60, 'completed'],
      [45, 'completed'],
      [30, 'pending'],
      [30, 'future'],
    ] as const) {
      const m = await insertMeeting(db, {
        consultantId: c.id,
        franchisorId: f.id,
        franchiseId: f.franchiseId,
        startAt: new Date(clock.getTime() + (status === 'future' ? 48 : -48) * 3_600_000),
        durationMinutes,
        rateCents: 4_999,
      });
      await payments.meetings.onBooked(m);
      await setMeetingStatus(db, m.id, status);
      if (status === 'completed') await payments.meetings.onCompleted(m);
      meetings.push(m);
    }
    const admin = await signInAdmin(server);
    await ok(post('/api/users/cron-manual-trigger', admin));

    const mine = await ok<PaymentList>(
      server.fetch('/api/users/payments?limit=2', { token: f.token }),
    );
    expect(mine).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(mine.data).toHaveLength(2);
    const all = await ok<PaymentList>(
      server.fetch('/api/users/payments?status=completed', { token: c.token }),
    );
    expect(all.total).toBe(2);
    const hour = all.data.find((r) => r.amount === 199.96);
    expect(hour).toMatchObject({
      platformFee: 39.99,
      consultantShare: 159.97,
      isPaid: true,
      status: 'completed',
    });
    expect((await server.fetch('/api/users/payments?limit=1000', { token: f.token })).status).toBe(
      400,
    );

    const spend = await ok<PaymentTotals>(
      server.fetch('/api/users/payments-total', { token: f.token }),
    );
    expect(spend).toEqual({ FUTURE: 99.98, PENDING: 99.98, COMPLETED: 349.93 });
    const earned = await ok<PaymentTotals>(
      server.fetch('/api/users/payments-total', { token: c.token }),
    );
    expect(earned).toEqual({ FUTURE: 79.99, PENDING: 79.99, COMPLETED: 279.95 });

    const week = await ok<PaymentsGraph>(
      server.fetch('/api/users/payments-graph?period=week', { token: c.token }),
    );
    expect(week.points).toHaveLength(7);
    expect(week.points.reduce((s, p) => s + p.amount, 0)).toBeCloseTo(279.95, 2);
    const year = await ok<PaymentsGraph>(
      server.fetch('/api/users/payments-graph?period=year', { token: f.token }),
    );
    expect(year.points).toHaveLength(12);
    expect(year.points.at(-1)?.amount).toBeCloseTo(349.93, 2);
    expect(
      (await server.fetch('/api/users/payments-graph?period=decade', { token: f.token })).status,
    ).toBe(400);

    // The month ends: one payout of the 80 % shares, with a statement only its consultant can read.
    const period = `${clock.getUTCFullYear()}-${String(clock.getUTCMonth() + 1).padStart(2, '0')}`;
    // Without a connected payout account the payout waits for ACH (pending)…
    await payments.payouts.runPayouts(period);
    const waiting = await ok<v.InferOutput<typeof PayoutListSchema>>(
      server.fetch('/api/users/payouts', { token: c.token }),
    );
    expect(waiting.data).toEqual([expect.objectContaining({ period, status: 'pending' })]);
    expect(
      await ok<{ status: string }>(server.fetch('/api/users/payouts/account', { token: c.token })),
    ).toEqual({ status: 'none' });
    // …the consultant connects one (the built-in provider simulates Stripe's onboarding: ready at
    // once, the link leads straight back to the payments page)…
    const link = await ok<{ url: string }>(
      server.fetch('/api/users/payouts/connect', { method: 'POST', token: c.token, body: '{}' }),
    );
    expect(link.url).toBe(`${server.url}/payments?payouts=return`);
    expect(
      await ok<{ status: string }>(server.fetch('/api/users/payouts/account', { token: c.token })),
    ).toEqual({ status: 'ready' });
    // …which pays what waited for it at once; the runs after it pay nothing more.
    await payments.payouts.runPayouts(period);
    await payments.payouts.runPayouts(period);
    const payouts = await ok<v.InferOutput<typeof PayoutListSchema>>(
      server.fetch('/api/users/payouts', { token: c.token }),
    );
    expect(payouts.data).toEqual([
      expect.objectContaining({ period, amount: 279.95, status: 'paid' }),
    ]);
    expect(await consultantBalance(db, c.id)).toEqual({ earned: 27_995, paid: 27_995, owed: 0 });
    const statement = await server.fetch(payouts.data[0]?.statementUrl ?? '', { token: c.token });
    expect(statement.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = await statement.text();
    expect(csv.split('\r\n')[0]).toBe(
      'Date,Type,Meeting,Meeting start,Franchise,Meeting total (USD),Platform fee 20% (USD),Your share 80% (USD)',
    );
    expect(csv).toContain(',199.96,39.99,159.97');
    expect(csv).toContain(`Payout,${period},,,,,,279.95`);
    const other = await consultantAccount(server);
    expect(
      (await server.fetch(payouts.data[0]?.statementUrl ?? '', { token: other.token })).status,
    ).toBe(404);
    expect((await server.fetch('/api/users/payouts', { token: f.token })).status).toBe(403);
  });
});
