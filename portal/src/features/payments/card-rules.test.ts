import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrandName,
  cardNumberError,
  cvcError,
  detectBrand,
  expiryError,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  STRIPE_TEST_CARDS,
  testPaymentMethodIdFor,
  validateCard,
} from './card-rules.ts';

const now = new Date(2026, 4, 15); // 15 May 2026, local time

describe('cardBrandName', () => {
  it('reads a known brand by its label, an unknown one as sent, and none as Card', () => {
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('diners')).toBe('Diners Club');
    expect(cardBrandName('cartes_bancaires')).toBe('cartes_bancaires');
    expect(cardBrandName(null)).toBe('Card');
  });
});

describe('detectBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['371449635398431', 'amex'],
    ['340000000000009', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['36227206271667', 'diners'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999', null],
    ['', null],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });
});

describe('luhnValid', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    for (const card of STRIPE_TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('cardNumberError', () => {
  it('checks presence, length (at most 19) and Luhn', () => {
    expect(cardNumberError('')).toBe(CARD_MESSAGES.numberRequired);
    expect(cardNumberError('4242 4242')).toBe(CARD_MESSAGES.numberLength);
    expect(cardNumberError('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4'.repeat(20))).toBe(CARD_MESSAGES.numberTooLong);
    // A 19-digit UnionPay number passing Luhn.
    expect(cardNumberError('6212345678901265')).toBeNull();
    expect(cardNumberError('6212345678900000003')).toBeNull();
  });
});

describe('formatting', () => {
  it('groups digits and the expiry', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('371449635398431')).toBe('3714 496353 98431');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});

describe('expiry and CVC', () => {
  it('refuses a past month but accepts the current one', () => {
    expect(expiryError('', now)).toBe(CARD_MESSAGES.expiryRequired);
    expect(expiryError('13/30', now)).toBe(CARD_MESSAGES.expiryFormat);
    expect(expiryError('04/26', now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('05/26', now)).toBeNull();
    expect(expiryError('12/2030', now)).toBeNull();
  });
  it('wants 3 or 4 digits, 4 for Amex', () => {
    expect(cvcError('12')).toBe(CARD_MESSAGES.cvcInvalid);
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
    expect(cvcError('123', 'amex')).toBe(CARD_MESSAGES.cvcInvalid);
  });
});

describe('validateCard', () => {
  it('reports every field', () => {
    expect(validateCard({ name: '', number: '', expiry: '', cvc: '' }, now)).toEqual({
      name: CARD_MESSAGES.nameRequired,
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryRequired,
      cvc: CARD_MESSAGES.cvcInvalid,
    });
    expect(
      validateCard(
        { name: 'Ada', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
        now,
      ),
    ).toEqual({});
  });
});

describe('test payment-method ids', () => {
  it('maps the Stripe test cards and nothing else', () => {
    expect(testPaymentMethodIdFor('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(testPaymentMethodIdFor('5555 5555 5555 4444')).toBe('pm_card_mastercard');
    expect(testPaymentMethodIdFor('4000 0000 0000 0002')).toBe('pm_card_chargeDeclined');
    expect(testPaymentMethodIdFor('4000 0000 0000 9995')).toBe(
      'pm_card_chargeDeclinedInsufficientFunds',
    );
    expect(testPaymentMethodIdFor('4000 0000 0000 0341')).toBe('pm_card_chargeCustomerFail');
    expect(testPaymentMethodIdFor('4012 8888 8888 1881')).toBeNull();
  });

  it('lists only numbers the card rules accept', () => {
    for (const card of STRIPE_TEST_CARDS) {
      expect(
        validateCard({ name: 'Ada', number: card.number, expiry: '12/30', cvc: '1234' }, now),
      ).toEqual({});
    }
  });
});
