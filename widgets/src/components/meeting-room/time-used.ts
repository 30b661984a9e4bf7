/**
 * The "time used" clock of the meeting room page (rule 16): the server's measure (the time the
 * consultant and a franchise member were in the room together, in the room server's clock), counted
 * on locally only between two reads of it. The page reads the measure again on every reconnect and
 * every {@link MEASURE_READ_EVERY_MS}, so a network drop or a sleeping laptop never leaves the
 * page's clock away from the bill for long.
 */

/** How often the page reads the server's measure while in the call. */
export const MEASURE_READ_EVERY_MS = 15_000;

/** The clock: the time counted so far, and since when (local ms) it has been running, if it is. */
export interface TimeUsedClock {
  baseMs: number;
  since: number | null;
}

/**
 * The clock set to the server's measure, read at `now` (local ms), running if the two sides are
 * together on this page now.
 *
 * @example
 * const clock = clockFromMeasure(presence.measuredMs, together, Date.now());
 */
export function clockFromMeasure(
  measuredMs: number,
  together: boolean,
  now: number,
): TimeUsedClock {
  return { baseMs: Math.max(0, measuredMs), since: together ? now : null };
}

/**
 * The clock after a look at who is there: it runs while the two sides are together on this page
 * and stops when they are not.
 *
 * @example
 * clock = tickClock(clock, peersOfTheOtherSide > 0, Date.now());
 */
export function tickClock(clock: TimeUsedClock, together: boolean, now: number): TimeUsedClock {
  if (together && clock.since === null) return { baseMs: clock.baseMs, since: now };
  if (!together && clock.since !== null) {
    return { baseMs: clock.baseMs + Math.max(0, now - clock.since), since: null };
  }
  return clock;
}

/**
 * What the clock shows at `now`, in milliseconds.
 *
 * @example
 * formatClock(shownMs(clock, Date.now())); // '12:34'
 */
export function shownMs(clock: TimeUsedClock, now: number): number {
  return clock.baseMs + (clock.since === null ? 0 : Math.max(0, now - clock.since));
}
