import {
  CONSULTANT_SHARE_PERCENT,
  DECLINED_CARD_FEE_CENTS,
  EARLY_ACCESS_PRICE_CENTS,
  LATE_CANCELLATION_HOURS,
  MINIMUM_AGE,
  PLATFORM_FEE_PERCENT,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_TERM_MONTHS,
} from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type LegalDocument,
  PRIVACY_POLICY,
  TERMS_AND_CONDITIONS,
  TERMS_OF_USE_CONSULTANT,
  TERMS_OF_USE_FRANCHISOR,
} from './legal-documents.ts';

const textOf = (document: LegalDocument) =>
  [document.intro ?? '', ...document.sections.flatMap((s) => s.paragraphs)].join('\n');

const dollars = (cents: number) => `$${cents / 100}`;

/** admin-panel §1 and §9: every fee and term, with its numbers from the contract. */
const TERMS = {
  subscription: `${dollars(SUBSCRIPTION_PRICE_CENTS)} per month on a ${SUBSCRIPTION_TERM_MONTHS}-month term`,
  earlyAccess: `${dollars(EARLY_ACCESS_PRICE_CENTS)} per month with a valid early-access promo code`,
  consultantsFree: 'Consultants pay no monthly fee.',
  split: `keeps ${PLATFORM_FEE_PERCENT}% of each completed, verified meeting; ${CONSULTANT_SHARE_PERCENT}% goes to the consultant`,
  weekly: 'Franchisor card payments for completed meetings are processed weekly.',
  monthly: 'Consultants are paid monthly by ACH.',
  declined: `adds a fee of ${dollars(DECLINED_CARD_FEE_CENTS)}`,
  noShows: 'No-shows are still charged.',
  cancellation: `within ${LATE_CANCELLATION_HOURS} hours of its start is at the consultant's discretion: it may be rescheduled or charged`,
  age: `You must be ${MINIMUM_AGE} or older`,
} as const;

describe('legal documents', () => {
  it('the Terms and Conditions state every fee and term', () => {
    const text = textOf(TERMS_AND_CONDITIONS);
    for (const term of Object.values(TERMS)) expect(text).toContain(term);
  });

  it('the numbers are the spec’s', () => {
    const text = textOf(TERMS_AND_CONDITIONS);
    for (const literal of ['$497', '$300', '12-month', '20%', '80%', '$25', '24 hours', '18']) {
      expect(text).toContain(literal);
    }
  });

  it('the franchisor terms of use state what a franchisor pays', () => {
    const text = textOf(TERMS_OF_USE_FRANCHISOR);
    for (const key of [
      'subscription',
      'earlyAccess',
      'weekly',
      'declined',
      'noShows',
      'cancellation',
      'age',
    ] as const) {
      expect(text).toContain(TERMS[key]);
    }
  });

  it('the consultant terms of use state what a consultant earns', () => {
    const text = textOf(TERMS_OF_USE_CONSULTANT);
    for (const key of [
      'consultantsFree',
      'split',
      'monthly',
      'noShows',
      'cancellation',
      'age',
    ] as const) {
      expect(text).toContain(TERMS[key]);
    }
  });

  it('the privacy policy states the age rule', () => {
    expect(textOf(PRIVACY_POLICY)).toContain(TERMS.age);
  });
});
