import { TIME_ZONES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayLabel,
  dedupeSlots,
  defaultTimeZone,
  firstSelectedDay,
  focusableDayOf,
  formatSlotTime,
  isoWeekday,
  isSelectable,
  isWeekend,
  monthGrid,
  monthLabel,
  moveFocus,
  sameSlot,
  timeZoneLabel,
  todayIn,
} from './booking-calendar.ts';

describe('booking calendar days', () => {
  it('computes today in the chosen zone, not the machine zone', () => {
    const instant = Date.parse('2026-03-10T05:30:00Z');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-09');
    expect(todayIn('America/New_York', instant)).toBe('2026-03-10');
    expect(todayIn('Europe/London', instant)).toBe('2026-03-10');
    expect(todayIn('America/St_Johns', Date.parse('2026-03-10T02:00:00Z'))).toBe('2026-03-09');
  });

  it('adds days and months across boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('knows weekdays and weekends', () => {
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-15')).toBe(7);
    expect(isWeekend('2026-03-14')).toBe(true);
    expect(isWeekend('2026-03-15')).toBe(true);
    expect(isWeekend('2026-03-13')).toBe(false);
  });

  it('disables weekends and past days (user-area §5)', () => {
    const today = '2026-03-11';
    expect(isSelectable('2026-03-10', today)).toBe(false);
    expect(isSelectable('2026-03-11', today)).toBe(true);
    expect(isSelectable('2026-03-14', today)).toBe(false);
    expect(isSelectable('2026-03-16', today)).toBe(true);
  });

  it('lays a month out in Sunday-first weeks', () => {
    const grid = monthGrid('2026-03');
    expect(grid[0]).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    const april = monthGrid('2026-04');
    expect(april[0]?.slice(0, 3)).toEqual([null, null, null]);
    expect(april[0]?.[3]).toBe('2026-04-01');
    expect(april.every((week) => week.length === 7)).toBe(true);
    expect(april.flat().filter(Boolean)).toHaveLength(30);
  });

  it('labels months and days', () => {
    expect(monthLabel('2026-03')).toBe('March 2026');
    expect(dayLabel('2026-03-09')).toBe('Monday, 9 March 2026');
  });
});

describe('keyboard movement', () => {
  const today = '2026-03-04'; // a Wednesday

  it('skips weekends with the arrow keys', () => {
    expect(moveFocus('2026-03-06', 'ArrowRight', today)).toBe('2026-03-09');
    expect(moveFocus('2026-03-09', 'ArrowLeft', today)).toBe('2026-03-06');
  });

  it('never moves into the past', () => {
    expect(moveFocus('2026-03-04', 'ArrowLeft', today)).toBeNull();
    expect(moveFocus('2026-03-06', 'ArrowUp', today)).toBe('2026-03-04');
    expect(moveFocus('2026-03-10', 'ArrowUp', today)).toBe('2026-03-04');
  });

  it('moves by weeks and months', () => {
    expect(moveFocus('2026-03-04', 'ArrowDown', today)).toBe('2026-03-11');
    expect(moveFocus('2026-03-31', 'PageDown', today)).toBe('2026-04-30');
    expect(moveFocus('2026-04-06', 'PageUp', today)).toBe('2026-03-06');
    // The same day next month is a Saturday: the next weekday instead.
    expect(moveFocus('2026-03-04', 'PageDown', today)).toBe('2026-04-06');
  });

  it('goes to the first and last choosable day of the week', () => {
    expect(moveFocus('2026-03-11', 'Home', today)).toBe('2026-03-09');
    expect(moveFocus('2026-03-11', 'End', today)).toBe('2026-03-13');
    expect(moveFocus('2026-03-05', 'Home', today)).toBe('2026-03-04');
  });

  it('finds a day to focus in a month', () => {
    expect(focusableDayOf('2026-03', today, null)).toBe('2026-03-04');
    expect(focusableDayOf('2026-03', today, '2026-03-20')).toBe('2026-03-20');
    expect(focusableDayOf('2026-04', today, '2026-03-20')).toBe('2026-04-01');
    expect(focusableDayOf('2026-02', today, null)).toBeNull();
  });
});

describe('the first selected day (user-area §4)', () => {
  it('is today when today has free times', () => {
    expect(firstSelectedDay('2026-03-09', ['2026-03-09', '2026-03-10'])).toBe('2026-03-09');
  });

  it('else the first day with free times', () => {
    expect(firstSelectedDay('2026-03-09', ['2026-03-12', '2026-03-10'])).toBe('2026-03-10');
  });

  it('never a past day or a weekend', () => {
    expect(firstSelectedDay('2026-03-09', ['2026-03-02', '2026-03-14'])).toBeNull();
  });
});

describe('slots', () => {
  const a = { start: '2026-03-09T14:00:00.000Z', end: '2026-03-09T14:30:00.000Z' };
  const b = { start: '2026-03-09T14:15:00.000Z', end: '2026-03-09T14:45:00.000Z' };

  it('shows times as h:mm A in the chosen zone', () => {
    expect(formatSlotTime(a.start, 'America/New_York')).toBe('10:00 AM');
    expect(formatSlotTime(a.start, 'America/Los_Angeles')).toBe('7:00 AM');
    expect(formatSlotTime('2026-03-09T20:05:00Z', 'America/New_York')).toBe('4:05 PM');
    // Newfoundland is on daylight time (UTC-2:30) from 8 March 2026.
    expect(formatSlotTime(a.start, 'America/St_Johns')).toBe('11:30 AM');
  });

  it('removes duplicates (same start and end) and sorts', () => {
    const sameInstant = { start: '2026-03-09T14:00:00Z', end: '2026-03-09T14:30:00Z' };
    expect(dedupeSlots([b, a, sameInstant, b])).toEqual([a, b]);
    expect(sameSlot(a, sameInstant)).toBe(true);
    expect(sameSlot(a, b)).toBe(false);
    expect(sameSlot(a, null)).toBe(false);
  });
});

describe('time zones', () => {
  it("starts in the browser's zone when it is one of the 13, else New York", () => {
    expect(defaultTimeZone('America/Denver')).toBe('America/Denver');
    expect(defaultTimeZone('Europe/Paris')).toBe('America/New_York');
    expect(defaultTimeZone(null)).toBe('America/New_York');
    expect(TIME_ZONES).toContain(defaultTimeZone());
  });

  it('labels zones readably', () => {
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America/Los Angeles');
  });
});
