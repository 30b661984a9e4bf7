import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { HoldUnusableError, PaymentDeclinedError, type PaymentProvider } from './provider.ts';
import { cardError, type StripeRequest, startStripeFake } from './stripe-fake.ts';
import { createStripeProvider, mapSubscriptionStatus } from './stripe-provider.ts';

const NOW = new Date('2026-03-02T12:00:00Z');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let fake: Awaited<ReturnType<typeof startStripeFake>>;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  provider = createStripeProvider({ stripe: fake.client, now: () => NOW });
});

const charge = {
  customerId: 'cus_1',
  providerMethodId: 'pm_1',
  amountCents: 15_000,
  idempotencyKey: 'charge:m1:0',
  description: 'Meeting',
  metadata: { kind: 'meeting_charge', paymentId: 'm1', attempt: '0' },
};

/** The request was sent under the idempotency key `key` and carries at least `params`. */
function expectSent(
  request: StripeRequest | undefined,
  key: string,
  params: Record<string, string>,
): void {
  expect(request?.headers['idempotency-key']).toBe(key);
  expect(request?.params).toMatchObject(params);
}

const subscriptionJson = (id: string, start: Date, end: Date, status = 'active') => ({
  id,
  object: 'subscription',
  status,
  start_date: unix(start),
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        current_period_start: unix(start),
        current_period_end: unix(end),
        price: { id: 'price_1', unit_amount: 49_700 },
      },
    ],
  },
});

describe('the Stripe adapter (the stripe package against a local fake of its API)', () => {
  it('creates a customer once per franchise, under an idempotency key', async () => {
    fake.on('POST /v1/customers', () => ({ json: { id: 'cus_new', object: 'customer' } }));
    await expect(
      provider.ensureCustomer({
        franchiseId: 'f1',
        customerId: null,
        email: 'a@b.example',
        name: 'Acme',
      }),
    ).resolves.toBe('cus_new');
    await expect(
      provider.ensureCustomer({
        franchiseId: 'f1',
        customerId: 'cus_old',
        email: null,
        name: 'Acme',
      }),
    ).resolves.toBe('cus_old');
    const [request] = fake.to('POST /v1/customers');
    expect(fake.requests).toHaveLength(1);
    expectSent(request, 'customer:f1', {
      email: 'a@b.example',
      name: 'Acme',
      'metadata[franchiseId]': 'f1',
    });
  });

  it('attaches a PaymentMethod and keeps only brand, last4 and expiry', async () => {
    fake.on('POST /v1/payment_methods/pm_1/attach', () => ({
      json: {
        id: 'pm_1',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
      },
    }));
    await expect(
      provider.attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_1' }),
    ).resolves.toEqual({
      providerMethodId: 'pm_1',
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
    });
    expect(fake.requests[0]?.params).toEqual({ customer: 'cus_1' });
  });

  it('turns an unknown PaymentMethod into 400 and a declined attach into a decline', async () => {
    fake.on('POST /v1/payment_methods/pm_x/attach', () => ({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_x'",
        },
      },
    }));
    const error = await provider
      .attachMethod({ customerId: 'c', paymentMethodId: 'pm_x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).errors).toEqual({
      paymentMethodId: "No such PaymentMethod: 'pm_x'",
    });
  });

  it('checks a card with a confirmed off-session SetupIntent', async () => {
    fake.on('POST /v1/setup_intents', () => ({
      json: { id: 'seti_1', object: 'setup_intent', status: 'succeeded' },
    }));
    await provider.verifyMethod({
      customerId: 'cus_1',
      providerMethodId: 'pm_1',
      idempotencyKey: 'verify:m1',
    });
    const [request] = fake.requests;
    expectSent(request, 'verify:m1', {
      customer: 'cus_1',
      payment_method: 'pm_1',
      confirm: 'true',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
    fake.on('POST /v1/setup_intents', () =>
      cardError('generic_decline', 'Your card was declined.'),
    );
    await expect(
      provider.verifyMethod({
        customerId: 'cus_1',
        providerMethodId: 'pm_1',
        idempotencyKey: 'verify:m2',
      }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('holds with a manual-capture PaymentIntent and reads when the hold expires', async () => {
    const captureBefore = unix(new Date('2026-03-08T12:00:00Z'));
    fake.on('POST /v1/payment_intents', () => ({
      json: {
        id: 'pi_hold',
        object: 'payment_intent',
        status: 'requires_capture',
        latest_charge: {
          id: 'ch_1',
          object: 'charge',
          payment_method_details: { card: { capture_before: captureBefore } },
        },
      },
    }));
    const hold = await provider.authorize({ ...charge, idempotencyKey: 'hold:m1:0' });
    expect(hold).toEqual({ holdId: 'pi_hold', expiresAt: new Date(captureBefore * 1000) });
    const [request] = fake.requests;
    expectSent(request, 'hold:m1:0', {
      amount: '15000',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      capture_method: 'manual',
      confirm: 'true',
      off_session: 'true',
      'metadata[paymentId]': 'm1',
      'expand[0]': 'latest_charge',
    });
  });

  it('captures part of a hold and releases holds, ignoring ones already gone', async () => {
    fake.on('POST /v1/payment_intents/pi_hold/capture', () => ({
      json: { id: 'pi_hold', object: 'payment_intent', status: 'succeeded' },
    }));
    await expect(
      provider.capture({ holdId: 'pi_hold', amountCents: 10_000, idempotencyKey: 'charge:m1:0' }),
    ).resolves.toEqual({ reference: 'pi_hold' });
    expect(fake.requests[0]?.params).toEqual({ amount_to_capture: '10000' });
    expect(fake.requests[0]?.headers['idempotency-key']).toBe('charge:m1:0');

    fake.on('POST /v1/payment_intents/pi_gone/capture', () => ({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'canceled',
        },
      },
    }));
    await expect(
      provider.capture({ holdId: 'pi_gone', amountCents: 10_000, idempotencyKey: 'charge:m2:0' }),
    ).rejects.toBeInstanceOf(HoldUnusableError);

    fake.on('POST /v1/payment_intents/pi_hold/cancel', () => ({
      status: 400,
      json: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'already canceled',
        },
      },
    }));
    await expect(
      provider.release({ holdId: 'pi_hold', idempotencyKey: 'release:m1' }),
    ).resolves.toBeUndefined();
    expect(fake.to('POST /v1/payment_intents/pi_hold/cancel')[0]?.headers['idempotency-key']).toBe(
      'release:m1',
    );
  });

  it('charges off-session and maps card_declined to 402 PAYMENT_DECLINED with Stripe codes', async () => {
    fake.on('POST /v1/payment_intents', () => ({
      json: { id: 'pi_ok', object: 'payment_intent', status: 'succeeded' },
    }));
    await expect(provider.chargeOffSession(charge)).resolves.toEqual({ reference: 'pi_ok' });
    expect(fake.requests[0]?.params).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(fake.requests[0]?.params.capture_method).toBeUndefined();

    fake.on('POST /v1/payment_intents', () =>
      cardError('insufficient_funds', 'Your card has insufficient funds.'),
    );
    const error = await provider
      .chargeOffSession({ ...charge, idempotencyKey: 'charge:m1:1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    const declined = error as PaymentDeclinedError;
    expect(declined.failureCode).toBe('insufficient_funds');
    const api = declined.toAppError();
    expect(api.status).toBe(402);
    expect(api.code).toBe('PAYMENT_DECLINED');
    expect(api.message).toBe(
      'Your card has insufficient funds. (card_declined: insufficient_funds)',
    );
  });

  it('treats a PaymentIntent that needs authentication as declined', async () => {
    fake.on('POST /v1/payment_intents', () => ({
      json: {
        id: 'pi_3ds',
        object: 'payment_intent',
        status: 'requires_action',
        last_payment_error: null,
      },
    }));
    const error = await provider.chargeOffSession(charge).catch((e: unknown) => e);
    expect((error as PaymentDeclinedError).code).toBe('authentication_required');
  });

  it('refunds a charge under its key, carried in the metadata so it is found again', async () => {
    fake.on('POST /v1/refunds', () => ({ json: { id: 're_1', object: 'refund' } }));
    await expect(
      provider.refund({ reference: 'pi_ok', amountCents: 500, idempotencyKey: 'refund:m1' }),
    ).resolves.toEqual({ reference: 're_1' });
    expect(fake.requests[0]?.params).toEqual({
      payment_intent: 'pi_ok',
      amount: '500',
      'metadata[attemptKey]': 'refund:m1',
    });
    expect(fake.requests[0]?.headers['idempotency-key']).toBe('refund:m1');
    const refund = (id: string, attemptKey: string, status = 'succeeded') => ({
      id,
      object: 'refund',
      amount: 500,
      status,
      payment_intent: 'pi_ok',
      metadata: { attemptKey },
    });
    fake.on('GET /v1/refunds', () => ({
      json: {
        object: 'list',
        url: '/v1/refunds',
        has_more: false,
        data: [
          refund('re_other', 'refund:m2'),
          refund('re_failed', 'refund:m1', 'failed'),
          refund('re_1', 'refund:m1'),
        ],
      },
    }));
    await expect(
      provider.findRefund({ reference: 'pi_ok', idempotencyKey: 'refund:m1' }),
    ).resolves.toEqual({ reference: 're_1', amountCents: 500 });
    expect(fake.to('GET /v1/refunds')[0]?.params).toMatchObject({ payment_intent: 'pi_ok' });
    await expect(
      provider.findRefund({ reference: 'pi_ok', idempotencyKey: 'refund:m3' }),
    ).resolves.toBeNull();
  });

  it('subscribes on a $300 or $497 Price found by lookup key, created once', async () => {
    let prices = 0;
    fake.on('GET /v1/prices', () => ({
      json: { object: 'list', data: [], has_more: false, url: '/v1/prices' },
    }));
    fake.on('POST /v1/prices', () => ({ json: { id: `price_${++prices}`, object: 'price' } }));
    const end = new Date('2026-04-02T12:00:00Z');
    fake.on('POST /v1/subscriptions', () => ({ json: subscriptionJson('sub_1', NOW, end) }));
    const sub = await provider.createSubscription({
      customerId: 'cus_1',
      providerMethodId: 'pm_1',
      priceCents: 30_000,
      idempotencyKey: 'subscription:f1:0',
      metadata: { franchiseId: 'f1', promoCode: 'EARLYACCESS' },
    });
    expect(sub).toEqual({
      providerSubscriptionId: 'sub_1',
      status: 'active',
      currentPeriodStart: NOW,
      currentPeriodEnd: end,
    });
    expect(fake.to('GET /v1/prices')[0]?.params).toMatchObject({
      'lookup_keys[0]': 'fm_subscription_monthly_30000',
    });
    expect(fake.to('POST /v1/prices')[0]?.params).toMatchObject({
      currency: 'usd',
      unit_amount: '30000',
      'recurring[interval]': 'month',
      lookup_key: 'fm_subscription_monthly_30000',
    });
    const [created] = fake.to('POST /v1/subscriptions');
    expectSent(created, 'subscription:f1:0', {
      customer: 'cus_1',
      'items[0][price]': 'price_1',
      default_payment_method: 'pm_1',
      payment_behavior: 'error_if_incomplete',
      'metadata[promoCode]': 'EARLYACCESS',
    });
    // The same price again: no lookup, no creation.
    await provider.createSubscription({
      customerId: 'cus_1',
      providerMethodId: 'pm_1',
      priceCents: 30_000,
      idempotencyKey: 'subscription:f1:1',
      metadata: {},
      firstInvoiceAt: end,
    });
    expect(fake.to('GET /v1/prices')).toHaveLength(1);
    expect(fake.to('POST /v1/subscriptions')[1]?.params).toMatchObject({
      billing_cycle_anchor: String(unix(end)),
      proration_behavior: 'none',
    });
    // An existing $497 Price is reused.
    fake.on('GET /v1/prices', () => ({
      json: { object: 'list', data: [{ id: 'price_497', object: 'price' }], has_more: false },
    }));
    await provider.createSubscription({
      customerId: 'c',
      providerMethodId: 'pm_1',
      priceCents: 49_700,
      idempotencyKey: 's',
      metadata: {},
    });
    expect(fake.to('POST /v1/subscriptions')[2]?.params['items[0][price]']).toBe('price_497');
    expect(fake.to('POST /v1/prices')).toHaveLength(1);
  });

  it('cancels subscriptions and pays consultants by Connect transfer or the payout ledger', async () => {
    fake.on('DELETE /v1/subscriptions/sub_1', () => ({
      json: subscriptionJson('sub_1', NOW, NOW, 'canceled'),
    }));
    await provider.cancelSubscription({
      providerSubscriptionId: 'sub_1',
      idempotencyKey: 'cancel:sub_1',
    });
    expect(fake.to('DELETE /v1/subscriptions/sub_1')).toHaveLength(1);

    await expect(
      provider.payout({
        consultantId: 'c1',
        amountCents: 8_000,
        period: '2026-02',
        idempotencyKey: 'payout:c1:2026-02',
        destinationAccountId: null,
      }),
    ).resolves.toEqual({ status: 'pending', reference: null });
    fake.on('POST /v1/transfers', () => ({ json: { id: 'tr_1', object: 'transfer' } }));
    await expect(
      provider.payout({
        consultantId: 'c1',
        amountCents: 8_000,
        period: '2026-02',
        idempotencyKey: 'payout:c1:2026-02',
        destinationAccountId: 'acct_1',
      }),
    ).resolves.toEqual({ status: 'paid', reference: 'tr_1' });
    const [transfer] = fake.to('POST /v1/transfers');
    expectSent(transfer, 'payout:c1:2026-02', {
      amount: '8000',
      currency: 'usd',
      destination: 'acct_1',
    });
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const offline = createStripeProvider({
      stripe: new Stripe('sk_test_x', {
        host: '127.0.0.1',
        port: 1,
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
      now: () => NOW,
    });
    const error = await offline.chargeOffSession(charge).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
  });

  it("maps Stripe's subscription statuses to active, trialing and canceled", () => {
    expect(mapSubscriptionStatus('active')).toBe('active');
    expect(mapSubscriptionStatus('past_due')).toBe('active');
    expect(mapSubscriptionStatus('trialing')).toBe('trialing');
    expect(mapSubscriptionStatus('canceled')).toBe('canceled');
    expect(mapSubscriptionStatus('unpaid')).toBe('canceled');
    expect(mapSubscriptionStatus('incomplete_expired')).toBe('canceled');
    expect(mapSubscriptionStatus('incomplete')).toBe('incomplete');
  });
});
