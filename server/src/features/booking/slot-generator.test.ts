import { tzOffset } from '@date-fns/tz';
import { MEETING_LENGTH_OPTIONS, SLOT_PAGE_SIZE, TIME_ZONES } from '@fm/sdk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableDates,
  type Interval,
  offersSlot,
  offsetLookup,
  pageOfSlots,
  type SlotRules,
  slotsOfDay,
  type WeeklyWindow,
} from './slot-generator.ts';

// An oracle independent of the implementation: wall-clock facts straight from Intl.
const formatters = new Map<string, Intl.DateTimeFormat>();
function wall(instant: number, zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(
    f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  const weekday =
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

/** Every minute of [start, end) lies in one local day's ranges and that day is not off. */
function insideAvailability(slot: Interval, rules: SlotRules): boolean {
  const off = new Set(rules.datesOff);
  const first = wall(slot.start, rules.consultantZone);
  for (let t = slot.start; t < slot.end; t += MINUTE) {
    const w = wall(t, rules.consultantZone);
    if (w.date !== first.date || off.has(w.date)) return false;
    const ok = rules.weekly.some(
      (r) => r.weekday === w.weekday && r.startMinute <= w.minute && w.minute < r.endMinute,
    );
    if (!ok) return false;
  }
  return true;
}

const overlapsBusy = (slot: Interval, rules: SlotRules) =>
  rules.busy.some(
    (b) =>
      slot.start < b.end + rules.bufferMinutes * MINUTE &&
      b.start - rules.bufferMinutes * MINUTE < slot.end,
  );

/** Brute force over every quarter hour of the viewer's day. */
function oracle(rules: SlotRules, date: string): Interval[] {
  const out: Interval[] = [];
  const probe = Date.parse(`${date}T00:00:00Z`);
  for (let t = probe - 16 * 60 * MINUTE; t < probe + 40 * 60 * MINUTE; t += QUARTER) {
    const v = wall(t, rules.viewerZone);
    if (v.date !== date || v.weekday >= 6) continue;
    if (t < rules.now + rules.minNoticeMinutes * MINUTE) continue;
    const slot = { start: t, end: t + rules.lengthMinutes * MINUTE };
    if (!insideQuarterCells(slot, rules) || overlapsBusy(slot, rules)) continue;
    out.push(slot);
  }
  return out;
}

/** Like insideAvailability, by quarter cells (every quarter of the slot fully inside a range). */
function insideQuarterCells(slot: Interval, rules: SlotRules): boolean {
  const off = new Set(rules.datesOff);
  const first = wall(slot.start, rules.consultantZone);
  for (let t = slot.start; t < slot.end; t += QUARTER) {
    const w = wall(t, rules.consultantZone);
    if (w.date !== first.date || off.has(w.date)) return false;
    const ok = rules.weekly.some(
      (r) => r.weekday === w.weekday && r.startMinute <= w.minute && w.minute + 15 <= r.endMinute,
    );
    if (!ok) return false;
  }
  return true;
}

const zone = fc.constantFrom(...TIME_ZONES);
/** DST transitions of 2025–2027 (US, Canada, UK) plus random days. */
const TRANSITION_DAYS = [
  '2025-03-09',
  '2025-11-02',
  '2025-03-30',
  '2025-10-26',
  '2026-03-08',
  '2026-03-09',
  '2026-11-01',
  '2026-11-02',
  '2026-03-29',
  '2026-03-30',
  '2026-10-25',
  '2026-10-26',
  '2027-03-14',
  '2027-11-07',
];
const pad = (n: number) => String(n).padStart(2, '0');
const randomDay = fc
  .date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2027-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
const day = fc.oneof(fc.constantFrom(...TRANSITION_DAYS), randomDay);

/** Non-overlapping ranges per weekday; boundaries often on quarters, sometimes not. */
const minute = fc.oneof(
  fc.integer({ min: 0, max: 96 }).map((q) => q * 15),
  fc.integer({ min: 0, max: 1440 }),
);
const weekly: fc.Arbitrary<WeeklyWindow[]> = fc
  .array(
    fc.record({
      weekday: fc.integer({ min: 1, max: 7 }),
      points: fc.uniqueArray(minute, { minLength: 2, maxLength: 6 }),
    }),
    { maxLength: 9 },
  )
  .map((days) => {
    const out: WeeklyWindow[] = [];
    const seen = new Set<number>();
    for (const d of days) {
      if (seen.has(d.weekday)) continue;
      seen.add(d.weekday);
      const pts = [...d.points].sort((a, b) => a - b);
      for (let i = 0; i + 1 < pts.length; i += 2) {
        const [s, e] = [pts[i] ?? 0, pts[i + 1] ?? 0];
        if (e > s) out.push({ weekday: d.weekday, startMinute: s, endMinute: e });
      }
    }
    return out;
  });

const rulesFor = fc
  .record({
    weekly: fc.oneof(
      weekly,
      // Round-the-clock availability stresses DST days and weekends the most.
      fc.constant(
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
      ),
    ),
    consultantZone: zone,
    viewerZone: zone,
    date: day,
    lengthMinutes: fc.constantFrom(...MEETING_LENGTH_OPTIONS),
    minNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2880 })),
    bufferMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
    nowOffsetMinutes: fc.integer({ min: -4 * 1440, max: 3 * 1440 }),
    busy: fc.array(
      fc.record({
        startOffset: fc.integer({ min: -1440, max: 2 * 1440 }),
        length: fc.integer({ min: 1, max: 240 }),
      }),
      { maxLength: 6 },
    ),
    offDays: fc.array(fc.integer({ min: -1, max: 1 }), { maxLength: 2 }),
  })
  .map((r) => {
    const anchor = Date.parse(`${r.date}T00:00:00Z`);
    const offDates = r.offDays.map((k) => {
      const d = new Date(anchor + k * 1440 * MINUTE);
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    });
    const rules: SlotRules = {
      weekly: r.weekly,
      consultantZone: r.consultantZone,
      viewerZone: r.viewerZone,
      datesOff: offDates,
      busy: r.busy.map((b) => ({
        start: anchor + b.startOffset * MINUTE,
        end: anchor + (b.startOffset + b.length) * MINUTE,
      })),
      minNoticeMinutes: r.minNoticeMinutes,
      bufferMinutes: r.bufferMinutes,
      lengthMinutes: r.lengthMinutes,
      now: anchor + r.nowOffsetMinutes * MINUTE,
    };
    return { rules, date: r.date };
  });

describe('slot generation (property-based)', () => {
  it('offers only valid slots: inside hours, free, on weekdays, in the future, exact length', () => {
    fc.assert(
      fc.property(rulesFor, ({ rules, date }) => {
        const slots = slotsOfDay(rules, date);
        for (const [i, slot] of slots.entries()) {
          expect(slot.end - slot.start).toBe(rules.lengthMinutes * MINUTE);
          expect(insideAvailability(slot, rules)).toBe(true);
          expect(overlapsBusy(slot, rules)).toBe(false);
          const viewer = wall(slot.start, rules.viewerZone);
          expect(viewer.date).toBe(date);
          expect(viewer.weekday).toBeLessThan(6);
          expect(slot.start).toBeGreaterThanOrEqual(rules.now + rules.minNoticeMinutes * MINUTE);
          expect(slot.start % QUARTER).toBe(0);
          if (i > 0) expect(slot.start).toBeGreaterThan(slots[i - 1]?.start ?? 0);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('offers every quarter-hour start the rules allow (same list as a brute-force oracle)', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(rulesFor, ({ rules, date }) => {
        const slots = slotsOfDay(rules, date);
        if (slots.length > 0) nonEmpty += 1;
        expect(slots).toEqual(oracle(rules, date));
      }),
      { numRuns: 200 },
    );
    // The generators must exercise real slots, not mostly empty days.
    expect(nonEmpty).toBeGreaterThan(15);
  });

  it('judges one start (offersSlot) exactly as the day’s list does, on and off the grid', () => {
    let offered = 0;
    fc.assert(
      fc.property(rulesFor, fc.integer({ min: 0, max: 14 }), ({ rules, date }, odd) => {
        const day = slotsOfDay(rules, date);
        const starts = new Set(day.map((s) => s.start));
        const length = rules.lengthMinutes * MINUTE;
        const first = Date.parse(`${date}T00:00:00Z`) - 15 * 60 * MINUTE;
        for (let t = first; t < first + 54 * 60 * MINUTE; t += QUARTER) {
          const inDay = wall(t, rules.viewerZone).date === date;
          if (!inDay) continue;
          expect(offersSlot(rules, t, t + length)).toBe(starts.has(t));
          expect(offersSlot(rules, t, t + length + QUARTER)).toBe(false);
          if (odd > 0)
            expect(offersSlot(rules, t + odd * MINUTE, t + odd * MINUTE + length)).toBe(false);
          if (starts.has(t)) offered += 1;
        }
      }),
      { numRuns: 150 },
    );
    expect(offered).toBeGreaterThan(100);
  });

  it('pages with `from` (end of the last slot) put together equal the unpaged list', () => {
    fc.assert(
      fc.property(
        rulesFor,
        fc.integer({ min: 1, max: SLOT_PAGE_SIZE }),
        ({ rules, date }, size) => {
          const all = slotsOfDay(rules, date);
          const seen: Interval[] = [];
          let from: number | undefined;
          for (let guard = 0; guard < 200; guard++) {
            const page = pageOfSlots(all, from, size);
            seen.push(...page.slots);
            if (!page.hasMore) break;
            from = page.slots.at(-1)?.end;
          }
          expect(seen).toEqual(all);
          expect(new Set(seen.map((s) => s.start)).size).toBe(seen.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('highlights exactly the days of the month that have slots', () => {
    fc.assert(
      fc.property(rulesFor, ({ rules, date }) => {
        const month = date.slice(0, 7);
        const dates = availableDates(rules, month);
        const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
        const expected: string[] = [];
        for (let d = 1; d <= last.getUTCDate(); d++) {
          const day = `${month}-${pad(d)}`;
          if (slotsOfDay(rules, day).length > 0) expected.push(day);
        }
        expect(dates).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});

describe('offsetLookup', () => {
  it('agrees with the zone database minute by minute around every transition of 2026', () => {
    for (const zone of TIME_ZONES) {
      const lookup = offsetLookup(zone);
      for (const day of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
        const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
        for (let t = start; t < start + 48 * 3_600_000; t += 5 * MINUTE) {
          expect(lookup(t)).toBe(tzOffset(zone, new Date(t)));
        }
      }
    }
  });
});

describe('slot generation (examples)', () => {
  const mondayToFriday = (start: number, end: number) =>
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: start, endMinute: end }));
  const base: SlotRules = {
    weekly: mondayToFriday(9 * 60, 17 * 60),
    consultantZone: 'America/New_York',
    viewerZone: 'America/New_York',
    datesOff: [],
    busy: [],
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    lengthMinutes: 30,
    now: Date.parse('2026-01-01T00:00:00Z'),
  };
  const times = (slots: Interval[], zone: string) =>
    slots.map((s) =>
      new Date(s.start).toLocaleTimeString('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
      }),
    );

  it('09:00–17:00 with 30-minute meetings starts every quarter hour from 09:00 to 16:30', () => {
    const slots = slotsOfDay(base, '2026-03-09');
    expect(slots).toHaveLength(31);
    expect(times(slots, 'America/New_York').slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect(times(slots, 'America/New_York').at(-1)).toBe('16:30');
  });

  it('shows a New York day to a London viewer on London dates, across the US-only DST weeks', () => {
    // 2026-03-09: New York is on EDT (UTC-4), London still on GMT: 09:00 NY = 13:00 London.
    const london = slotsOfDay({ ...base, viewerZone: 'Europe/London' }, '2026-03-09');
    expect(times(london, 'Europe/London')[0]).toBe('13:00');
    expect(times(london, 'Europe/London').at(-1)).toBe('20:30');
  });

  it('St. John’s (−3:30) and Honolulu (no DST) line up with half-hour and ten-hour offsets', () => {
    const stJohns = slotsOfDay(
      { ...base, consultantZone: 'America/St_Johns', viewerZone: 'Pacific/Honolulu' },
      '2026-07-06',
    );
    // 09:00 NDT (UTC−2:30) = 11:30 UTC = 01:30 HST.
    expect(new Date(stJohns[0]?.start ?? 0).toISOString()).toBe('2026-07-06T11:30:00.000Z');
    expect(times(stJohns, 'Pacific/Honolulu')[0]).toBe('01:30');
  });

  it('never offers the Sunday of a DST change, in any viewer zone', () => {
    const always = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      startMinute: 0,
      endMinute: 1440,
    }));
    for (const viewerZone of TIME_ZONES) {
      const rules = { ...base, weekly: always, viewerZone };
      expect(slotsOfDay(rules, '2026-03-08')).toEqual([]);
      expect(slotsOfDay(rules, '2026-11-01')).toEqual([]);
      // The Monday after: every quarter hour but the one whose meeting would cross the
      // consultant's midnight (a slot stays within one local day), all exactly 30 minutes.
      const monday = slotsOfDay(rules, '2026-11-02');
      expect(monday).toHaveLength(95);
      expect(monday.every((s) => s.end - s.start === 30 * MINUTE)).toBe(true);
    }
  });

  it('drops busy time with its buffer, dates off, and the minimum notice', () => {
    const monday = '2026-03-09';
    const tenAm = Date.parse('2026-03-09T14:00:00Z');
    const busy = slotsOfDay(
      { ...base, busy: [{ start: tenAm, end: tenAm + 30 * MINUTE }], bufferMinutes: 15 },
      monday,
    );
    expect(times(busy, 'America/New_York')).not.toContain('09:30');
    expect(times(busy, 'America/New_York')).toContain('09:15');
    expect(times(busy, 'America/New_York')).toContain('10:45');
    expect(times(busy, 'America/New_York')).not.toContain('10:30');
    expect(slotsOfDay({ ...base, datesOff: [monday] }, monday)).toEqual([]);
    const noticed = slotsOfDay({ ...base, now: tenAm, minNoticeMinutes: 60 }, monday);
    expect(times(noticed, 'America/New_York')[0]).toBe('11:00');
  });
});
