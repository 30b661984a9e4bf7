import { formatDate } from '../../kit/format/format.ts';
import { relativeTimeFormat } from '../../kit/format/intl.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * When a notification arrived, as people say it: "just now", "5 minutes ago", "yesterday", up to
 * a week back; older ones by date ("3 Jan, 2025").
 *
 * @example
 * formatWhen('2026-11-22T10:00:00Z', new Date('2026-11-22T10:05:00Z')); // '5 minutes ago'
 */
export function formatWhen(iso: string, now: Date): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < 60_000) return 'just now';
  if (ago < 7 * 86_400_000) {
    const rtf = relativeTimeFormat();
    for (const [unit, ms] of UNITS) {
      if (ago >= ms) return rtf.format(-Math.floor(ago / ms), unit);
    }
  }
  return formatDate(iso);
}

/**
 * The initials shown when the person has no photo (or the platform caused it: "FM").
 *
 * @example
 * initialsOf('Ada', 'Lovelace'); // 'AL'
 */
export function initialsOf(firstName: string | null, lastName: string | null): string {
  const letters = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  return letters || 'FM';
}
