import { describe, expect, it } from 'vitest';
import {
  formatCardExpiry,
  formatDateTime,
  formatMoney,
  formatMonthlyPrice,
  subscriptionLabel,
} from './payments-format.ts';

describe('payments formats', () => {
  it('formats money with cents and monthly prices', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMonthlyPrice(300)).toBe('$300/month');
    expect(formatMonthlyPrice(497)).toBe('$497/month');
  });
  it('formats dates, expiry and the subscription label', () => {
    const local = new Date(2025, 0, 1, 15, 0);
    expect(formatDateTime(local.toISOString())).toBe('1 Jan, 2025, 3:00 pm');
    expect(formatDateTime(null)).toBe('—');
    expect(formatCardExpiry(3, 2030)).toBe('03/30');
    expect(subscriptionLabel(null)).toBe('Unsubscribed');
    expect(subscriptionLabel('active')).toBe('Active');
  });
});
