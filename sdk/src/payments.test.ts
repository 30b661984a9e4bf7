import { describe, expect, it } from 'vitest';
import { fixtures, rejection, useTestClient } from './test-api-server.ts';

const t = useTestClient({ token: 'tok', refreshToken: 'ref', user: fixtures.user });

const card = {
  id: 'pm1',
  stripePaymentMethodType: 'card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
};
const subscription = {
  status: 'active',
  label: 'Active',
  price: 300,
  promoCode: 'EARLYACCESS',
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  termEndsAt: '2027-03-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
};

describe('payment methods', () => {
  it('posts, lists and deletes cards', async () => {
    t.server.route('POST /api/users/payment-method', () => ({ status: 201, json: card }));
    t.server.route('GET /api/users/payment-method', () => ({ json: { data: [card] } }));
    t.server.route('DELETE /api/users/payment-method/pm%2F1', () => ({ json: { ok: true } }));
    await expect(
      t.api.payments.addPaymentMethod({ paymentMethodId: ' pm_card_visa ' }),
    ).resolves.toEqual(card);
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({
      paymentMethodId: 'pm_card_visa',
    });
    await expect(t.api.payments.listPaymentMethods()).resolves.toEqual([card]);
    await t.api.payments.deletePaymentMethod('pm/1');
    expect(t.server.requestsTo('DELETE /api/users/payment-method/pm%2F1')).toHaveLength(1);
  });

  it('refuses an empty card before sending and reports a decline with the operation text', async () => {
    const empty = await rejection(t.api.payments.addPaymentMethod({ paymentMethodId: '' }));
    expect(empty.errors).toEqual({ paymentMethodId: 'Please add a card' });
    expect(t.server.requests).toHaveLength(0);
    t.server.route('POST /api/users/payment-method', () => ({
      status: 402,
      json: {
        message: 'Your card was declined. (card_declined: generic_decline)',
        code: 'PAYMENT_DECLINED',
      },
    }));
    const declined = await rejection(
      t.api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_chargeDeclined' }),
    );
    expect(declined.status).toBe(402);
    expect(declined.code).toBe('PAYMENT_DECLINED');
    expect(declined.message).toBe(
      'Error creating payment method: Your card was declined. (card_declined: generic_decline)',
    );
  });
});

describe('payments pages', () => {
  it('sends the list query, and reads totals and the chart', async () => {
    t.server.route('GET /api/users/payments', () => ({
      json: { total: 0, page: 2, limit: 5, data: [] },
    }));
    t.server.route('GET /api/users/payments-total', () => ({
      json: { FUTURE: 1, PENDING: 2.5, COMPLETED: 3 },
    }));
    t.server.route('GET /api/users/payments-graph', () => ({
      json: {
        period: 'year',
        points: [{ label: 'Jan 2026', start: '2026-01-01T00:00:00.000Z', amount: 10 }],
      },
    }));
    await t.api.payments.listPayments({ page: 2, limit: 5, status: 'completed' });
    expect(t.server.requests[0]?.url).toBe('/api/users/payments?page=2&limit=5&status=completed');
    await expect(t.api.payments.getTotals()).resolves.toEqual({
      FUTURE: 1,
      PENDING: 2.5,
      COMPLETED: 3,
    });
    await t.api.payments.getGraph('year');
    expect(t.server.requestsTo('GET /api/users/payments-graph')[0]?.url).toBe(
      '/api/users/payments-graph?period=year',
    );
    await t.api.payments.getGraph();
    expect(t.server.requestsTo('GET /api/users/payments-graph')[1]?.url).toBe(
      '/api/users/payments-graph?period=month',
    );
    const tooMany = await rejection(t.api.payments.listPayments({ limit: 1000 }));
    expect(tooMany.operation).toBe('fetchPayments');
  });

  it('names the operation of a failure as the spec does', async () => {
    t.server.route('GET /api/users/payments-total', () => ({ status: 500, raw: '' }));
    const error = await rejection(t.api.payments.getTotals());
    expect(error.message).toBe(
      'Error fetching payments total: Something went wrong. Please try again.',
    );
  });
});

describe('subscription', () => {
  it('validates a code, subscribes, unsubscribes and reactivates', async () => {
    t.server.route('POST /api/users/validate-promo-code', () => ({
      json: { valid: true, price: 300, message: 'Promo code applied' },
    }));
    t.server.route('POST /api/users/subscribe', () => ({ json: subscription }));
    t.server.route('POST /api/users/unsubscribe', () => ({
      json: { ...subscription, status: 'canceled', label: 'Canceled' },
    }));
    t.server.route('POST /api/users/reactivate-subscription', () => ({ json: subscription }));
    t.server.route('GET /api/users/subscription', () => ({ json: subscription }));
    await expect(t.api.payments.validatePromoCode(' earlyaccess ')).resolves.toMatchObject({
      valid: true,
    });
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({ promoCode: 'EARLYACCESS' });
    await t.api.payments.subscribe({ promoCode: 'earlyaccess' });
    expect(JSON.parse(t.server.requestsTo('POST /api/users/subscribe')[0]?.body ?? '')).toEqual({
      promoCode: 'EARLYACCESS',
    });
    await t.api.payments.subscribe();
    expect(JSON.parse(t.server.requestsTo('POST /api/users/subscribe')[1]?.body ?? '')).toEqual({});
    await expect(t.api.payments.unsubscribe()).resolves.toMatchObject({ status: 'canceled' });
    await expect(t.api.payments.reactivateSubscription()).resolves.toEqual(subscription);
    await expect(t.api.payments.getSubscription()).resolves.toEqual(subscription);
  });

  it('surfaces an invalid code under its field', async () => {
    t.server.route('POST /api/users/subscribe', () => ({
      status: 400,
      json: {
        message: 'This promo code is not valid',
        code: 'VALIDATION_FAILED',
        errors: { promoCode: 'This promo code is not valid' },
      },
    }));
    const error = await rejection(t.api.payments.subscribe({ promoCode: 'NOPE' }));
    expect(error.message).toBe('Error subscribing: This promo code is not valid');
    expect(error.errors).toEqual({ promoCode: 'This promo code is not valid' });
  });
});

describe('payouts and late cancellations', () => {
  it('lists payouts and downloads a statement as CSV text', async () => {
    const payout = {
      id: 'po/1',
      period: '2026-02',
      amount: 279.95,
      status: 'paid',
      createdAt: '2026-03-01T07:00:00.000Z',
      statementUrl: '/api/users/payouts/po%2F1/statement.csv',
    };
    t.server.route('GET /api/users/payouts', () => ({ json: { data: [payout] } }));
    t.server.route('GET /api/users/payouts/po%2F1/statement.csv', () => ({
      headers: { 'content-type': 'text/csv' },
      raw: 'Date,Type\r\n',
    }));
    await expect(t.api.payments.listPayouts()).resolves.toEqual([payout]);
    await expect(t.api.payments.downloadPayoutStatement('po/1')).resolves.toBe('Date,Type\r\n');
    t.server.route('GET /api/users/payouts/po%2F1/statement.csv', () => ({
      status: 404,
      json: { message: 'Not found', code: 'NOT_FOUND' },
    }));
    const error = await rejection(t.api.payments.downloadPayoutStatement('po/1'));
    expect(error.message).toBe('Error downloading payout statement: Not found');
  });

  it('lists and resolves late cancellations', async () => {
    t.server.route('GET /api/users/late-cancellations', () => ({
      json: {
        data: [
          {
            paymentId: 'p1',
            franchise: null,
            start: null,
            amount: 50,
            cancelledAt: '2026-03-01T00:00:00.000Z',
            durationMinutes: 60,
            proposedStarts: null,
          },
        ],
      },
    }));
    t.server.route('POST /api/users/payments/p1/late-cancellation', () => ({
      json: { result: 'charged' },
    }));
    await expect(t.api.payments.listLateCancellations()).resolves.toHaveLength(1);
    await expect(t.api.payments.resolveLateCancellation('p1', 'charge')).resolves.toEqual({
      result: 'charged',
    });
    expect(
      JSON.parse(
        t.server.requestsTo('POST /api/users/payments/p1/late-cancellation')[0]?.body ?? '',
      ),
    ).toEqual({
      decision: 'charge',
    });
  });
});
