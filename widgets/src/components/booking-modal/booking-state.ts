import type { Session, Slot, TimeZone } from '@fm/sdk/contracts';
import {
  addMonths,
  dedupeSlots,
  firstSelectedDay,
  isSelectable,
  type LocalDate,
  type LocalMonth,
  monthOf,
  sameSlot,
} from './booking-calendar.ts';

/**
 * The booking modal's state and its transitions, as a pure reducer (user-area §4):
 * changing the day, the zone or the consultant clears the chosen slot; changing the consultant
 * also clears the slots; the first chosen day is today when it has free times, else the first day
 * that has. The container performs the calls and feeds their answers back as actions.
 */

/** Months looked through for a first free day before saying there is none. */
export const FIRST_DAY_LOOKAHEAD_MONTHS = 3;

export type Loadable =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'error'; message: string };

export interface SlotList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Slot[];
  hasMore: boolean;
  /** A Load More request is under way (the items already shown stay). */
  loadingMore: boolean;
  message?: string | undefined;
}

/** Why the modal cannot book: the API refused for the subscription, or nobody is signed in. */
export type Blocked = 'restricted' | 'sign-in' | null;

export interface BookingState {
  consultantId: string;
  timeZone: TimeZone;
  /** Today in the chosen zone (past days are disabled relative to it). */
  today: LocalDate;
  /** The month the grid shows. */
  month: LocalMonth;
  /** Meeting length in minutes; `null` until the consultant's lengths are known. */
  duration: number | null;
  meetingLengths: number[];
  /** Days with free times, per month already loaded for the current consultant/zone/length. */
  available: Record<LocalMonth, LocalDate[]>;
  availability: Loadable;
  /** The chosen day. */
  date: LocalDate | null;
  /** Still looking for the first day to choose (the opening rule). */
  autoPick: boolean;
  /** How many months the opening rule has looked through. */
  lookahead: number;
  slots: SlotList;
  /** Bumped to ask the container for the day's slots again (after a 409). */
  slotsVersion: number;
  selected: Slot | null;
  submitting: boolean;
  /** A failure to show above the buttons (409, 402, …). */
  message: string | null;
  blocked: Blocked;
  /** The meeting once booked (the modal shows its confirmation). */
  booked: Session | null;
}

export type BookingAction =
  | { type: 'consultantChanged'; consultantId: string; today: LocalDate }
  | { type: 'zoneChanged'; timeZone: TimeZone; today: LocalDate }
  | { type: 'durationChanged'; duration: number }
  | { type: 'monthShown'; month: LocalMonth }
  | { type: 'dateChosen'; date: LocalDate }
  | { type: 'todayChanged'; today: LocalDate }
  | { type: 'availabilityLoading' }
  | {
      type: 'availabilityLoaded';
      month: LocalMonth;
      dates: LocalDate[];
      meetingLengths: number[];
    }
  | { type: 'availabilityFailed'; message: string }
  | { type: 'slotsLoading'; append: boolean }
  | { type: 'slotsLoaded'; slots: Slot[]; hasMore: boolean; append: boolean }
  | { type: 'slotsFailed'; message: string }
  /** Ask for the day's slots again (Try again). */
  | { type: 'refreshSlots' }
  | { type: 'slotChosen'; slot: Slot }
  | { type: 'submitStarted' }
  | { type: 'submitFailed'; message: string }
  /** 409 SLOT_TAKEN or 422 SLOT_NOT_OFFERED: the message shows, the slots are asked again. */
  | { type: 'slotGone'; message: string }
  | { type: 'blocked'; reason: Exclude<Blocked, null> }
  /** The visitor signed in (e.g. through an embed's popup): back to the chosen slot. */
  | { type: 'unblocked' }
  | { type: 'booked'; session: Session }
  | { type: 'reset'; today: LocalDate };

const NO_SLOTS: SlotList = { status: 'idle', items: [], hasMore: false, loadingMore: false };

/**
 * The state the modal opens with.
 *
 * @example
 * const state = initialBookingState({ consultantId, timeZone: 'America/Chicago', today: '2026-03-09' });
 */
export function initialBookingState(init: {
  consultantId: string;
  timeZone: TimeZone;
  today: LocalDate;
}): BookingState {
  return {
    consultantId: init.consultantId,
    timeZone: init.timeZone,
    today: init.today,
    month: monthOf(init.today),
    duration: null,
    meetingLengths: [],
    available: {},
    availability: { status: 'loading' },
    date: null,
    autoPick: true,
    lookahead: 0,
    slots: NO_SLOTS,
    slotsVersion: 0,
    selected: null,
    submitting: false,
    message: null,
    blocked: null,
    booked: null,
  };
}

/** Everything that depends on the consultant, zone or length starts over; the day may stay. */
function restart(state: BookingState, keepDate: boolean): BookingState {
  const date = keepDate && state.date && isSelectable(state.date, state.today) ? state.date : null;
  return {
    ...state,
    available: {},
    availability: { status: 'loading' },
    date,
    autoPick: date === null,
    lookahead: 0,
    month: date ? monthOf(date) : monthOf(state.today),
    slots: NO_SLOTS,
    selected: null,
    message: null,
  };
}

/**
 * The booking modal's reducer.
 *
 * @example
 * const [state, dispatch] = useReducer(bookingReducer, init, initialBookingState);
 */
export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  switch (action.type) {
    case 'consultantChanged':
      if (action.consultantId === state.consultantId) return state;
      return {
        ...restart({ ...state, today: action.today }, false),
        consultantId: action.consultantId,
        duration: null,
        meetingLengths: [],
        blocked: null,
        booked: null,
      };
    case 'zoneChanged':
      if (action.timeZone === state.timeZone && action.today === state.today) return state;
      return restart({ ...state, timeZone: action.timeZone, today: action.today }, true);
    case 'durationChanged':
      if (action.duration === state.duration) return state;
      return restart({ ...state, duration: action.duration }, true);
    case 'todayChanged': {
      if (action.today === state.today) return state;
      const stale = state.date !== null && !isSelectable(state.date, action.today);
      return stale
        ? restart({ ...state, today: action.today }, false)
        : { ...state, today: action.today };
    }
    case 'monthShown':
      return { ...state, month: action.month };
    case 'dateChosen':
      if (!isSelectable(action.date, state.today)) return state;
      if (action.date === state.date) return { ...state, month: monthOf(action.date) };
      return {
        ...state,
        date: action.date,
        month: monthOf(action.date),
        autoPick: false,
        slots: NO_SLOTS,
        selected: null,
        message: null,
      };
    case 'availabilityLoading':
      return { ...state, availability: { status: 'loading' } };
    case 'availabilityLoaded': {
      const available = { ...state.available, [action.month]: action.dates };
      const duration = state.duration ?? action.meetingLengths[0] ?? null;
      const next: BookingState = {
        ...state,
        available,
        meetingLengths: action.meetingLengths,
        duration,
        availability: { status: 'ready' },
      };
      if (!state.autoPick || action.month !== state.month) return next;
      const first = firstSelectedDay(state.today, action.dates);
      if (first) {
        return {
          ...next,
          date: first,
          month: monthOf(first),
          autoPick: false,
          slots: NO_SLOTS,
          selected: null,
        };
      }
      if (state.lookahead + 1 < FIRST_DAY_LOOKAHEAD_MONTHS) {
        // Nothing free this month: look at the next one.
        return { ...next, month: addMonths(state.month, 1), lookahead: state.lookahead + 1 };
      }
      // Nothing free for a while: show the current month, nothing chosen.
      return { ...next, autoPick: false, month: monthOf(state.today) };
    }
    case 'availabilityFailed':
      return { ...state, availability: { status: 'error', message: action.message } };
    case 'slotsLoading':
      return action.append
        ? { ...state, slots: { ...state.slots, loadingMore: true } }
        : { ...state, slots: { ...NO_SLOTS, status: 'loading' } };
    case 'slotsLoaded': {
      const items = dedupeSlots(
        action.append ? [...state.slots.items, ...action.slots] : action.slots,
      );
      const selected = items.some((s) => sameSlot(s, state.selected)) ? state.selected : null;
      return {
        ...state,
        selected,
        slots: { status: 'ready', items, hasMore: action.hasMore, loadingMore: false },
      };
    }
    case 'slotsFailed':
      return {
        ...state,
        slots: { ...state.slots, status: 'error', loadingMore: false, message: action.message },
      };
    case 'refreshSlots':
      return { ...state, slotsVersion: state.slotsVersion + 1 };
    case 'slotChosen':
      return { ...state, selected: action.slot, message: null };
    case 'submitStarted':
      return { ...state, submitting: true, message: null };
    case 'submitFailed':
      return { ...state, submitting: false, message: action.message };
    case 'slotGone':
      return {
        ...state,
        submitting: false,
        message: action.message,
        selected: null,
        slotsVersion: state.slotsVersion + 1,
      };
    case 'blocked':
      return { ...state, submitting: false, blocked: action.reason };
    case 'unblocked':
      return { ...state, blocked: null };
    case 'booked':
      return { ...state, submitting: false, booked: action.session, message: null };
    case 'reset':
      return {
        ...restart({ ...state, today: action.today }, false),
        duration: null,
        meetingLengths: [],
        submitting: false,
        blocked: null,
        booked: null,
      };
  }
}

/** Schedule Meeting is enabled only with a chosen slot and nothing under way (user-area §2). */
export const canSchedule = (state: BookingState) =>
  state.selected !== null && !state.submitting && state.blocked === null && state.booked === null;

/** The days with free times of the month on screen (empty while unknown). */
export const availableDaysOf = (state: BookingState, month: LocalMonth = state.month) =>
  new Set(state.available[month] ?? []);
