import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  franchise,
  ledgerTransaction,
  payment,
  subscription,
  webhookEvent,
} from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { unbalancedTransactions } from './ledger.ts';
import {
  consultantAccount,
  deliverStripeEvent,
  franchisorWithCard,
  insertMeeting,
  setMeetingStatus,
} from './test-fixtures.ts';

const SECRET = 'whsec_test_secret';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: SECRET },
  });
});
afterAll(() => server.close());

let counter = 0;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function event(type: string, object: Record<string, unknown>, created: Date, id?: string) {
  counter += 1;
  return {
    id: id ?? `evt_test_${counter}`,
    object: 'event',
    type,
    created: unix(created),
    data: { object },
  };
}

/** Delivers an event as Stripe does: the JSON body signed with the endpoint's secret. */
async function deliver(body: unknown, secret = SECRET) {
  return deliverStripeEvent(server, body, secret);
}

const stripeSubscription = (id: string, status: string, franchiseId: string, start: Date) => ({
  id,
  object: 'subscription',
  status,
  customer: 'cus_test',
  start_date: unix(start),
  metadata: { franchiseId },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        current_period_start: unix(start),
        current_period_end: unix(new Date(start.getTime() + 30 * 86_400_000)),
        price: { id: 'price_1', object: 'price', unit_amount: 30_000 },
      },
    ],
  },
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a missing or wrong signature with 400', async () => {
    const body = event('invoice.paid', {}, new Date());
    const unsigned = await server.fetch('/api/stripe/webhook', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(400);
    const forged = await deliver(body, 'whsec_other');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid Stripe signature',
    });
    expect(await server.container.db.select().from(webhookEvent)).toEqual([]);
  });

  it('keeps the subscription and the franchise status in step, once per event, in order', async () => {
    const f = await franchisorWithCard(server);
    const franchiseId = f.franchiseId ?? '';
    const t = new Date('2026-02-01T00:00:00Z');
    const created = event(
      'customer.subscription.created',
      stripeSubscription('sub_1', 'trialing', franchiseId, t),
      t,
    );
    expect((await deliver(created)).status).toBe(200);
    const { db } = server.container;
    const statusOf = async () =>
      (await db.select().from(franchise).where(eq(franchise.id, franchiseId)).get())
        ?.stripeSubscriptionStatus;
    expect(await statusOf()).toBe('trialing');
    const [row] = await db
      .select()
      .from(subscription)
      .where(eq(subscription.providerSubscriptionId, 'sub_1'));
    expect(row).toMatchObject({ provider: 'stripe', status: 'trialing', priceCents: 30_000 });

    const later = new Date(t.getTime() + 3_600_000);
    const active = event(
      'customer.subscription.updated',
      stripeSubscription('sub_1', 'active', franchiseId, t),
      later,
    );
    const first = await deliver(active);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf()).toBe('active');

    // The same event again: stored once, not applied again.
    const again = await deliver(active);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await db.select().from(webhookEvent).where(eq(webhookEvent.id, active.id))).toHaveLength(
      1,
    );

    // An older event arriving late changes nothing.
    const stale = event(
      'customer.subscription.updated',
      stripeSubscription('sub_1', 'past_due', franchiseId, t),
      new Date(t.getTime() + 60_000),
    );
    const staleCanceled = {
      ...stale,
      data: { object: { ...stale.data.object, status: 'canceled' } },
    };
    expect((await deliver(staleCanceled)).status).toBe(200);
    expect(await statusOf()).toBe('active');

    const gone = event(
      'customer.subscription.deleted',
      stripeSubscription('sub_1', 'canceled', franchiseId, t),
      new Date(later.getTime() + 60_000),
    );
    expect((await deliver(gone)).status).toBe(200);
    expect(await statusOf()).toBe('canceled');
  });

  it('posts a paid invoice to the ledger once, even when delivered twice under two event ids', async () => {
    const f = await franchisorWithCard(server);
    const franchiseId = f.franchiseId ?? '';
    const t = new Date('2026-02-01T00:00:00Z');
    await deliver(
      event(
        'customer.subscription.created',
        stripeSubscription('sub_2', 'active', franchiseId, t),
        t,
      ),
    );
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      amount_paid: 30_000,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_2' } },
    };
    await deliver(event('invoice.paid', invoice, t));
    await deliver(event('invoice.paid', invoice, t));
    const rows = await server.container.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, 'subscription_invoice:in_1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'subscription_invoice', franchiseId });
  });

  it('records a meeting charge that Stripe reports, and a failed attempt with its fee once', async () => {
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const { db, payments } = server.container;
    const make = async () => {
      const m = await insertMeeting(db, {
        consultantId: c.id,
        franchisorId: f.id,
        franchiseId: f.franchiseId,
        startAt: new Date(Date.now() - 86_400_000),
        durationMinutes: 30,
        rateCents: 5_000,
      });
      await payments.meetings.onBooked(m);
      await setMeetingStatus(db, m.id, 'completed');
      await payments.meetings.onCompleted(m);
      return m;
    };
    const paid = await make();
    const intent = (id: string, paymentId: string, extra: Record<string, unknown> = {}) => ({
      id,
      object: 'payment_intent',
      metadata: { kind: 'meeting_charge', paymentId, attempt: '0' },
      ...extra,
    });
    const now = new Date();
    await deliver(event('payment_intent.succeeded', intent('pi_ok', paid.id), now));
    await deliver(event('payment_intent.succeeded', intent('pi_ok', paid.id), now));
    const [row] = await db.select().from(payment).where(eq(payment.id, paid.id));
    expect(row).toMatchObject({ isPaid: true, amountCents: 10_000 });
    const captures = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `capture:${paid.id}`));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.providerReference).toBe('pi_ok');

    const failed = await make();
    const failure = intent('pi_bad', failed.id, {
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    await deliver(event('payment_intent.payment_failed', failure, now));
    await deliver(event('payment_intent.payment_failed', failure, now));
    const [failedRow] = await db.select().from(payment).where(eq(payment.id, failed.id));
    expect(failedRow).toMatchObject({
      isPaid: false,
      failureCode: 'insufficient_funds',
      chargeAttempts: 1,
    });
    const fees = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `declined_fee:${failed.id}`));
    expect(fees).toHaveLength(1);
    expect(await unbalancedTransactions(db)).toEqual([]);
  });

  it('answers 404 when no webhook secret is configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.fetch('/api/stripe/webhook', { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
