import type { ChatParticipant } from '@fm/sdk/contracts';
import { dateTimeFormat } from '../../kit/format/intl.ts';
import { viewerTimeZone } from '../../kit/format/viewer-zone.ts';
import { initials } from '../list-kit/avatar.tsx';

/**
 * The viewer's IANA time zone (rule 20: the user's zone once the app set it, else the browser's).
 *
 * @example
 * localTimeZone(); // 'America/New_York'
 */
export const localTimeZone = viewerTimeZone;

/**
 * The parts of an instant in a zone, by type (`day`, `month`, `hour`, `dayPeriod`, …), from the
 * platform's en-US formatter: the browser has the zones, so no time-zone library is shipped.
 */
function partsOf(
  iso: string,
  zone: string,
  options: Intl.DateTimeFormatOptions,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat({ ...options, timeZone: zone }).formatToParts(
    Date.parse(iso),
  )) {
    parts[part.type] = part.value;
  }
  return parts;
}

/** '9 Mar, 2026' (`d MMM, yyyy`). */
function dayMonthYear(iso: string, zone: string): string {
  const { day, month, year } = partsOf(iso, zone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `${day} ${month}, ${year}`;
}

/** The hour, minutes and AM/PM of an instant in a zone. */
function clock(iso: string, zone: string) {
  const {
    hour,
    minute,
    dayPeriod = '',
  } = partsOf(iso, zone, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  return { hm: `${hour}:${minute}`, dayPeriod };
}

/**
 * The calendar day (`YYYY-MM-DD`) an instant falls on in a zone.
 *
 * @example
 * dayKey('2026-03-10T03:00:00Z', 'America/New_York'); // '2026-03-09'
 */
export function dayKey(iso: string, zone: string): string {
  const { year, month, day } = partsOf(iso, zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return `${year}-${month}-${day}`;
}

function previousDay(key: string): string {
  const [y = 0, m = 1, d = 1] = key.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * The label of a day separator: Today, Yesterday, or '9 Mar, 2026'.
 *
 * @example
 * dayLabel('2026-03-09T15:00:00Z', 'UTC', Date.parse('2026-03-10T08:00:00Z')); // 'Yesterday'
 */
export function dayLabel(iso: string, zone: string, now: number): string {
  const key = dayKey(iso, zone);
  const today = dayKey(new Date(now).toISOString(), zone);
  if (key === today) return 'Today';
  if (key === previousDay(today)) return 'Yesterday';
  return dayMonthYear(iso, zone);
}

/**
 * The time of a message (user-area §9: h:mm A).
 *
 * @example
 * formatMessageTime('2026-03-09T15:05:00Z', 'UTC'); // '3:05 PM'
 */
export function formatMessageTime(iso: string, zone: string): string {
  const { hm, dayPeriod } = clock(iso, zone);
  return `${hm} ${dayPeriod}`;
}

/**
 * A message's full date and time (user-area §9: '1 Jan, 2025, 3:00 pm'), for tooltips.
 *
 * @example
 * formatMessageDateTime('2025-01-01T15:00:00Z', 'UTC'); // '1 Jan, 2025, 3:00 pm'
 */
export function formatMessageDateTime(iso: string, zone: string): string {
  const { hm, dayPeriod } = clock(iso, zone);
  return `${dayMonthYear(iso, zone)}, ${hm} ${dayPeriod.toLowerCase()}`;
}

/**
 * When a chat row's last activity was: the time today, 'Yesterday', the weekday within a week,
 * else the date.
 *
 * @example
 * formatListTime('2026-03-09T15:05:00Z', 'UTC', Date.parse('2026-03-09T18:00:00Z')); // '3:05 PM'
 * formatListTime('2026-03-05T15:05:00Z', 'UTC', Date.parse('2026-03-09T18:00:00Z')); // 'Thu'
 */
export function formatListTime(iso: string, zone: string, now: number): string {
  const key = dayKey(iso, zone);
  const today = dayKey(new Date(now).toISOString(), zone);
  if (key === today) return formatMessageTime(iso, zone);
  if (key === previousDay(today)) return 'Yesterday';
  const ageDays = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${key}T00:00:00Z`)) / 86_400_000;
  if (ageDays > 0 && ageDays < 7) return partsOf(iso, zone, { weekday: 'short' }).weekday ?? '';
  return dayMonthYear(iso, zone);
}

/**
 * The other participant's full name.
 *
 * @example
 * participantName({ firstName: 'Dana', lastName: 'Whitfield' }); // 'Dana Whitfield'
 */
export function participantName(p: Pick<ChatParticipant, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/**
 * Initials for an avatar without a photo.
 *
 * @example
 * participantInitials({ firstName: 'Dana', lastName: 'Whitfield' }); // 'DW'
 */
export function participantInitials(p: Pick<ChatParticipant, 'firstName' | 'lastName'>): string {
  return initials(p.firstName, p.lastName) || '?';
}

/**
 * A one-line preview of a message for the chat list: its text on one line, or the files it
 * carries when it has no text.
 *
 * @example
 * messagePreview({ text: 'Hi\nthere', attachments: [] }); // 'Hi there'
 * messagePreview({ text: '', attachments: [{ kind: 'image', name: 'a.png' }] }); // '📷 a.png'
 */
export function messagePreview(message: {
  text: string;
  attachments: readonly { kind: 'image' | 'document'; name: string }[];
}): string {
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text) return text;
  const [first, ...rest] = message.attachments;
  if (!first) return '';
  const icon = first.kind === 'image' ? '📷' : '📄';
  return rest.length > 0 ? `${icon} ${first.name} +${rest.length}` : `${icon} ${first.name}`;
}
