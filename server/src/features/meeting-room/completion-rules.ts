import { AppError } from '../../http/errors.ts';
import type { Queryable, RoomMeeting } from './access.ts';
import { presenceSummary } from './presence-log.ts';

/** The message when the entered duration is longer than the meeting was booked for. */
export const DURATION_EXCEEDS_BOOKED = 'The duration is longer than the booked meeting.';

/**
 * The duration a completion charges (rule 16), read inside the completion's transaction. Without any
 * presence (the meeting was held elsewhere) the booked duration, as before (rules 8 and 10). When the room
 * counts (a side joined — two minutes inside the booked time — or the two sides met there): what
 * the consultant entered (the measured proposal when nothing was entered), refused with 422
 * DURATION_EXCEEDS_MEASURED above the measured time — or, when no franchise member joined and the
 * consultant waited 10 minutes inside the booked time, above the booked duration — and never more
 * than was booked (the hold covers the booked amount). Pop-ins alone cap nothing: the booked
 * duration, or less if the consultant enters less.
 *
 * @example
 * const minutes = await chargeableDuration(tx, row, input.duration, now);
 */
export async function chargeableDuration(
  q: Queryable,
  row: RoomMeeting,
  requested: number | undefined,
  now: Date,
): Promise<number> {
  const summary = await presenceSummary(q, row, now);
  if (summary.maxChargeableMinutes === null && !summary.roomUsed) return row.durationMinutes;
  const duration = requested ?? summary.proposedMinutes;
  const cap = summary.maxChargeableMinutes;
  if (cap !== null && duration > cap) throw new AppError('DURATION_EXCEEDS_MEASURED');
  if (duration > row.durationMinutes) {
    throw new AppError('RULE_VIOLATION', { message: DURATION_EXCEEDS_BOOKED });
  }
  return duration;
}
