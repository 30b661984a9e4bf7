/**
 * The selectable time zones: apart from the other enumerations so that only the pages that
 * read or choose a zone load them (P5).
 */
/** The 13 selectable time zones of user-area §9. */
export const TIME_ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'America/Halifax',
  'America/St_Johns',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
/**
 * A zone's name as people read it, wherever a time names its zone.
 * @example timeZoneLabel('America/Los_Angeles'); // 'America/Los Angeles'
 */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');
