import { describe, expect, it } from 'vitest';
import {
  formatActivationExpiry,
  formatCents,
  formatDate,
  formatDateTime,
  formatDollars,
} from './format.ts';

describe('formatDollars', () => {
  it('shows whole dollars without cents', () => {
    expect(formatDollars(50)).toBe('$50');
    expect(formatDollars(1000)).toBe('$1,000');
  });

  it('shows cents with two digits', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(12.05)).toBe('$12.05');
  });
});

describe('formatCents', () => {
  it('converts cents to dollars', () => {
    expect(formatCents(49_700)).toBe('$497');
    expect(formatCents(2_500)).toBe('$25');
  });
});

describe('dates', () => {
  // The viewer's zone is the machine's; build the instant from local parts so the test holds anywhere.
  const local = new Date(2025, 0, 1, 15, 0).toISOString();

  it('writes date-times as the spec does', () => {
    expect(formatDateTime(local)).toBe('1 Jan, 2025, 3:00 pm');
    expect(formatDate(local)).toBe('1 Jan, 2025');
  });

  it('writes activation expiry with an upper-case meridiem', () => {
    expect(formatActivationExpiry(local)).toBe('1 Jan, 2025, 3:00 PM');
  });

  it('shows a dash for missing or unreadable instants', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatActivationExpiry(undefined)).toBe('—');
  });
});
