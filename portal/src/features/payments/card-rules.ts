/**
 * Card input rules of the Payment Details form (user-area §5: card numbers up to 19 digits,
 * standard brands). Pure functions: no DOM, no network. The card number never leaves the browser:
 * in ledger mode a valid number is mapped to one of Stripe's test payment-method ids (rule 10); with
 * real Stripe keys Stripe.js Elements would collect the card instead.
 */

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/**
 * A saved card's brand as people read it: the label of a known brand, else the brand as the
 * provider sent it, or 'Card' when it sent none.
 */
export function cardBrandName(brand: string | null): string {
  if (!brand) return 'Card';
  return isCardBrand(brand) ? CARD_BRAND_LABELS[brand] : brand;
}

const isCardBrand = (value: string): value is CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(value);

export const MAX_CARD_DIGITS = 19;
const MIN_CARD_DIGITS = 12;

/** Valid lengths per brand. */
const BRAND_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  diners: [14, 15, 16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
};

export const CARD_MESSAGES = {
  nameRequired: 'Please enter the cardholder name',
  numberRequired: 'Please enter the card number',
  numberTooLong: `A card number has at most ${MAX_CARD_DIGITS} digits`,
  numberLength: 'The card number is incomplete',
  numberInvalid: 'The card number is invalid',
  expiryRequired: 'Please enter the expiry date',
  expiryFormat: 'Please enter the expiry date as MM/YY',
  expiryPast: 'The card has expired',
  cvcInvalid: 'The CVC has 3 or 4 digits',
} as const;

/** Only the digits of what was typed. */
export function digitsOf(input: string): string {
  return input.replace(/\D/g, '');
}

const inRange = (digits: string, length: number, from: number, to: number) => {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= from && prefix <= to;
};

/**
 * The brand of a card number from its leading digits (IIN ranges), or null when unknown.
 *
 * @example
 * ```ts
 * detectBrand('4242 4242'); // 'visa'
 * detectBrand('3782'); // 'amex'
 * ```
 */
export function detectBrand(input: string): CardBrand | null {
  const d = digitsOf(input);
  if (d.startsWith('4')) return 'visa';
  if (inRange(d, 2, 34, 34) || inRange(d, 2, 37, 37)) return 'amex';
  if (inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720)) return 'mastercard';
  if (d.startsWith('6011') || inRange(d, 3, 644, 649) || d.startsWith('65')) return 'discover';
  if (d.startsWith('62')) return 'unionpay';
  if (inRange(d, 4, 3528, 3589)) return 'jcb';
  if (inRange(d, 3, 300, 305) || d.startsWith('36') || d.startsWith('38') || d.startsWith('39')) {
    return 'diners';
  }
  return null;
}

/**
 * The Luhn (mod 10) check every card number passes.
 *
 * @example luhnValid('4242424242424242'); // true
 */
export function luhnValid(input: string): boolean {
  const d = digitsOf(input);
  if (d.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i += 1) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/**
 * Groups the digits as they are printed on the card (Amex 4-6-5, others by 4), at most 19 digits.
 *
 * @example formatCardNumber('4242424242424242'); // '4242 4242 4242 4242'
 */
export function formatCardNumber(input: string): string {
  const d = digitsOf(input).slice(0, MAX_CARD_DIGITS);
  if (detectBrand(d) === 'amex') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats the expiry as MM/YY while typing. */
export function formatExpiry(input: string): string {
  const d = digitsOf(input).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The card number's problem, or null when it is a plausible card number. */
export function cardNumberError(input: string): string | null {
  const d = digitsOf(input);
  if (d.length === 0) return CARD_MESSAGES.numberRequired;
  if (d.length > MAX_CARD_DIGITS) return CARD_MESSAGES.numberTooLong;
  const brand = detectBrand(d);
  const lengths = brand ? BRAND_LENGTHS[brand] : null;
  const lengthOk = lengths
    ? lengths.includes(d.length)
    : d.length >= MIN_CARD_DIGITS && d.length <= MAX_CARD_DIGITS;
  if (!lengthOk) {
    const longest = lengths ? Math.max(...lengths) : MAX_CARD_DIGITS;
    return d.length < longest ? CARD_MESSAGES.numberLength : CARD_MESSAGES.numberInvalid;
  }
  if (!luhnValid(d)) return CARD_MESSAGES.numberInvalid;
  return null;
}

/** Parses `MM/YY` (or `MM/YYYY`) into a month and a four-digit year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The expiry's problem, or null; a card is valid through the last day of its expiry month. */
export function expiryError(input: string, now: Date = new Date()): string | null {
  if (input.trim() === '') return CARD_MESSAGES.expiryRequired;
  const parsed = parseExpiry(input);
  if (!parsed) return CARD_MESSAGES.expiryFormat;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expiry = parsed.year * 12 + (parsed.month - 1);
  return expiry < current ? CARD_MESSAGES.expiryPast : null;
}

/** The CVC's problem, or null (3 or 4 digits; American Express uses 4). */
export function cvcError(input: string, brand: CardBrand | null = null): string | null {
  if (!/^\d{3,4}$/.test(input.trim())) return CARD_MESSAGES.cvcInvalid;
  if (brand === 'amex' && input.trim().length !== 4) return CARD_MESSAGES.cvcInvalid;
  return null;
}

export interface CardInput {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardInput, string>>;

/**
 * Every field's problem; an empty object means the card can be submitted.
 *
 * @example
 * ```ts
 * validateCard({ name: 'Ada', number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' });
 * // { number: 'The card number is invalid' }
 * ```
 */
export function validateCard(input: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (input.name.trim() === '') errors.name = CARD_MESSAGES.nameRequired;
  const number = cardNumberError(input.number);
  if (number) errors.number = number;
  const expiry = expiryError(input.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvc = cvcError(input.cvc, detectBrand(input.number));
  if (cvc) errors.cvc = cvc;
  return errors;
}

/**
 * Stripe's test cards that the ledger provider knows (rule 10), by card number, with what they do in
 * Stripe's test mode: the declined ones are refused when added; 0341 is added and then declines
 * every payment (a booking, the hold before a meeting, a charge).
 */
export const STRIPE_TEST_CARDS: readonly {
  number: string;
  paymentMethodId: string;
  description: string;
}[] = [
  { number: '4242424242424242', paymentMethodId: 'pm_card_visa', description: 'Visa, succeeds' },
  {
    number: '5555555555554444',
    paymentMethodId: 'pm_card_mastercard',
    description: 'Mastercard, succeeds',
  },
  {
    number: '4000056655665556',
    paymentMethodId: 'pm_card_visa_debit',
    description: 'Visa debit, succeeds',
  },
  {
    number: '371449635398431',
    paymentMethodId: 'pm_card_amex',
    description: 'American Express, succeeds',
  },
  {
    number: '6011111111111117',
    paymentMethodId: 'pm_card_discover',
    description: 'Discover, succeeds',
  },
  {
    number: '4000000000000002',
    paymentMethodId: 'pm_card_chargeDeclined',
    description: 'Visa, declined when added',
  },
  {
    number: '4000000000009995',
    paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    description: 'Visa, declined when added (insufficient funds)',
  },
  {
    number: '4000000000000341',
    paymentMethodId: 'pm_card_chargeCustomerFail',
    description: 'Visa, added, then every payment declined',
  },
];

/**
 * The test payment-method id for a card number in ledger mode, or null for any other number.
 *
 * @example testPaymentMethodIdFor('4242 4242 4242 4242'); // 'pm_card_visa'
 */
export function testPaymentMethodIdFor(input: string): string | null {
  const d = digitsOf(input);
  return STRIPE_TEST_CARDS.find((card) => card.number === d)?.paymentMethodId ?? null;
}

/** Spaced card number for display, e.g. in the list of accepted test cards. */
export function spacedTestNumber(number: string): string {
  return formatCardNumber(number);
}
