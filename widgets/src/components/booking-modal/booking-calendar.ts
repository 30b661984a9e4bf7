import { BOOKABLE_WEEKDAYS, type Slot, TIME_ZONES, type TimeZone } from '@fm/sdk/contracts';
import { dateTimeFormat } from '../../kit/format/intl.ts';
import { browserTimeZone } from '../../kit/format/viewer-zone.ts';

/**
 * The booking calendar's arithmetic, as plain functions of strings: a day is `YYYY-MM-DD` and a
 * month `YYYY-MM`, both wall-calendar values of the zone the viewer chose (user-area §5). No
 * function reads the clock: "today" is always passed in.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type LocalDate = string;
/** A calendar month, `YYYY-MM`. */
export type LocalMonth = string;

const pad = (n: number) => String(n).padStart(2, '0');

function parts(date: LocalDate): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return [y, m, d];
}

const fromUtc = (ms: number): LocalDate => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/**
 * The calendar day an instant falls on in a zone.
 *
 * @example
 * todayIn('America/Los_Angeles', Date.parse('2026-03-10T05:00:00Z')); // '2026-03-09'
 */
export function todayIn(zone: string, now: number): LocalDate {
  const values = dateTimeFormat({
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    values.find((p) => p.type === type)?.value ?? '01';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** @example monthOf('2026-03-09'); // '2026-03' */
export const monthOf = (date: LocalDate): LocalMonth => date.slice(0, 7);

/** @example addDays('2026-02-28', 1); // '2026-03-01' */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** @example addMonths('2026-12', 1); // '2027-01' */
export function addMonths(month: LocalMonth, months: number): LocalMonth {
  const [y, m] = parts(`${month}-01`);
  return fromUtc(Date.UTC(y, m - 1 + months, 1)).slice(0, 7);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const [y, m, d] = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Saturdays and Sundays are never bookable (user-area §5). */
export const isWeekend = (date: LocalDate) =>
  !(BOOKABLE_WEEKDAYS as readonly number[]).includes(isoWeekday(date));

/** A day the calendar lets the viewer choose: a weekday, today or later (in the chosen zone). */
export const isSelectable = (date: LocalDate, today: LocalDate) =>
  !isWeekend(date) && date >= today;

/**
 * The weeks of a month for a grid starting on Sunday (as US calendars do); `null` pads the first
 * and last weeks.
 *
 * @example
 * monthGrid('2026-03')[0]; // ['2026-03-01', '2026-03-02', …, '2026-03-07']
 */
export function monthGrid(month: LocalMonth): (LocalDate | null)[][] {
  const first = `${month}-01`;
  const lead = isoWeekday(first) % 7; // Sunday → 0
  const [y, m] = parts(first);
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (LocalDate | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => `${month}-${pad(i + 1)}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (LocalDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Keys that move the calendar's focus (the grid pattern of WAI-ARIA). */
export type CalendarKey =
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown';

export const CALENDAR_KEYS: readonly CalendarKey[] = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
];

/** How far ahead the calendar lets the viewer look (and keyboard focus travel). */
export const CALENDAR_MONTHS_AHEAD = 12;

/**
 * Where focus goes from `from` on a key: days move by one (left/right) or a week (up/down),
 * Home/End go to the week's first and last choosable day, PageUp/PageDown by a month. Days that
 * cannot be chosen are skipped; `null` when there is nowhere to go.
 *
 * @example
 * moveFocus('2026-03-13', 'ArrowRight', '2026-03-02'); // '2026-03-16' (Friday → Monday)
 */
export function moveFocus(from: LocalDate, key: CalendarKey, today: LocalDate): LocalDate | null {
  const limit = addDays(`${addMonths(monthOf(today), CALENDAR_MONTHS_AHEAD + 1)}-01`, -1);
  const ok = (d: LocalDate) => isSelectable(d, today) && d <= limit;
  const scan = (start: LocalDate, step: number, max: number) => {
    let d = start;
    for (let i = 0; i < max; i += 1) {
      if (ok(d)) return d;
      d = addDays(d, step);
    }
    return null;
  };
  switch (key) {
    case 'ArrowRight':
      return scan(addDays(from, 1), 1, 7);
    case 'ArrowLeft':
      return scan(addDays(from, -1), -1, 7);
    case 'ArrowDown': {
      const d = addDays(from, 7);
      return ok(d) ? d : null;
    }
    case 'ArrowUp': {
      const d = addDays(from, -7);
      return ok(d) ? d : scan(addDays(from, -7), 1, 7);
    }
    case 'Home': {
      const sunday = addDays(from, -(isoWeekday(from) % 7));
      const d = scan(sunday, 1, 7);
      return d && d <= from ? d : from;
    }
    case 'End': {
      const saturday = addDays(from, 6 - (isoWeekday(from) % 7));
      const d = scan(saturday, -1, 7);
      return d && d >= from ? d : from;
    }
    case 'PageDown':
    case 'PageUp': {
      const [y, m, d] = parts(from);
      const months = key === 'PageDown' ? 1 : -1;
      const target = new Date(Date.UTC(y, m - 1 + months, 1));
      const length = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      const same = fromUtc(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, length)),
      );
      // The same day of the next or previous month, else the nearest choosable day after it.
      return scan(same < today ? today : same, 1, 31);
    }
  }
}

/**
 * The day the modal opens on: today when it has free times, else the first day with free times
 * (user-area §4); `null` when no listed day is today or later.
 *
 * @example
 * firstSelectedDay('2026-03-09', ['2026-03-10', '2026-03-11']); // '2026-03-10'
 */
export function firstSelectedDay(
  today: LocalDate,
  available: readonly LocalDate[],
): LocalDate | null {
  if (available.includes(today)) return today;
  return [...available].sort().find((d) => isSelectable(d, today)) ?? null;
}

/** The first day of a month the keyboard can land on: the selected day, else the first choosable. */
export function focusableDayOf(
  month: LocalMonth,
  today: LocalDate,
  selected: LocalDate | null,
): LocalDate | null {
  if (selected && monthOf(selected) === month && isSelectable(selected, today)) return selected;
  const days = monthGrid(month)
    .flat()
    .filter((d): d is LocalDate => d !== null);
  return days.find((d) => isSelectable(d, today)) ?? null;
}

/** The named parts of an instant in a zone (en-US; the machine's zone when none is given). */
function partsOf(instant: number, zone?: string) {
  const formatter = dateTimeFormat({
    ...(zone ? { timeZone: zone } : {}),
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const named: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(instant)) named[part.type] = part.value;
  const { weekday = '', year = '', month = '', day = '', hour = '', minute = '' } = named;
  return { weekday, year, month, day, hour, minute, period: named.dayPeriod ?? '' };
}

/** A calendar day's parts (the day itself, read in UTC so no zone can move it). */
const dayParts = (date: LocalDate) => {
  const [y, m, d] = parts(date);
  return partsOf(Date.UTC(y, m - 1, d, 12), 'UTC');
};

/** @example monthLabel('2026-03'); // 'March 2026' */
export const monthLabel = (month: LocalMonth) => {
  const p = dayParts(`${month}-01`);
  return `${p.month} ${p.year}`;
};

/** @example dayLabel('2026-03-09'); // 'Monday, 9 March 2026' */
export const dayLabel = (date: LocalDate) => {
  const p = dayParts(date);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
};

/** @example shortDayLabel('2026-03-09'); // 'Monday, 9 March' */
export const shortDayLabel = (date: LocalDate) => {
  const p = dayParts(date);
  return `${p.weekday}, ${p.day} ${p.month}`;
};

/** Day-of-month number as the grid shows it. */
export const dayNumber = (date: LocalDate) => String(parts(date)[2]);

/**
 * A slot's start as the spec shows times, `h:mm A` (SLOT_TIME_FORMAT), in the chosen zone.
 * Formatted with `Intl` (no date library in the elements' weight).
 *
 * @example
 * formatSlotTime('2026-03-09T17:00:00.000Z', 'America/Los_Angeles'); // '10:00 AM'
 */
export function formatSlotTime(iso: string, zone: string): string {
  const p = partsOf(Date.parse(iso), zone);
  return `${p.hour}:${p.minute} ${p.period.toUpperCase()}`;
}

/**
 * Slots without duplicates (same start and end, user-area §5), in time order.
 *
 * @example
 * dedupeSlots([a, a, b]); // [a, b]
 */
export function dedupeSlots(slots: readonly Slot[]): Slot[] {
  const seen = new Set<string>();
  const unique: Slot[] = [];
  for (const slot of slots) {
    const key = `${Date.parse(slot.start)}/${Date.parse(slot.end)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(slot);
  }
  return unique.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Whether two slots are the same time. */
export const sameSlot = (a: Slot | null, b: Slot | null) =>
  a !== null &&
  b !== null &&
  Date.parse(a.start) === Date.parse(b.start) &&
  Date.parse(a.end) === Date.parse(b.end);

/** Whether a string is one of the 13 selectable zones. */
export const isTimeZone = (zone: string | null | undefined): zone is TimeZone =>
  (TIME_ZONES as readonly string[]).includes(zone ?? '');

/** The zone the modal starts in when none is given and the browser's is not one of the 13. */
export const FALLBACK_TIME_ZONE: TimeZone = 'America/New_York';

/**
 * The zone the modal starts in: the browser's when it is one of the 13 (user-area §9), else
 * America/New_York.
 *
 * @example
 * defaultTimeZone('Europe/Paris'); // 'America/New_York'
 */
export function defaultTimeZone(browserZone: string | null = browserTimeZone()): TimeZone {
  return isTimeZone(browserZone) ? browserZone : FALLBACK_TIME_ZONE;
}

/** A zone as the selector lists it: `America/Los_Angeles` → `America/Los Angeles`. */
export { timeZoneLabel } from '@fm/sdk/contracts';

/** Minutes between a slot's start and end. */
export const slotMinutes = (slot: Slot) => (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;
