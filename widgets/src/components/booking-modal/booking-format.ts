import { MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';

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
