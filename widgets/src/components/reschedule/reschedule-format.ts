import { formatDateTime } from '../../kit/format/format.ts';
import { dateTimeFormat } from '../../kit/format/intl.ts';

/**
 * A slot's start as the dialog's buttons show it: the time of day in the viewer's zone.
 * @example slotTime('2026-03-04T15:00:00.000Z', 'America/New_York') // '10:00 AM'
 */
export const slotTime = (iso: string, timeZone: string): string =>
  dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * A proposed start with its day, naming the zone.
 * @example proposedTime('2026-03-04T15:00:00.000Z', 'America/New_York')
 */
export const proposedTime = (iso: string, timeZone: string): string =>
  formatDateTime(iso, timeZone, { zoneName: true });

/**
 * The starts chosen after a click on `start`: added (at most `max`), or removed when chosen already.
 * @example toggleStart(['a'], 'b', 3) // ['a', 'b']
 */
export function toggleStart(chosen: readonly string[], start: string, max: number): string[] {
  if (chosen.includes(start)) return chosen.filter((s) => s !== start);
  if (chosen.length >= max) return [...chosen];
  return [...chosen, start].sort();
}
