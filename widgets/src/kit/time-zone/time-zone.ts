import { TIME_ZONES } from '@fm/sdk/contracts';

/**
 * Rule 20, one time zone per person: which zone a user's times show in, as plain functions, for
 * both apps. The switch is `time-zone-switch.tsx`.
 */

export { browserTimeZone } from '../format/viewer-zone.ts';

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
 * The zone a user chose (on their profile; a consultant's is their calendar settings' zone), else
 * the one they book meetings in; null when neither is known, and the browser's is theirs.
 *
 * @example
 * chosenTimeZone({ profile: null, booked: 'Europe/Paris' }); // 'Europe/Paris'
 */
export function chosenTimeZone(zones: {
  profile: string | null | undefined;
  booked: string | null | undefined;
}): string | null {
  for (const zone of [zones.profile, zones.booked]) {
    if (zone && isKnownTimeZone(zone)) return zone;
  }
  return null;
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
  return chosenTimeZone(zones) ?? zones.browser;
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
