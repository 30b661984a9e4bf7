import { describe, expect, it } from 'vitest';
import { isLateCancellation, paidPeriodLeft } from './constants.ts';

describe('paidPeriodLeft', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const periodEnd = new Date('2026-12-19T12:00:00Z');
  const termEnd = new Date('2027-11-19T12:00:00Z');

  it('answers the period end while the month paid for runs, within the term', () => {
    expect(paidPeriodLeft({ currentPeriodEnd: periodEnd, termEndsAt: termEnd }, now)).toEqual(
      periodEnd,
    );
    expect(paidPeriodLeft({ currentPeriodEnd: periodEnd, termEndsAt: null }, now)).toEqual(
      periodEnd,
    );
  });

  it('answers null once the period or the term is over, or without a period', () => {
    expect(paidPeriodLeft({ currentPeriodEnd: now, termEndsAt: termEnd }, now)).toBeNull();
    expect(
      paidPeriodLeft({ currentPeriodEnd: periodEnd, termEndsAt: termEnd }, new Date(periodEnd)),
    ).toBeNull();
    expect(paidPeriodLeft({ currentPeriodEnd: periodEnd, termEndsAt: now }, now)).toBeNull();
    expect(paidPeriodLeft({ currentPeriodEnd: null, termEndsAt: termEnd }, now)).toBeNull();
  });
});

describe('isLateCancellation', () => {
  it('is late within 24 hours of the start, not before', () => {
    const start = new Date('2026-12-02T12:00:00Z');
    expect(isLateCancellation(start, new Date('2026-12-01T12:00:01Z'))).toBe(true);
    expect(isLateCancellation(start, new Date('2026-12-01T12:00:00Z'))).toBe(false);
  });
});
