/**
 * The viewer's zone on its own, without the money and date formats beside it: a chat's first
 * render reads it and nothing else of `format.ts` (its size is held in P5).
 */

/** The zone the app chose for its user (rule 20), null until it says. */
let chosenZone: string | null = null;
/** The browser's zone, read at its first use: reading it loads the platform's date data. */
let browserZone: string | undefined;

/**
 * Sets the zone every time shows in when no zone is given (rule 20: one zone per person, the
 * user's profile zone): the portal sets it once it knows the signed-in user's zone, so widgets
 * (chats, notifications) and pages agree. `null` goes back to the browser's zone.
 *
 * @example
 * setViewerTimeZone('America/Chicago');
 * formatDateTime('2025-01-01T20:00:00Z'); // '1 Jan, 2025, 2:00 pm'
 */
export function setViewerTimeZone(zone: string | null): void {
  chosenZone = zone;
}

/**
 * The zone times show in unless one is given: the one set with {@link setViewerTimeZone}, else
 * the browser's (or machine's), else UTC.
 *
 * @example
 * viewerTimeZone(); // 'America/New_York'
 */
export function viewerTimeZone(): string {
  return chosenZone || browserTimeZone();
}

/**
 * The zone of the browser, UTC when it cannot be read; read once per page, at its first use
 * (reading it builds a date formatter, which loads the platform's date data).
 */
export function browserTimeZone(): string {
  try {
    browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    browserZone = 'UTC';
  }
  return browserZone;
}
