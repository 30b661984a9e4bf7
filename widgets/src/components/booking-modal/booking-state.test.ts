import type { Session, Slot } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BookingAction,
  type BookingState,
  bookingReducer,
  canSchedule,
  FIRST_DAY_LOOKAHEAD_MONTHS,
  initialBookingState,
} from './booking-state.ts';

const TODAY = '2026-03-09'; // a Monday
const slot = (h: number, m = 0): Slot => {
  const start = Date.UTC(2026, 2, 10, h, m);
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + 30 * 60_000).toISOString(),
  };
};

function run(state: BookingState, ...actions: BookingAction[]): BookingState {
  return actions.reduce(bookingReducer, state);
}

const opened = () =>
  initialBookingState({ consultantId: 'c1', timeZone: 'America/New_York', today: TODAY });

/** Open, learn the month's free days, and land on a day with slots and one chosen. */
function withChosenSlot(): BookingState {
  return run(
    opened(),
    { type: 'availabilityLoaded', month: '2026-03', dates: ['2026-03-10'], meetingLengths: [30] },
    { type: 'slotsLoaded', slots: [slot(14), slot(15)], hasMore: false, append: false },
    { type: 'slotChosen', slot: slot(14) },
  );
}

describe('booking modal state: the first day (user-area §4)', () => {
  it('chooses today when today has free times', () => {
    const state = run(opened(), {
      type: 'availabilityLoaded',
      month: '2026-03',
      dates: ['2026-03-09', '2026-03-12'],
      meetingLengths: [30, 60],
    });
    expect(state.date).toBe('2026-03-09');
    expect(state.duration).toBe(30);
    expect(state.meetingLengths).toEqual([30, 60]);
  });

  it('else the first day with free times', () => {
    const state = run(opened(), {
      type: 'availabilityLoaded',
      month: '2026-03',
      dates: ['2026-03-12', '2026-03-11'],
      meetingLengths: [30],
    });
    expect(state.date).toBe('2026-03-11');
  });

  it('looks into the next months when this one is full, then gives up', () => {
    let state = run(opened(), {
      type: 'availabilityLoaded',
      month: '2026-03',
      dates: [],
      meetingLengths: [30],
    });
    expect(state.date).toBeNull();
    expect(state.month).toBe('2026-04');
    state = run(state, {
      type: 'availabilityLoaded',
      month: '2026-04',
      dates: ['2026-04-02'],
      meetingLengths: [30],
    });
    expect(state.date).toBe('2026-04-02');
    expect(state.month).toBe('2026-04');

    let empty = opened();
    for (let i = 0; i < FIRST_DAY_LOOKAHEAD_MONTHS; i += 1) {
      empty = run(empty, {
        type: 'availabilityLoaded',
        month: empty.month,
        dates: [],
        meetingLengths: [30],
      });
    }
    expect(empty.date).toBeNull();
    expect(empty.autoPick).toBe(false);
    expect(empty.month).toBe('2026-03');
  });

  it('does not choose again once the viewer has chosen', () => {
    const state = run(
      opened(),
      { type: 'availabilityLoaded', month: '2026-03', dates: ['2026-03-10'], meetingLengths: [30] },
      { type: 'dateChosen', date: '2026-03-13' },
      { type: 'monthShown', month: '2026-04' },
      { type: 'availabilityLoaded', month: '2026-04', dates: ['2026-04-01'], meetingLengths: [30] },
    );
    expect(state.date).toBe('2026-03-13');
    expect(state.month).toBe('2026-04');
  });
});

describe('booking modal state: what clears the selection (user-area §4)', () => {
  it('Schedule Meeting is disabled until a slot is chosen', () => {
    const state = run(
      opened(),
      { type: 'availabilityLoaded', month: '2026-03', dates: ['2026-03-10'], meetingLengths: [30] },
      { type: 'slotsLoaded', slots: [slot(14)], hasMore: false, append: false },
    );
    expect(canSchedule(state)).toBe(false);
    expect(canSchedule(run(state, { type: 'slotChosen', slot: slot(14) }))).toBe(true);
  });

  it('changing the date clears the chosen slot and the slots', () => {
    const state = run(withChosenSlot(), { type: 'dateChosen', date: '2026-03-11' });
    expect(state.selected).toBeNull();
    expect(state.slots.items).toEqual([]);
    expect(state.date).toBe('2026-03-11');
  });

  it('weekends and past days cannot be chosen', () => {
    const before = withChosenSlot();
    expect(run(before, { type: 'dateChosen', date: '2026-03-14' })).toBe(before);
    expect(run(before, { type: 'dateChosen', date: '2026-03-06' })).toBe(before);
  });

  it('changing the zone clears the chosen slot and keeps a day that is still choosable', () => {
    const state = run(withChosenSlot(), {
      type: 'zoneChanged',
      timeZone: 'America/Los_Angeles',
      today: TODAY,
    });
    expect(state.selected).toBeNull();
    expect(state.timeZone).toBe('America/Los_Angeles');
    expect(state.date).toBe('2026-03-10');
    expect(state.available).toEqual({});
    expect(state.availability.status).toBe('loading');
  });

  it('changing the consultant clears the slot, the slots and the day', () => {
    const state = run(withChosenSlot(), {
      type: 'consultantChanged',
      consultantId: 'c2',
      today: TODAY,
    });
    expect(state.consultantId).toBe('c2');
    expect(state.selected).toBeNull();
    expect(state.slots.items).toEqual([]);
    expect(state.date).toBeNull();
    expect(state.autoPick).toBe(true);
    expect(state.duration).toBeNull();
  });

  it('changing the meeting length clears the slot', () => {
    const state = run(withChosenSlot(), { type: 'durationChanged', duration: 60 });
    expect(state.selected).toBeNull();
    expect(state.duration).toBe(60);
    expect(state.date).toBe('2026-03-10');
  });
});

describe('booking modal state: slots', () => {
  it('Load More appends the next page without duplicates', () => {
    const state = run(
      withChosenSlot(),
      { type: 'slotsLoading', append: true },
      { type: 'slotsLoaded', slots: [slot(15), slot(16)], hasMore: false, append: true },
    );
    expect(state.slots.items).toEqual([slot(14), slot(15), slot(16)]);
    expect(state.selected).toEqual(slot(14));
    expect(state.slots.loadingMore).toBe(false);
  });

  it('a taken slot (409) shows the message, clears the choice and asks for the slots again', () => {
    const before = withChosenSlot();
    const state = run(
      before,
      { type: 'submitStarted' },
      { type: 'slotGone', message: 'Error creating booking: This time slot has just been taken' },
    );
    expect(state.selected).toBeNull();
    expect(state.message).toMatch(/just been taken/);
    expect(state.slotsVersion).toBe(before.slotsVersion + 1);
    expect(state.submitting).toBe(false);
  });

  it('a refused subscription blocks the modal', () => {
    const state = run(
      withChosenSlot(),
      { type: 'submitStarted' },
      { type: 'blocked', reason: 'restricted' },
    );
    expect(state.blocked).toBe('restricted');
    expect(canSchedule(state)).toBe(false);
  });

  it('keeps the booked meeting', () => {
    const session = { id: 'm1' } as Session;
    const state = run(withChosenSlot(), { type: 'submitStarted' }, { type: 'booked', session });
    expect(state.booked).toBe(session);
    expect(canSchedule(state)).toBe(false);
  });

  it('a new day makes a day that became past unchosen', () => {
    const state = run(withChosenSlot(), { type: 'todayChanged', today: '2026-03-11' });
    expect(state.date).toBeNull();
    expect(state.autoPick).toBe(true);
  });
});
