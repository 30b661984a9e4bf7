import { PLATFORM_FEE_PERCENT } from '@fm/sdk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  formatUsd,
  holdPlan,
  isHoldUsable,
  isLateCancellation,
  isoWeek,
  meetingAmountCents,
  monthPeriod,
  periodBounds,
  previousPeriod,
  splitCharge,
  toDollars,
} from './money-rules.ts';

const HOUR = 3_600_000;

describe('meetingAmountCents', () => {
  it('is floor(duration / 15) × rate for every duration and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (d, r) => {
          const amount = meetingAmountCents(d, r);
          expect(amount).toBe(Math.floor(d / 15) * r);
          expect(Number.isSafeInteger(amount)).toBe(true);
          // A started quarter hour is never charged.
          expect(meetingAmountCents(d - (d % 15), r)).toBe(amount);
        },
      ),
    );
  });
});

describe('splitCharge', () => {
  it('keeps 20 % (rounded down) for the platform and gives the rest to the consultant, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (total) => {
        const { platformFeeCents, consultantShareCents } = splitCharge(total);
        expect(platformFeeCents + consultantShareCents).toBe(total);
        expect(platformFeeCents).toBe(Math.floor((total * PLATFORM_FEE_PERCENT) / 100));
        expect(Number.isInteger(platformFeeCents) && Number.isInteger(consultantShareCents)).toBe(
          true,
        );
        // The consultant never gets less than 80 %.
        expect(consultantShareCents * 100).toBeGreaterThanOrEqual(total * 80);
        expect(platformFeeCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('splits meeting amounts for every duration and rate', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(15, 30, 45, 60, 90, 120),
        fc.integer({ min: 100, max: 100_000 }),
        (duration, rate) => {
          const total = meetingAmountCents(duration, rate);
          const split = splitCharge(total);
          expect(split.platformFeeCents + split.consultantShareCents).toBe(total);
        },
      ),
    );
  });

  it('knows worked examples and refuses fractions', () => {
    expect(splitCharge(5_001)).toEqual({ platformFeeCents: 1_000, consultantShareCents: 4_001 });
    expect(splitCharge(15_000)).toEqual({ platformFeeCents: 3_000, consultantShareCents: 12_000 });
    expect(() => splitCharge(1.5)).toThrow(RangeError);
    expect(() => splitCharge(-1)).toThrow(RangeError);
  });
});

describe('holds (rule 10)', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  it('holds at booking within five days, otherwise 48 hours before the start', () => {
    expect(holdPlan(new Date(now.getTime() + 2 * HOUR), now)).toEqual({ at: 'booking' });
    expect(holdPlan(new Date(now.getTime() + 120 * HOUR), now)).toEqual({ at: 'booking' });
    const far = new Date(now.getTime() + 200 * HOUR);
    expect(holdPlan(far, now)).toEqual({ at: 'later', dueAt: new Date(far.getTime() - 48 * HOUR) });
  });
  it('captures a hold only while it is valid, with an hour to spare', () => {
    expect(isHoldUsable(null, now)).toBe(false);
    expect(isHoldUsable(new Date(now.getTime() + 2 * HOUR), now)).toBe(true);
    expect(isHoldUsable(new Date(now.getTime() + HOUR / 2), now)).toBe(false);
  });
  it('calls a cancellation within 24 hours late', () => {
    expect(isLateCancellation(new Date(now.getTime() + 23 * HOUR), now)).toBe(true);
    expect(isLateCancellation(new Date(now.getTime() + 25 * HOUR), now)).toBe(false);
  });
});

describe('calendar helpers', () => {
  it('names ISO weeks and months in UTC', () => {
    expect(isoWeek(new Date('2026-11-16T06:00:00Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(monthPeriod(new Date('2026-03-31T23:59:00Z'))).toBe('2026-03');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(periodBounds('2026-02')).toEqual({
      start: new Date('2026-02-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
    });
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1)).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
    expect(addMonthsUtc(new Date('2026-01-15T10:00:00Z'), 12)).toEqual(
      new Date('2027-01-15T10:00:00Z'),
    );
  });
  it('formats money', () => {
    expect(formatUsd(123_456)).toBe('$1,234.56');
    expect(formatUsd(2_500)).toBe('$25.00');
    expect(toDollars(49_700)).toBe(497);
  });
});
