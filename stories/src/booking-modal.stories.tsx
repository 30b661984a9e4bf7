import type { Session, Slot } from '@fm/sdk/contracts';
import {
  type BookingAction,
  BookingModalView,
  type BookingState,
  bookingReducer,
  initialBookingState,
  type WidgetTheme,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useReducer } from 'react';
import { THEME_ARG_TYPES } from './fixtures/story-frame.tsx';

/**
 * The booking modal's states (user-area §2, §4, §5, §9), from fixed data: a fixed "today"
 * (Monday 9 March 2026) and slots made up here, never a live API. The story keeps the modal's
 * reducer running, so choosing days, zones, lengths and slots works; the calls the connected
 * `<BookingModal>` would make are answered at once from the fixtures (or not at all, to show a
 * loading state).
 */

const TODAY = '2026-03-09';
const FREE_DAYS = [
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-16',
  '2026-03-17',
  '2026-03-18',
  '2026-03-20',
  '2026-03-23',
  '2026-03-24',
  '2026-03-25',
  '2026-03-26',
  '2026-03-27',
  '2026-03-30',
  '2026-03-31',
];
const CONSULTANT = { name: 'Marcus Reed', rate: 50 };

/** Slots from 9:00 New York time (13:00 UTC after the March clock change), every 15 minutes. */
function slotsOf(date: string, count: number, first = 0, minutes = 30): Slot[] {
  const start = Date.parse(`${date}T13:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const at = start + (first + i) * 15 * 60_000;
    return {
      start: new Date(at).toISOString(),
      end: new Date(at + minutes * 60_000).toISOString(),
    };
  });
}

const SESSION: Session = {
  _id: 'meeting-1',
  id: 'meeting-1',
  consultantId: 'consultant-1',
  consultant: {
    id: 'consultant-1',
    firstName: 'Marcus',
    lastName: 'Reed',
    profilePhoto: null,
    company: 'Reed Franchise Advisory',
    rate: 50,
  },
  franchisor: { id: 'franchisor-1', firstName: 'Olivia', lastName: 'Bennett', profilePhoto: null },
  franchise: { id: 'franchise-1', company: 'BrightNest Home Care', logo: null },
  start: '2026-03-10T14:00:00.000Z',
  end: '2026-03-10T14:30:00.000Z',
  timeZone: 'America/New_York',
  duration: 30,
  status: 'future',
  amount: 100,
  paidAmount: 0,
  isPaid: false,
  markedAsCompletedAt: null,
  createdAt: '2026-03-09T12:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
  review: [],
  reviewRequested: false,
};

const opened = () =>
  initialBookingState({ consultantId: 'consultant-1', timeZone: 'America/New_York', today: TODAY });

/** A state reached through the reducer, as the connected modal would reach it. */
function through(...actions: BookingAction[]): BookingState {
  return actions.reduce(bookingReducer, opened());
}

const daysLoaded: Extract<BookingAction, { type: 'availabilityLoaded' }> = {
  type: 'availabilityLoaded',
  month: '2026-03',
  dates: FREE_DAYS,
  meetingLengths: [30, 60],
};
const firstPage: BookingAction = {
  type: 'slotsLoaded',
  slots: slotsOf(TODAY, 20),
  hasMore: true,
  append: false,
};
/** The day's first slot chosen. */
const slotChosen: BookingAction = { type: 'slotChosen', slot: slotsOf(TODAY, 1, 4)[0]! };
/** The day's first slot chosen and Schedule pressed: what the refusals below answer. */
const submitted: BookingAction[] = [daysLoaded, firstPage, slotChosen, { type: 'submitStarted' }];

interface BookingModalStoryProps {
  state: BookingState;
  /** Answer the calls from the fixtures (false keeps loading states as they are). */
  answer?: boolean;
  theme?: WidgetTheme;
  withConsultant?: boolean;
  /** Starts of the slots other bookers have selected right now (rule 20). */
  heldStarts?: string[];
}

/** The view with the reducer running and the calls answered from fixtures. */
function BookingModalStory({
  state: initial,
  answer = true,
  theme = 'light',
  withConsultant = true,
  heldStarts = [],
}: BookingModalStoryProps) {
  const [state, dispatch] = useReducer(bookingReducer, initial);
  const days = (date: string) => {
    if (!answer) return;
    dispatch({ type: 'dateChosen', date });
    dispatch({
      type: 'slotsLoaded',
      slots: FREE_DAYS.includes(date) ? slotsOf(date, 20, 0, state.duration ?? 30) : [],
      hasMore: FREE_DAYS.includes(date),
      append: false,
    });
  };
  return (
    <BookingModalView
      state={state}
      consultant={withConsultant ? CONSULTANT : null}
      theme={theme}
      signInHref="/sign-in"
      activateHref="/my-profile/subscription"
      meetingsHref="/bookings"
      onClose={() => {}}
      onZone={(timeZone) => {
        dispatch({ type: 'zoneChanged', timeZone, today: TODAY });
        if (answer) dispatch({ ...daysLoaded });
      }}
      onDuration={(duration) => {
        dispatch({ type: 'durationChanged', duration });
        if (answer) dispatch({ ...daysLoaded });
      }}
      onMonth={(month) => {
        dispatch({ type: 'monthShown', month });
        if (answer) dispatch({ ...daysLoaded, month, dates: month === '2026-03' ? FREE_DAYS : [] });
      }}
      onChoose={days}
      onSlot={(slot) => dispatch({ type: 'slotChosen', slot })}
      beingBooked={(slot) => heldStarts.includes(slot.start)}
      onLoadMore={() => {
        if (!answer || !state.date) return;
        dispatch({
          type: 'slotsLoaded',
          slots: slotsOf(state.date, 11, state.slots.items.length, state.duration ?? 30),
          hasMore: false,
          append: true,
        });
      }}
      onRetrySlots={() => {}}
      onRetryDays={() => {}}
      onSchedule={() => dispatch({ type: 'submitStarted' })}
    />
  );
}

const meta = {
  title: 'Widgets/Booking modal',
  component: BookingModalStory,
  args: { theme: 'light' },
  argTypes: THEME_ARG_TYPES,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BookingModalStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'Loading free days',
  args: { state: opened(), answer: false },
};

export const NoAvailability: Story = {
  name: 'No availability',
  args: {
    state: through(
      { ...daysLoaded, dates: [] },
      { ...daysLoaded, month: '2026-04', dates: [] },
      { ...daysLoaded, month: '2026-05', dates: [] },
    ),
  },
};

export const LoadingSlots: Story = {
  name: 'Day chosen, slots loading',
  args: { state: through(daysLoaded, { type: 'slotsLoading', append: false }), answer: false },
};

export const ManySlots: Story = {
  name: 'A day with many slots (Load More)',
  args: { state: through(daysLoaded, firstPage) },
};

export const NoSlotsThisDay: Story = {
  name: 'A day without free times',
  args: {
    state: through(
      daysLoaded,
      { type: 'dateChosen', date: '2026-03-19' },
      {
        type: 'slotsLoaded',
        slots: [],
        hasMore: false,
        append: false,
      },
    ),
  },
};

export const SlotSelected: Story = {
  name: 'Slot selected',
  args: {
    state: through(daysLoaded, firstPage, slotChosen),
  },
};

export const SlotsBeingBooked: Story = {
  name: 'Slots being booked by others',
  args: {
    state: through(daysLoaded, firstPage, slotChosen),
    heldStarts: [slotsOf(TODAY, 1, 1)[0]!.start, slotsOf(TODAY, 1, 6)[0]!.start],
  },
};

export const Submitting: Story = {
  args: {
    state: through(...submitted),
    answer: false,
  },
};

export const SlotTaken: Story = {
  name: 'Slot taken (409)',
  args: {
    state: through(
      ...submitted,
      { type: 'slotGone', message: 'Error creating booking: This time slot has just been taken' },
      { type: 'slotsLoaded', slots: slotsOf(TODAY, 20, 1), hasMore: true, append: false },
    ),
  },
};

export const PaymentDeclined: Story = {
  name: 'Card declined (402)',
  args: {
    state: through(...submitted, {
      type: 'submitFailed',
      message: 'Error creating booking: Your card was declined',
    }),
  },
};

export const ActionNotAvailable: Story = {
  name: 'Action Not Available (403)',
  args: {
    state: through(daysLoaded, firstPage, slotChosen, { type: 'blocked', reason: 'restricted' }),
  },
};

export const SignInRequired: Story = {
  name: 'Log in to book (401)',
  args: {
    state: through(daysLoaded, firstPage, { type: 'blocked', reason: 'sign-in' }),
  },
};

export const Booked: Story = {
  name: 'Meeting scheduled',
  args: { state: through(daysLoaded, firstPage, { type: 'booked', session: SESSION }) },
};

export const LosAngeles: Story = {
  name: 'Other time zone (America/Los_Angeles)',
  args: {
    state: through(
      { type: 'zoneChanged', timeZone: 'America/Los_Angeles', today: TODAY },
      daysLoaded,
      firstPage,
    ),
  },
};

export const Dark: Story = {
  name: 'Dark theme',
  args: {
    theme: 'dark',
    state: through(daysLoaded, firstPage, { type: 'slotChosen', slot: slotsOf(TODAY, 1, 2)[0]! }),
  },
};

export const WithoutConsultantName: Story = {
  name: 'Without the consultant (embedded, profile not loaded)',
  args: { state: through(daysLoaded, firstPage), withConsultant: false },
};
