import { TIME_ZONES } from '@fm/sdk/contracts';

/**
 * Rule 20, one time zone per person: which zone a user's times show in, as plain functions. The
 * hook and the label are in `user-time-zone.tsx`.
 */

/** The zone of the browser, UTC when it cannot be read. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether the platform knows a zone (an unknown one is never chosen). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The user's zone: the profile's (a consultant's calendar zone), else the one they chose on this
 * device (a franchisor's profile has no zone of its own yet), else the one they book meetings in,
 * else the browser's.
 *
 * @example
 * chooseTimeZone({ profile: 'America/Chicago', chosen: null, booked: null, browser: 'UTC' }); // 'America/Chicago'
 */
export function chooseTimeZone(zones: {
  profile: string | null | undefined;
  chosen: string | null | undefined;
  booked: string | null | undefined;
  browser: string;
}): string {
  for (const zone of [zones.profile, zones.chosen, zones.booked]) {
    if (zone && isKnownTimeZone(zone)) return zone;
  }
  return zones.browser;
}

/**
 * The zones the user may switch to: the 13 of user-area §9, with the current one first when it is
 * not among them (a browser elsewhere).
 *
 * @example
 * zoneChoices('Europe/Paris'); // ['Europe/Paris', 'Europe/London', …]
 */
export function zoneChoices(current: string): readonly string[] {
  const zones: readonly string[] = TIME_ZONES;
  return zones.includes(current) ? zones : [current, ...zones];
}
