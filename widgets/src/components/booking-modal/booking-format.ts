import { MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * Dollars with cents only when there are any.
 *
 * @example
 * formatDollars(100); // '$100'
 * formatDollars(62.5); // '$62.50'
 */
export function formatDollars(amount: number): string {
  const text = dollars.format(amount);
  return /\.\d$/.test(text) ? `${text}0` : text;
}

/**
 * A meeting's price: floor(duration / 15) × rate (user-area §1), in dollars.
 *
 * @example
 * meetingTotal(45, 50); // 150
 * meetingTotal(20, 50); // 50
 */
export function meetingTotal(durationMinutes: number, ratePer15: number): number {
  const units = Math.floor(durationMinutes / MINUTES_PER_RATE_UNIT);
  return Math.round(units * ratePer15 * 100) / 100;
}
