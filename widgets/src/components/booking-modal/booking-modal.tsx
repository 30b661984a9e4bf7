import type { Session, Slot, TimeZone } from '@fm/sdk/contracts';
import {
  type ApiClient,
  createSession,
  getAvailability,
  getPublicProfile,
  getSlots,
  isApiError,
} from '@fm/sdk/embed';
import { type MouseEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import { defaultTimeZone, type LocalDate, type LocalMonth, todayIn } from './booking-calendar.ts';
import { type BookingConsultant, BookingModalView } from './booking-modal-view.tsx';
import { bookingReducer, initialBookingState } from './booking-state.ts';
import { useSlotHolds } from './use-slot-holds.ts';

export interface BookingModalProps {
  /** The consultant to book. Changing it clears the day, the slots and the choice. */
  consultantId: string;
  /** Whether the modal shows. */
  open: boolean;
  /** Called by CANCEL, the close button, Escape and Done. */
  onClose: () => void;
  /** The SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  theme?: WidgetTheme | undefined;
  /** The zone the modal starts in; by default the browser's when it is one of the 13. */
  timeZone?: TimeZone | undefined;
  /** The clock (tests and stories pass a fixed one). */
  now?: (() => number) | undefined;
  /** The portal's sign-in page, for a visitor who is not signed in. */
  signInUrl: string;
  /**
   * Signs the visitor in without leaving the page (an embed's popup, rule 18). Called from the
   * Schedule Meeting click (so a popup may open); when it resolves, the booking goes on. Without
   * it, a signed-out visitor is invited to follow the sign-in link.
   */
  onSignIn?: (() => Promise<unknown>) | undefined;
  /** The portal's subscription page, for Activate Your Subscription. */
  subscriptionUrl: string;
  /** Called instead of following Activate Your Subscription when given. */
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** "View My Meetings" in the confirmation. */
  meetingsUrl?: string | undefined;
  onMeetingsLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** Who the meeting is with; loaded from the public profile when left out. */
  consultant?: BookingConsultant | null | undefined;
  /** Called with the meeting once booked. */
  onBooked?: ((session: Session) => void) | undefined;
  /** Called with every failure (loading, booking). */
  onError?: ((error: WidgetError) => void) | undefined;
}

const systemClock = () => Date.now();

/** 403 codes that mean "activate first" (rule 11): the Action Not Available modal. */
const RESTRICTED_CODES: readonly string[] = ['SUBSCRIPTION_REQUIRED', 'PROFILE_INACTIVE'];
/** The slot is no longer there: show why and offer the day's slots again. */
const SLOT_GONE_CODES: readonly string[] = ['SLOT_TAKEN', 'SLOT_NOT_OFFERED'];

/**
 * The booking modal with its data: a month's free days (`getAvailability`), the chosen day's slots
 * (`getSlots`, with Load More from the last slot's end), and `createSession` on Schedule Meeting.
 * A 403 subscription or profile refusal turns it into the Action Not Available modal; a taken slot
 * (409) shows the server's message, refreshes the slots and clears the choice; a visitor who is
 * not signed in is invited to log in.
 *
 * @example
 * <BookingModal consultantId={id} open={open} onClose={() => setOpen(false)} client={api}
 *   signInUrl="/sign-in" subscriptionUrl="/my-profile/subscription" onBooked={(s) => toast(s.start)} />
 */
export function BookingModal(props: BookingModalProps) {
  if (!props.open) return null;
  return <OpenBookingModal {...props} />;
}

function OpenBookingModal({
  consultantId,
  onClose,
  client,
  theme,
  timeZone,
  now = systemClock,
  signInUrl,
  onSignIn,
  subscriptionUrl,
  onActivate,
  meetingsUrl,
  onMeetingsLink,
  consultant: givenConsultant,
  onBooked,
  onError,
}: BookingModalProps) {
  const api = useFmClient(client);
  const [state, dispatch] = useReducer(
    bookingReducer,
    { consultantId, timeZone: timeZone ?? defaultTimeZone(), now },
    (init) =>
      initialBookingState({
        consultantId: init.consultantId,
        timeZone: init.timeZone,
        today: todayIn(init.timeZone, init.now()),
      }),
  );
  const [loadedConsultant, setLoadedConsultant] = useState<BookingConsultant | null>(null);
  const [daysVersion, setDaysVersion] = useState(0);
  const callbacks = useRef({ onBooked, onError, now });
  useEffect(() => {
    callbacks.current = { onBooked, onError, now };
  });
  const report = useCallback((error: unknown): WidgetError => {
    const failure = toWidgetError(error);
    callbacks.current.onError?.(failure);
    return failure;
  }, []);

  // The zone is read, not watched: only a new consultant starts over here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    dispatch({
      type: 'consultantChanged',
      consultantId,
      today: todayIn(state.timeZone, callbacks.current.now()),
    });
  }, [consultantId]);

  // Who the meeting is with (name and rate), unless the page already knows.
  useEffect(() => {
    if (givenConsultant !== undefined) return;
    let current = true;
    setLoadedConsultant(null);
    getPublicProfile(api.http, state.consultantId, 'consultant').then(
      (profile) => {
        if (!current || profile.role !== 'consultant') return;
        setLoadedConsultant({
          name: `${profile.firstName} ${profile.lastName}`.trim(),
          rate: profile.rate,
        });
      },
      () => {
        // The modal works without the name; the availability call reports real failures.
      },
    );
    return () => {
      current = false;
    };
  }, [api, state.consultantId, givenConsultant]);

  // The free days of the month on screen.
  const monthKnown = state.month in state.available;
  // biome-ignore lint/correctness/useExhaustiveDependencies: daysVersion is the retry trigger
  useEffect(() => {
    if (monthKnown) return;
    let current = true;
    dispatch({ type: 'availabilityLoading' });
    const month: LocalMonth = state.month;
    getAvailability(api.http, state.consultantId, {
      month,
      timezone: state.timeZone,
      ...(state.duration === null ? {} : { duration: state.duration }),
    }).then(
      (result) => {
        if (!current) return;
        dispatch({
          type: 'availabilityLoaded',
          month,
          dates: result.dates,
          meetingLengths: result.meetingLengths,
        });
      },
      (error: unknown) => {
        if (current) dispatch({ type: 'availabilityFailed', message: report(error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [
    api,
    state.consultantId,
    state.timeZone,
    state.duration,
    state.month,
    monthKnown,
    daysVersion,
  ]);

  // The chosen day's first page of slots (again after a 409).
  const date: LocalDate | null = state.date;
  // biome-ignore lint/correctness/useExhaustiveDependencies: slotsVersion is the refresh trigger
  useEffect(() => {
    if (date === null || state.duration === null) return;
    let current = true;
    dispatch({ type: 'slotsLoading', append: false });
    getSlots(api.http, state.consultantId, {
      date,
      timezone: state.timeZone,
      duration: state.duration,
    }).then(
      (result) => {
        if (!current) return;
        dispatch({
          type: 'slotsLoaded',
          slots: result.days.flatMap((day) => day.slots),
          hasMore: result.hasMore,
          append: false,
        });
      },
      (error: unknown) => {
        if (current) dispatch({ type: 'slotsFailed', message: report(error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [api, state.consultantId, state.timeZone, state.duration, date, state.slotsVersion]);

  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  // Rule 20: others' selected slots show as being booked; ours is held while selected. When
  // another modal's hold ends, the channel asks for the day's slots again and hands them here.
  const beingBooked = useSlotHolds(api, state.consultantId, state.selected, state.booked !== null, {
    state: () => stateRef.current,
    replace: (slots, hasMore) => dispatch({ type: 'slotsLoaded', slots, hasMore, append: false }),
  });
  const loadMore = () => {
    const last: Slot | undefined = state.slots.items[state.slots.items.length - 1];
    if (!last || date === null || state.duration === null || state.slots.loadingMore) return;
    const key = { consultantId: state.consultantId, zone: state.timeZone, date };
    dispatch({ type: 'slotsLoading', append: true });
    getSlots(api.http, state.consultantId, {
      date,
      timezone: state.timeZone,
      duration: state.duration,
      from: last.end,
    }).then(
      (result) => {
        // Nothing to append to once the day, zone or consultant changed meanwhile.
        if (key.consultantId !== stateRef.current.consultantId) return;
        if (key.zone !== stateRef.current.timeZone || key.date !== stateRef.current.date) return;
        dispatch({
          type: 'slotsLoaded',
          slots: result.days.flatMap((day) => day.slots),
          hasMore: result.hasMore,
          append: true,
        });
      },
      (error: unknown) => dispatch({ type: 'slotsFailed', message: report(error).message }),
    );
  };
  const schedule = () => {
    const slot = state.selected;
    if (!slot || state.submitting) return;
    if (api.credentials() === null) {
      if (!onSignIn) {
        dispatch({ type: 'blocked', reason: 'sign-in' });
        return;
      }
      // Opened from this click; once signed in, the same slot is booked.
      dispatch({ type: 'submitStarted' });
      onSignIn().then(
        () => book(slot),
        () => dispatch({ type: 'blocked', reason: 'sign-in' }),
      );
      return;
    }
    dispatch({ type: 'submitStarted' });
    book(slot);
  };
  const book = (slot: Slot) => {
    createSession(api.http, {
      consultantId: state.consultantId,
      start: slot.start,
      end: slot.end,
      timeZone: state.timeZone,
    }).then(
      (session) => {
        dispatch({ type: 'booked', session });
        callbacks.current.onBooked?.(session);
      },
      (error: unknown) => {
        const failure = report(error);
        const code = isApiError(error) ? error.code : '';
        if (failure.status === 401) dispatch({ type: 'blocked', reason: 'sign-in' });
        else if (failure.status === 403 && RESTRICTED_CODES.includes(code)) {
          dispatch({ type: 'blocked', reason: 'restricted' });
        } else if (SLOT_GONE_CODES.includes(code)) {
          dispatch({ type: 'slotGone', message: failure.message });
        } else dispatch({ type: 'submitFailed', message: failure.message });
      },
    );
  };

  return (
    <BookingModalView
      state={state}
      consultant={givenConsultant === undefined ? loadedConsultant : givenConsultant}
      theme={theme}
      signInHref={signInUrl}
      onSignInLink={
        onSignIn
          ? (event) => {
              event.preventDefault();
              onSignIn().then(
                () => dispatch({ type: 'unblocked' }),
                () => undefined,
              );
            }
          : undefined
      }
      activateHref={subscriptionUrl}
      onActivate={onActivate}
      meetingsHref={meetingsUrl}
      onMeetingsLink={onMeetingsLink}
      onClose={onClose}
      onZone={(zone) =>
        dispatch({ type: 'zoneChanged', timeZone: zone, today: todayIn(zone, now()) })
      }
      onDuration={(duration) => dispatch({ type: 'durationChanged', duration })}
      onMonth={(month) => dispatch({ type: 'monthShown', month })}
      onChoose={(day) => dispatch({ type: 'dateChosen', date: day })}
      onSlot={(slot) => dispatch({ type: 'slotChosen', slot })}
      beingBooked={beingBooked}
      onLoadMore={loadMore}
      onRetrySlots={() => dispatch({ type: 'refreshSlots' })}
      onRetryDays={() => setDaysVersion((v) => v + 1)}
      onSchedule={schedule}
    />
  );
}
