import { EARLY_ACCESS_PROMO_CODE } from '@fm/sdk/contracts';
import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const franchisorClient = async () => {
  const account = await server.signUp('franchisor');
  return createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(account) });
};

describe('payments through the SDK against the real server (ledger mode)', () => {
  it('adds a test card, subscribes with the early-access code and reads it back', async () => {
    const api = await franchisorClient();
    await expect(api.payments.getSubscription()).resolves.toMatchObject({
      status: null,
      label: 'Unsubscribed',
    });
    const card = await api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    await expect(api.payments.validatePromoCode('earlyaccess')).resolves.toMatchObject({
      valid: true,
      price: 300,
    });
    const sub = await api.payments.subscribe({ promoCode: EARLY_ACCESS_PROMO_CODE });
    expect(sub).toMatchObject({ status: 'active', price: 300, promoCode: EARLY_ACCESS_PROMO_CODE });
    await expect(api.payments.unsubscribe()).resolves.toMatchObject({ status: 'canceled' });
    await expect(api.payments.reactivateSubscription()).resolves.toMatchObject({
      status: 'active',
    });
    await expect(api.payments.getTotals()).resolves.toEqual({
      FUTURE: 0,
      PENDING: 0,
      COMPLETED: 0,
    });
    await expect(api.payments.listPayments()).resolves.toMatchObject({
      total: 0,
      page: 1,
      limit: 10,
      data: [],
    });
  });

  it("reports a declined card with the spec's operation text and Stripe's codes", async () => {
    const api = await franchisorClient();
    // As in Stripe's test mode, a declined card is refused when it is added, and nothing is saved.
    await expect(
      api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'PAYMENT_DECLINED',
      message:
        'Error creating payment method: Your card has insufficient funds. (card_declined: insufficient_funds)',
    });
    await expect(api.payments.listPaymentMethods()).resolves.toEqual([]);
    // The card that attaches and declines every charge.
    await api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_chargeCustomerFail' });
    await expect(api.payments.subscribe()).rejects.toMatchObject({
      status: 402,
      code: 'PAYMENT_DECLINED',
      message: 'Error subscribing: Your card was declined. (card_declined: generic_decline)',
    });
    await expect(
      api.payments.addPaymentMethod({ paymentMethodId: 'pm_bogus' }),
    ).rejects.toMatchObject({
      status: 400,
      errors: { paymentMethodId: "No such PaymentMethod: 'pm_bogus'" },
    });
  });
});
