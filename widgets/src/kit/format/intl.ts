/**
 * Intl formatters made once per set of options. Building one parses locale data and costs far more
 * than formatting with it (a notifications drawer of ten rows spent 35 ms on a throttled phone
 * building formatters); a formatter is immutable, so one per set of options serves every call.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
let relativeTime: Intl.RelativeTimeFormat | undefined;

/**
 * The en-US date-time formatter for these options. An unknown `timeZone` throws a RangeError, as
 * the constructor does, and nothing is kept.
 *
 * @example
 * dateTimeFormat({ timeZone: 'America/New_York', dateStyle: 'medium' }).format(new Date());
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = dateTimeFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    dateTimeFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * The English relative-time formatter that says "yesterday" rather than "1 day ago".
 *
 * @example
 * relativeTimeFormat().format(-5, 'minute'); // '5 minutes ago'
 */
export function relativeTimeFormat(): Intl.RelativeTimeFormat {
  relativeTime ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return relativeTime;
}
