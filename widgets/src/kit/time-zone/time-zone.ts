import { TIME_ZONES } from '@fm/sdk/contracts';

/**
 * Rule 20, one time zone per person: which zone a user's times show in, as plain functions, for
 * both apps. The switch is `time-zone-switch.tsx`.
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
 * The user's zone: the one on their profile (a consultant's is their calendar settings' zone),
 * else the one they book meetings in, else the browser's.
 *
 * @example
 * chooseTimeZone({ profile: 'America/Chicago', booked: null, browser: 'UTC' }); // 'America/Chicago'
 */
export function chooseTimeZone(zones: {
  profile: string | null | undefined;
  booked: string | null | undefined;
  browser: string;
}): string {
  for (const zone of [zones.profile, zones.booked]) {
    if (zone && isKnownTimeZone(zone)) return zone;
  }
  return zones.browser;
}

/**
 * The zones the switch lists: the 13 of user-area §9, the ones a profile keeps, with the current
 * one first when it is not among them (a browser elsewhere: shown, not offered).
 *
 * @example
 * zoneChoices('Europe/Paris'); // ['Europe/Paris', 'Europe/London', …]
 */
export function zoneChoices(current: string): readonly string[] {
  const zones: readonly string[] = TIME_ZONES;
  return zones.includes(current) ? zones : [current, ...zones];
}
