import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createLedgerProvider } from './ledger-provider.ts';
import { PaymentDeclinedError } from './provider.ts';

const now = () => new Date('2026-03-02T12:00:00Z');
const provider = createLedgerProvider({ now });
const charge = (providerMethodId: string, idempotencyKey = 'charge:m1:0') => ({
  customerId: 'cus_1',
  providerMethodId,
  amountCents: 5_000,
  idempotencyKey,
  description: 'test',
  metadata: {},
});

describe('the ledger provider: Stripe test cards as in test mode', () => {
  it('attaches known test cards with brand, last4 and a fixed expiry', async () => {
    await expect(
      provider.attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_card_visa' }),
    ).resolves.toEqual({
      providerMethodId: 'pm_card_visa',
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    await expect(
      provider.attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_card_mastercard' }),
    ).resolves.toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it("refuses to attach the declined cards, as Stripe's test mode does", async () => {
    const generic = await provider
      .attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect((generic as PaymentDeclinedError).displayMessage).toBe(
      'Your card was declined. (card_declined: generic_decline)',
    );
    const funds = await provider
      .attachMethod({
        customerId: 'cus_1',
        paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      })
      .catch((e: unknown) => e);
    expect((funds as PaymentDeclinedError).declineCode).toBe('insufficient_funds');
    await expect(
      provider.attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_card_chargeCustomerFail' }),
    ).resolves.toMatchObject({ brand: 'visa', last4: '0341' });
  });

  it('refuses unknown ids with 400', async () => {
    const error = await provider
      .attachMethod({ customerId: 'cus_1', paymentMethodId: 'pm_nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).errors?.paymentMethodId).toMatch(/No such PaymentMethod/);
  });

  it('declines the declined cards with Stripe decline codes', async () => {
    const generic = await provider
      .chargeOffSession(charge('pm_card_chargeDeclined'))
      .catch((e: unknown) => e);
    expect(generic).toBeInstanceOf(PaymentDeclinedError);
    expect((generic as PaymentDeclinedError).displayMessage).toBe(
      'Your card was declined. (card_declined: generic_decline)',
    );
    const funds = await provider
      .authorize(charge('pm_card_chargeDeclinedInsufficientFunds'))
      .catch((e: unknown) => e);
    expect((funds as PaymentDeclinedError).declineCode).toBe('insufficient_funds');
    await expect(
      provider.verifyMethod({
        customerId: 'c',
        providerMethodId: 'pm_card_chargeDeclined',
        idempotencyKey: 'v',
      }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
    // Attaches and passes the card check, but charges fail (Stripe's pm_card_chargeCustomerFail).
    await expect(
      provider.verifyMethod({
        customerId: 'c',
        providerMethodId: 'pm_card_chargeCustomerFail',
        idempotencyKey: 'v',
      }),
    ).resolves.toBeUndefined();
    await expect(
      provider.chargeOffSession(charge('pm_card_chargeCustomerFail')),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('answers the same reference for the same idempotency key', async () => {
    const a = await provider.chargeOffSession(charge('pm_card_visa', 'k1'));
    const b = await provider.chargeOffSession(charge('pm_card_visa', 'k1'));
    const c = await provider.chargeOffSession(charge('pm_card_visa', 'k2'));
    expect(a).toEqual(b);
    expect(c.reference).not.toBe(a.reference);
    const hold = await provider.authorize(charge('pm_card_visa', 'hold:m1:0'));
    expect(hold.expiresAt).toEqual(new Date('2026-03-09T12:00:00Z'));
  });

  it('finds a refund it made by its key, and none it did not make', async () => {
    const own = createLedgerProvider({ now });
    const input = { reference: 'pi_x', idempotencyKey: 'refund:p-find' };
    await expect(own.findRefund(input)).resolves.toBeNull();
    const made = await own.refund({ ...input, amountCents: 700 });
    await expect(own.findRefund(input)).resolves.toEqual({ ...made, amountCents: 700 });
    await expect(
      own.findRefund({ ...input, idempotencyKey: 'refund:p-other' }),
    ).resolves.toBeNull();
  });

  it('starts subscriptions for a month, or until an already paid period ends', async () => {
    const sub = await provider.createSubscription({
      customerId: 'c',
      providerMethodId: 'pm_card_visa',
      priceCents: 49_700,
      idempotencyKey: 's1',
      metadata: {},
    });
    expect(sub).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2026-04-02T12:00:00Z'),
    });
    await expect(
      provider.createSubscription({
        customerId: 'c',
        providerMethodId: 'pm_card_chargeDeclined',
        priceCents: 49_700,
        idempotencyKey: 's2',
        metadata: {},
      }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });
});
