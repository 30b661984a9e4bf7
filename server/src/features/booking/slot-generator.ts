import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Pure slot generation (rule 9). No database, no clock: everything arrives as input, so the rules are
 * property-tested across time zones and DST transitions (`slot-generator.test.ts`).
 *
 * The model: time is cut into 15-minute cells aligned to the quarter hour (every selectable zone's
 * offset is a multiple of 15 minutes, so epoch quarters are local quarters). A cell is available
 * when its local wall-clock quarter, in the consultant's zone, lies inside one of that weekday's
 * ranges and its local date is not a date off. A slot is `length / 15` consecutive available cells
 * of one range on one local day, starting on any quarter hour (the step is 15 minutes, whatever
 * the meeting length). Because cells are walked in real time, a slot always lasts exactly its
 * length in elapsed minutes, across DST gaps and overlaps alike. A slot is then dropped when it
 * overlaps a busy interval widened by the buffer on both sides, starts before `now + notice`, or
 * starts on a Saturday or Sunday in the viewer's zone.
 */

export const CELL_MINUTES = 15;
const MINUTE_MS = 60_000;
const CELL_MS = CELL_MINUTES * MINUTE_MS;
const DAY_MINUTES = 24 * 60;
const DAY_MS = DAY_MINUTES * MINUTE_MS;

/** Weekly hours: ISO weekday (1 = Monday … 7 = Sunday), minutes since local midnight, end exclusive. */
export interface WeeklyWindow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** A half-open interval of epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

export interface SlotRules {
  /** Weekly hours in the consultant's zone. */
  weekly: readonly WeeklyWindow[];
  consultantZone: string;
  /** Local dates (YYYY-MM-DD, consultant's zone) with no availability. */
  datesOff: Iterable<string>;
  /** Booked meetings and external calendar events. */
  busy: readonly Interval[];
  minNoticeMinutes: number;
  /** Kept free before and after every busy interval. */
  bufferMinutes: number;
  /** Meeting length; a multiple of 15. */
  lengthMinutes: number;
  /** The zone the slots are shown in: weekends are judged there. */
  viewerZone: string;
  now: number;
}

/** `YYYY-MM-DD` → `{ year, month (1-12), day }`. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number);
  return { year, month, day };
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatYmd = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The instant a local day starts in a zone (its first existing minute).
 * @example startOfLocalDay('2026-03-08', 'America/New_York') // 2026-03-08T05:00:00.000Z
 */
export function startOfLocalDay(date: string, zone: string): number {
  const key = `${zone} ${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const { year, month, day } = parseLocalDate(date);
  const start = new TZDate(year, month - 1, day, 0, 0, zone).getTime();
  // A pure function of its arguments (zone rules are fixed while the process runs): remembered,
  // since working it out through Intl is most of a day's slot generation. Bounded.
  if (dayStarts.size >= MAX_REMEMBERED_DAYS) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

const MAX_REMEMBERED_DAYS = 20_000;
const dayStarts = new Map<string, number>();

/** Adds days to a calendar date (no zone involved). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseLocalDate(date);
  return formatYmd(new Date(Date.UTC(year, month - 1, day + days)));
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseLocalDate(date);
  const js = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return js === 0 ? 7 : js;
}

const OFFSET_PROBE_MS = 6 * 60 * MINUTE_MS;

const MAX_REMEMBERED_OFFSETS = 50_000;
const offsets = new Map<string, number>();

/** `tzOffset`, remembered per zone and instant (pure; Intl makes it the costly step). Bounded. */
function zoneOffset(zone: string, t: number): number {
  const key = `${zone} ${t}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const offset = tzOffset(zone, new Date(t));
  if (offsets.size >= MAX_REMEMBERED_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The zone's UTC offset (minutes) at an instant, fast when asked in increasing order: an offset
 * found at `t` that is also the offset at `t + 6 h` is taken as constant in between (zones change
 * offset at most a few times a year); otherwise the change is found by bisection to the minute.
 * @example const offsetAt = offsetLookup('America/St_Johns'); offsetAt(Date.now()) // -210 or -150
 */
export function offsetLookup(zone: string): (instant: number) => number {
  const at = (t: number) => zoneOffset(zone, t);
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  let value = 0;
  return (t) => {
    if (t >= from && t < to) return value;
    const offset = at(t);
    let hi = t + OFFSET_PROBE_MS;
    if (at(hi) !== offset) {
      let lo = t;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (at(mid) === offset) lo = mid;
        else hi = mid;
      }
    }
    from = t;
    to = hi;
    value = offset;
    return offset;
  };
}

/** Local wall-clock facts of an instant in a zone. */
export function localParts(
  instant: number,
  zone: string,
  offsetAt: (instant: number) => number = (t) => tzOffset(zone, new Date(t)),
) {
  const wall = new Date(instant + offsetAt(instant) * MINUTE_MS);
  const js = wall.getUTCDay();
  return {
    date: formatYmd(wall),
    weekday: js === 0 ? 7 : js,
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** The calendar date of an instant in a zone. */
export const localDateOf = (instant: number, zone: string) => localParts(instant, zone).date;

const isWeekend = (weekday: number) => weekday === 6 || weekday === 7;

/** Sorted, merged ranges per weekday (touching ranges join: 09:00–12:00 + 12:00–17:00 is one). */
function rangesByWeekday(weekly: readonly WeeklyWindow[]): Map<number, Interval[]> {
  const map = new Map<number, Interval[]>();
  for (const w of weekly) {
    const start = Math.max(0, w.startMinute);
    const end = Math.min(DAY_MINUTES, w.endMinute);
    if (end <= start) continue;
    const list = map.get(w.weekday) ?? [];
    list.push({ start, end });
    map.set(w.weekday, list);
  }
  for (const [weekday, list] of map) {
    list.sort((a, b) => a.start - b.start);
    const merged: Interval[] = [];
    for (const r of list) {
      const last = merged.at(-1);
      if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
      else merged.push({ ...r });
    }
    map.set(weekday, merged);
  }
  return map;
}

/** Busy intervals widened by the buffer, sorted and merged into disjoint intervals. */
function blockedIntervals(busy: readonly Interval[], bufferMinutes: number): Interval[] {
  const pad = Math.max(0, bufferMinutes) * MINUTE_MS;
  const list = busy
    .filter((b) => b.end > b.start)
    .map((b) => ({ start: b.start - pad, end: b.end + pad }))
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const b of list) {
    const last = merged.at(-1);
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else merged.push({ ...b });
  }
  return merged;
}

/**
 * Every slot whose start lies in `[windowStart, windowEnd)`, sorted by start, without duplicates.
 * @example slotsBetween(rules, Date.parse('2026-03-09T00:00Z'), Date.parse('2026-03-10T00:00Z'))
 */
export function slotsBetween(rules: SlotRules, windowStart: number, windowEnd: number): Interval[] {
  const { lengthMinutes } = rules;
  if (
    !Number.isInteger(lengthMinutes) ||
    lengthMinutes <= 0 ||
    lengthMinutes % CELL_MINUTES !== 0
  ) {
    return [];
  }
  const cellsPerSlot = lengthMinutes / CELL_MINUTES;
  const earliest = Math.max(
    windowStart,
    rules.now + Math.max(0, rules.minNoticeMinutes) * MINUTE_MS,
  );
  const firstStart = Math.ceil(earliest / CELL_MS) * CELL_MS;
  if (firstStart >= windowEnd) return [];
  const ranges = rangesByWeekday(rules.weekly);
  if (ranges.size === 0) return [];
  // Dates off as local day numbers (days since the epoch), to compare without formatting.
  const daysOff = new Set(
    [...rules.datesOff].map((d) => {
      const { year, month, day } = parseLocalDate(d);
      return Date.UTC(year, month - 1, day) / DAY_MS;
    }),
  );

  // Run key of every cell from the first possible start to the last cell a slot may need:
  // -1 when unavailable, else localDay × 100 + rangeIndex (a slot never leaves its run).
  const lastCell = Math.ceil(windowEnd / CELL_MS) * CELL_MS + (cellsPerSlot - 1) * CELL_MS;
  const count = Math.max(0, (lastCell - firstStart) / CELL_MS);
  const runKeys = new Array<number>(count).fill(-1);
  const consultantOffset = offsetLookup(rules.consultantZone);
  const viewerOffset = offsetLookup(rules.viewerZone);
  for (let i = 0; i < count; i++) {
    const wall = firstStart + i * CELL_MS + consultantOffset(firstStart + i * CELL_MS) * MINUTE_MS;
    const localDay = Math.floor(wall / DAY_MS);
    if (daysOff.has(localDay)) continue;
    const js = (localDay + 4) % 7; // 1970-01-01 was a Thursday
    const list = ranges.get(js === 0 ? 7 : js);
    if (!list) continue;
    const minuteOfDay = (wall - localDay * DAY_MS) / MINUTE_MS;
    const index = list.findIndex(
      (r) => r.start <= minuteOfDay && minuteOfDay + CELL_MINUTES <= r.end,
    );
    if (index >= 0) runKeys[i] = localDay * 100 + index;
  }
  // Cells from i onwards that share i's run, capped at what a slot needs.
  const runLength = new Array<number>(count).fill(0);
  for (let i = count - 1; i >= 0; i--) {
    const key = runKeys[i] ?? -1;
    if (key < 0) continue;
    runLength[i] = i + 1 < count && runKeys[i + 1] === key ? 1 + (runLength[i + 1] ?? 0) : 1;
  }

  const blocked = blockedIntervals(rules.busy, rules.bufferMinutes);
  const slots: Interval[] = [];
  let b = 0;
  for (let i = 0; i < count; i++) {
    const start = firstStart + i * CELL_MS;
    if (start >= windowEnd) break;
    if ((runLength[i] ?? 0) < cellsPerSlot) continue;
    const end = start + lengthMinutes * MINUTE_MS;
    while (b < blocked.length && (blocked[b]?.end ?? 0) <= start) b++;
    const next = blocked[b];
    if (next && next.start < end) continue;
    if (isWeekend(localParts(start, rules.viewerZone, viewerOffset).weekday)) continue;
    slots.push({ start, end });
  }
  return slots;
}

/**
 * The slots of one day of the viewer's calendar: those whose start falls on `date` in `viewerZone`.
 * Saturdays and Sundays of the viewer have none.
 * @example slotsOfDay(rules, '2026-03-09')
 */
export function slotsOfDay(rules: SlotRules, date: string): Interval[] {
  if (isWeekend(weekdayOf(date))) return [];
  return slotsBetween(
    rules,
    startOfLocalDay(date, rules.viewerZone),
    startOfLocalDay(addDays(date, 1), rules.viewerZone),
  );
}

/**
 * Whether `[start, end)` is one of the slots — the same answer as finding it among the slots of its
 * day (slot-generator.test.ts checks both agree), working out that one start instead of the day.
 * @example offersSlot(rules, Date.parse('2026-03-09T14:00Z'), Date.parse('2026-03-09T14:30Z'))
 */
export function offersSlot(rules: SlotRules, start: number, end: number): boolean {
  return slotsBetween(rules, start, start + 1).some((s) => s.start === start && s.end === end);
}

/**
 * One page of a day's slots. `from` is the end of the previous page's last slot: the page holds the
 * slots ending after it (all slots of a list share one length, so that is exactly "after the last
 * one", and the pages put together are the whole list).
 * @example pageOfSlots(slots, Date.parse(previous.at(-1).end), 20)
 */
export function pageOfSlots(
  slots: readonly Interval[],
  from: number | undefined,
  size: number,
): { slots: Interval[]; hasMore: boolean } {
  const after = from === undefined ? slots : slots.filter((s) => s.end > from);
  return { slots: after.slice(0, size), hasMore: after.length > size };
}

/** The calendar days of a month, `YYYY-MM` → `['YYYY-MM-01', …]`. */
export function daysOfMonth(month: string): string[] {
  const [year = 0, m = 0] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, k) => `${month}-${pad(k + 1)}`);
}

/**
 * The days of a month (in the viewer's zone) with at least one free slot, computed in one pass.
 * @example availableDates(rules, '2026-03') // ['2026-03-09', …]
 */
export function availableDates(rules: SlotRules, month: string): string[] {
  const days = daysOfMonth(month);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const slots = slotsBetween(
    rules,
    startOfLocalDay(first, rules.viewerZone),
    startOfLocalDay(addDays(last, 1), rules.viewerZone),
  );
  const viewerOffset = offsetLookup(rules.viewerZone);
  const found = new Set(slots.map((s) => localParts(s.start, rules.viewerZone, viewerOffset).date));
  return days.filter((d) => found.has(d));
}

/** The window of instants a month covers in a zone (for loading busy intervals once). */
export function monthWindow(month: string, zone: string): Interval {
  const days = daysOfMonth(month);
  return {
    start: startOfLocalDay(days[0] ?? `${month}-01`, zone),
    end: startOfLocalDay(addDays(days.at(-1) ?? `${month}-01`, 1), zone),
  };
}

/** The window of instants a local day covers in a zone. */
export function dayWindow(date: string, zone: string): Interval {
  return { start: startOfLocalDay(date, zone), end: startOfLocalDay(addDays(date, 1), zone) };
}

/** `HH:MM` → minutes since midnight (`24:00` → 1440). */
export const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** Minutes since midnight → `HH:MM`. */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
