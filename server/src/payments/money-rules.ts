import { PLATFORM_FEE_PERCENT } from '@fm/sdk/contracts';

export { meetingAmountCents } from '../money/meeting-amount.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A meeting that starts within this time is held when it is booked; one further out only has its
 * card checked, and the hold is placed {@link HOLD_LEAD_MS} before the start (rule 10: card holds expire
 * after about 7 days).
 */
export const HOLD_AT_BOOKING_WITHIN_MS = 5 * DAY_MS;
/** A hold for a meeting booked further out is placed this long before its start (rule 10: about 48 h). */
export const HOLD_LEAD_MS = 48 * HOUR_MS;
/** How long an authorization stays capturable (Stripe: 7 days for customer-initiated payments). */
export const HOLD_VALIDITY_MS = 7 * DAY_MS;
/** A hold this close to its expiry is not captured any more: the card is charged off-session. */
export const HOLD_SAFETY_MARGIN_MS = HOUR_MS;

/**
 * The platform's fee and the consultant's share of a charge (rule 10: 20 % / 80 %). The fee is rounded
 * down to the cent and the consultant gets the rest, so the two always add up to the total.
 * @example splitCharge(5_001) // { platformFeeCents: 1_000, consultantShareCents: 4_001 }
 */
export function splitCharge(totalCents: number): {
  platformFeeCents: number;
  consultantShareCents: number;
} {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`a charge is a non-negative whole number of cents, got ${totalCents}`);
  }
  const platformFeeCents = Math.floor((totalCents * PLATFORM_FEE_PERCENT) / 100);
  return { platformFeeCents, consultantShareCents: totalCents - platformFeeCents };
}

/**
 * When a meeting's hold is placed (rule 10): at booking when the meeting starts within five days,
 * otherwise 48 hours before its start (the booking only checks the card).
 * @example holdPlan(new Date('2026-03-20T15:00Z'), new Date('2026-03-01T00:00Z')) // { at: 'later', dueAt: 2026-03-18T15:00Z }
 */
export function holdPlan(
  startAt: Date,
  now: Date,
): { at: 'booking' } | { at: 'later'; dueAt: Date } {
  if (startAt.getTime() - now.getTime() <= HOLD_AT_BOOKING_WITHIN_MS) return { at: 'booking' };
  return { at: 'later', dueAt: new Date(startAt.getTime() - HOLD_LEAD_MS) };
}

/** When an authorization placed at `placedAt` stops being capturable. */
export const holdExpiry = (placedAt: Date): Date => new Date(placedAt.getTime() + HOLD_VALIDITY_MS);

/** A hold is captured only while it is still valid, with a safety margin (rule 10). */
export function isHoldUsable(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() - HOLD_SAFETY_MARGIN_MS > now.getTime();
}

/** The rule lives with the contracts: the portal warns by it before a franchisor cancels. */
export { isLateCancellation } from '@fm/sdk/contracts';

/**
 * Cents to the API's dollars (rule 10).
 * @example toDollars(4_999) // 49.99
 */
export const toDollars = (cents: number): number => Math.round(cents) / 100;

/**
 * Cents as a price for people.
 * @example formatUsd(123_456) // '$1,234.56'
 */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `months` calendar months after `date` in UTC, clamped to the end of a shorter month.
 * @example addMonthsUtc(new Date('2026-01-31T10:00Z'), 1) // 2026-02-28T10:00Z
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The ISO week of an instant (UTC), the key of a weekly run.
 * @example isoWeek(new Date('2026-11-16T06:00Z')) // '2026-W47'
 */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The month of an instant (UTC) as a payout period.
 * @example monthPeriod(new Date('2026-03-31T23:59Z')) // '2026-03'
 */
export const monthPeriod = (date: Date): string =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The period before `period`.
 * @example previousPeriod('2026-01') // '2025-12'
 */
export function previousPeriod(period: string): string {
  const { start } = periodBounds(period);
  return monthPeriod(addMonthsUtc(start, -1));
}

/**
 * The instants a `YYYY-MM` period covers: `[start, end)`, in UTC.
 * @example periodBounds('2026-02') // { start: 2026-02-01T00:00Z, end: 2026-03-01T00:00Z }
 */
export function periodBounds(period: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new RangeError(`a period is YYYY-MM, got ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}
