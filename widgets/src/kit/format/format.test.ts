import { DATE_TIME_FORMAT } from '@fm/sdk/contracts';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  formatActivationExpiry,
  formatCents,
  formatDate,
  formatDateTime,
  formatDollars,
  formatNumber,
  setViewerTimeZone,
  viewerTimeZone,
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

describe("the user's zone (rule 20)", () => {
  it('shows every time without a zone in the zone the app set, until it is cleared', () => {
    const browser = viewerTimeZone();
    // 02:30 UTC: still the 1st in Chicago, already the 2nd in London.
    const at = '2025-01-02T02:30:00Z';
    try {
      setViewerTimeZone('America/Chicago');
      expect(viewerTimeZone()).toBe('America/Chicago');
      expect(formatDateTime(at)).toBe('1 Jan, 2025, 8:30 pm');
      expect(formatDateTime(at, undefined, { zoneName: true })).toBe('1 Jan, 2025, 8:30 pm CST');
      expect(formatDate(at)).toBe('1 Jan, 2025');
      setViewerTimeZone('Europe/London');
      expect(formatDateTime(at)).toBe('2 Jan, 2025, 2:30 am');
      expect(formatDate(at)).toBe('2 Jan, 2025');
      // A zone given explicitly still wins.
      expect(formatDateTime(at, 'America/Chicago')).toBe('1 Jan, 2025, 8:30 pm');
    } finally {
      setViewerTimeZone(null);
    }
    expect(viewerTimeZone()).toBe(browser);
  });
});

describe('one format for every amount', () => {
  it('shows cents always on the ledgers and never on whole-dollar figures', () => {
    expect(formatDollars(1234.5, 'always')).toBe('$1,234.50');
    expect(formatDollars(50, 'always')).toBe('$50.00');
    expect(formatDollars(150000, 'none')).toBe('$150,000');
    expect(formatDollars(99.6, 'none')).toBe('$100');
  });

  it('writes what each retired formatter wrote, for amounts the API sends', () => {
    const always = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    for (let cents = 0; cents <= 5_000_000; cents += 1_237) {
      const amount = cents / 100;
      // The payments pages' formatMoney, the lists' formatMoney.
      expect(formatDollars(amount, 'always')).toBe(always.format(amount));
      expect(formatDollars(amount, 'none')).toBe(whole.format(amount));
      // The profile card's rate and the meeting room's rate: no cents when whole, else two.
      const rate = Number.isInteger(amount) ? whole.format(amount) : always.format(amount);
      expect(formatDollars(amount)).toBe(rate);
    }
  });

  it('writes every amount as Intl.NumberFormat does: signs, half cents, big and odd figures', () => {
    const intl = (options: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options });
    const auto = intl({ minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const always = intl({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = intl({ maximumFractionDigits: 0 });
    const odd = [0, -0, 0.004, 0.005, 0.015, 0.125, 0.5, 1.005, 2.5, 999.995, 999_999.5, -0.5];
    const amounts = [...odd, ...odd.map((a) => -a), 123_456_789.12, -42.1, 1e12 + 0.25, 1e-7];
    for (let i = 0; i < 2_000; i += 1)
      amounts.push((i * 7_919 - 6_000_000) / 100, (i * 7_919) / 1_000);
    for (const amount of amounts) {
      const autoText = auto.format(amount);
      // 'auto' writes cents in full whenever there are any.
      expect(formatDollars(amount), String(amount)).toBe(
        /\.\d$/.test(autoText) ? `${autoText}0` : autoText,
      );
      expect(formatDollars(amount, 'always'), String(amount)).toBe(always.format(amount));
      expect(formatDollars(amount, 'none'), String(amount)).toBe(whole.format(amount));
    }
  });
});

describe('formatNumber', () => {
  it('groups digits as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const count of [0, 7, 999, 1_000, 12_345, 1_234_567, -1_234, 10 ** 13, 2.5, -0]) {
      expect(formatNumber(count), String(count)).toBe(intl.format(count));
    }
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });
});

describe('one format for every date-time', () => {
  it('writes what date-fns wrote with DATE_TIME_FORMAT in the viewer zone, all year round', () => {
    const start = Date.UTC(2025, 0, 1, 0, 7);
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const iso = new Date(start + hour * 3_600_000).toISOString();
      expect(formatDateTime(iso)).toBe(format(new Date(iso), DATE_TIME_FORMAT));
    }
  });

  it('writes a meeting time in its own zone, with the zone name when asked', () => {
    expect(formatDateTime('2025-01-01T20:00:00Z', 'America/New_York')).toBe('1 Jan, 2025, 3:00 pm');
    expect(formatDateTime('2025-07-01T04:05:00Z', 'America/Los_Angeles', { zoneName: true })).toBe(
      '30 Jun, 2025, 9:05 pm PDT',
    );
    expect(formatDateTime('2025-09-01T00:00:00Z', 'UTC')).toBe('1 Sep, 2025, 12:00 am');
  });

  it('falls back to the viewer zone for an unknown zone', () => {
    const iso = '2025-03-04T05:06:00Z';
    expect(formatDateTime(iso, 'Not/AZone')).toBe(formatDateTime(iso));
  });
});
