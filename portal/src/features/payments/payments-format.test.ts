import { describe, expect, it } from 'vitest';
import { formatCardExpiry, formatMonthlyPrice, subscriptionLabel } from './payments-format.ts';

describe('payments formats', () => {
  it('formats monthly prices: whole dollars without cents, with a thousands separator', () => {
    expect(formatMonthlyPrice(300)).toBe('$300/month');
    expect(formatMonthlyPrice(497)).toBe('$497/month');
    expect(formatMonthlyPrice(1500)).toBe('$1,500/month');
    expect(formatMonthlyPrice(12.5)).toBe('$12.50/month');
  });
  it('formats expiry and the subscription label', () => {
    expect(formatCardExpiry(3, 2030)).toBe('03/30');
    expect(subscriptionLabel(null)).toBe('Unsubscribed');
    expect(subscriptionLabel('active')).toBe('Active');
  });
});
