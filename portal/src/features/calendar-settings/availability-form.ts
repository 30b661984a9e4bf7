import {
  BOOKABLE_WEEKDAYS,
  type CalendarSettings,
  type CalendarSettingsPatch,
  CalendarSettingsPatchSchema,
  MEETING_LENGTH_OPTIONS,
  MINUTES_PER_RATE_UNIT,
  type TimeZone,
  type WeeklyRange,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { CALENDAR_TEXT } from './calendar-text.ts';

/**
 * The availability editor's values and their checks, as plain functions: settings → form,
 * form → the PATCH body or the messages to show beside the fields.
 */

export type Weekday = WeeklyRange['weekday'];

export interface RangeValue {
  /** A key for the list (ranges have no id of their own). */
  key: string;
  weekday: Weekday;
  start: string;
  end: string;
}

export interface AvailabilityValues {
  timeZone: TimeZone;
  weeklyHours: RangeValue[];
  meetingLengths: number[];
  minNoticeMinutes: string;
  bufferMinutes: string;
  datesOff: string[];
}

/** Field → message; day rows use `day-{weekday}`, ranges `range-{key}`. */
export type AvailabilityErrors = Record<string, string>;

let nextKey = 0;
/** A fresh key for a new range row. */
export const rangeKey = () => `r${++nextKey}`;

/** The hours a newly ticked day starts with. */
export const DEFAULT_RANGE = { start: '09:00', end: '17:00' } as const;

/**
 * The form's values from the stored settings.
 *
 * @example
 * const values = valuesFromSettings(await api.bookings.getCalendarSettings());
 */
export function valuesFromSettings(settings: CalendarSettings): AvailabilityValues {
  return {
    timeZone: settings.timeZone,
    weeklyHours: [...settings.weeklyHours]
      .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))
      .map((r) => ({ key: rangeKey(), weekday: r.weekday, start: r.start, end: r.end })),
    meetingLengths: [...settings.meetingLengths].sort((a, b) => a - b),
    minNoticeMinutes: String(settings.minNoticeMinutes),
    bufferMinutes: String(settings.bufferMinutes),
    datesOff: [...settings.datesOff].sort(),
  };
}

/** The lengths offered as checkboxes: the standard ones plus any other stored one. */
export function lengthOptions(values: AvailabilityValues): number[] {
  return [...new Set([...MEETING_LENGTH_OPTIONS, ...values.meetingLengths])].sort((a, b) => a - b);
}

/** The weekdays the editor lists (meetings are never on weekends: user-area §5). */
export const EDITABLE_WEEKDAYS: readonly Weekday[] = BOOKABLE_WEEKDAYS;

const wholeMinutes = (text: string, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= max ? n : null;
};

/**
 * The PATCH body for the form, or the messages of what is wrong: a range must end after it
 * starts, ranges of one day must not overlap, at least one meeting length (multiples of 15),
 * notice and buffer are whole minutes.
 *
 * @example
 * const { patch, errors } = patchFromValues(values);
 * if (patch) await api.bookings.updateCalendarSettings(patch);
 */
export function patchFromValues(values: AvailabilityValues): {
  patch: CalendarSettingsPatch | null;
  errors: AvailabilityErrors;
} {
  const errors: AvailabilityErrors = {};
  for (const range of values.weeklyHours) {
    if (!range.start || !range.end) errors[`range-${range.key}`] = CALENDAR_TEXT.rangeIncomplete;
    else if (range.end <= range.start) errors[`range-${range.key}`] = CALENDAR_TEXT.endAfterStart;
  }
  for (const day of [1, 2, 3, 4, 5, 6, 7] as const) {
    const list = values.weeklyHours
      .filter((r) => r.weekday === day && r.start && r.end && r.start < r.end)
      .sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < list.length; i += 1) {
      if ((list[i]?.start ?? '') < (list[i - 1]?.end ?? ''))
        errors[`day-${day}`] = CALENDAR_TEXT.overlap;
    }
  }
  if (values.meetingLengths.length === 0) errors.meetingLengths = CALENDAR_TEXT.lengthRequired;
  else if (values.meetingLengths.some((n) => n % MINUTES_PER_RATE_UNIT !== 0)) {
    errors.meetingLengths = CALENDAR_TEXT.lengthMultiple;
  }
  const minNotice = wholeMinutes(values.minNoticeMinutes, 60 * 24 * 14);
  if (minNotice === null) errors.minNoticeMinutes = CALENDAR_TEXT.noticeInvalid;
  const buffer = wholeMinutes(values.bufferMinutes, 240);
  if (buffer === null) errors.bufferMinutes = CALENDAR_TEXT.bufferInvalid;
  if (Object.keys(errors).length > 0 || minNotice === null || buffer === null) {
    return { patch: null, errors };
  }

  const patch: CalendarSettingsPatch = {
    timeZone: values.timeZone,
    weeklyHours: values.weeklyHours.map(({ weekday, start, end }) => ({ weekday, start, end })),
    meetingLengths: [...new Set(values.meetingLengths)].sort((a, b) => a - b),
    minNoticeMinutes: minNotice,
    bufferMinutes: buffer,
    datesOff: [...new Set(values.datesOff)].sort(),
  };
  // The contract has the last word (its messages are the server's).
  const checked = v.safeParse(CalendarSettingsPatchSchema, patch);
  if (!checked.success) {
    const nested = v.flatten<typeof CalendarSettingsPatchSchema>(checked.issues).nested ?? {};
    for (const [path, messages] of Object.entries(nested)) {
      const field = path.split('.')[0] ?? path;
      if (messages?.[0] && !errors[field]) errors[field] = messages[0];
    }
    if (Object.keys(errors).length === 0) errors.form = CALENDAR_TEXT.invalid;
    return { patch: null, errors };
  }
  return { patch, errors: {} };
}

/**
 * Adds a day off, once, kept sorted.
 *
 * @example
 * addDateOff(['2026-03-10'], '2026-03-09'); // ['2026-03-09', '2026-03-10']
 */
export function addDateOff(dates: readonly string[], date: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return [...dates];
  return [...new Set([...dates, date])].sort();
}

/**
 * An hour after `time` (HH:mm), at most 23:59: where a new range of a day ends.
 *
 * @example
 * ```ts
 * nextHour('17:00'); // '18:00'
 * nextHour('23:30'); // '23:59'
 * ```
 */
export function nextHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const next = Math.min(h * 60 + m + 60, 23 * 60 + 59);
  return `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
}
