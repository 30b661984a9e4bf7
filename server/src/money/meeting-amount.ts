import { MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';

/**
 * A meeting's amount (rule 10): `floor(duration / 15) × rate`, in integer cents. The one place this rule
 * lives; every caller (booking, payments, the seed) goes through it.
 * @example meetingAmountCents(45, 5_000) // 15_000 ($150 for 45 minutes at $50 per 15 minutes)
 * @example meetingAmountCents(20, 5_000) // 5_000 (a started quarter hour is not charged)
 */
export function meetingAmountCents(durationMinutes: number, rateCents: number): number {
  return Math.floor(durationMinutes / MINUTES_PER_RATE_UNIT) * rateCents;
}
