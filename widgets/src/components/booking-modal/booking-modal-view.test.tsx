import type { Slot } from '@fm/sdk/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BookingModalView, type BookingModalViewProps } from './booking-modal-view.tsx';
import { type BookingAction, bookingReducer, initialBookingState } from './booking-state.ts';
import { BOOKING_TEXT } from './booking-text.ts';

const TODAY = '2026-03-09';
const slot = (hour: number): Slot => ({
  start: `${TODAY}T${hour}:00:00.000Z`,
  end: `${TODAY}T${hour}:30:00.000Z`,
});
const SLOTS = [slot(13), slot(14), slot(15)];
const nothing = () => undefined;

function render(actions: BookingAction[], beingBooked?: (slot: Slot) => boolean): string {
  const state = actions.reduce(
    bookingReducer,
    initialBookingState({ consultantId: 'c1', timeZone: 'America/New_York', today: TODAY }),
  );
  const props: BookingModalViewProps = {
    state,
    signInHref: '/sign-in',
    activateHref: '/subscription',
    onClose: nothing,
    onZone: nothing,
    onDuration: nothing,
    onMonth: nothing,
    onChoose: nothing,
    onSlot: nothing,
    onLoadMore: nothing,
    onRetrySlots: nothing,
    onRetryDays: nothing,
    onSchedule: nothing,
    beingBooked,
  };
  return renderToStaticMarkup(<BookingModalView {...props} />);
}

const loaded: BookingAction[] = [
  { type: 'availabilityLoaded', month: '2026-03', dates: [TODAY], meetingLengths: [30] },
  { type: 'dateChosen', date: TODAY },
  { type: 'slotsLoaded', slots: SLOTS, hasMore: false, append: false },
];

/** Each slot's label markup, in order. */
const slotLabels = (html: string) => html.match(/<label class="fm-slot"[\s\S]*?<\/label>/g) ?? [];

describe('BookingModalView: slots being booked (rule 20)', () => {
  it('shows a slot another booker holds as being booked, named so, and not choosable', () => {
    const labels = slotLabels(render(loaded, (s) => s.start === SLOTS[1]?.start));
    expect(labels).toHaveLength(3);
    expect(labels[1]).toContain('data-held=""');
    expect(labels[1]).toContain('disabled=""');
    expect(labels[1]).toContain(`<span class="fm-slot__held">${BOOKING_TEXT.beingBooked}</span>`);
    for (const free of [labels[0], labels[2]]) {
      expect(free).not.toContain('data-held');
      expect(free).not.toContain('disabled');
      expect(free).not.toContain(BOOKING_TEXT.beingBooked);
    }
  });

  it('keeps the slot this modal chose choosable even when another holds it too', () => {
    const chosen: BookingAction = { type: 'slotChosen', slot: SLOTS[1] as Slot };
    const labels = slotLabels(render([...loaded, chosen], () => true));
    expect(labels[1]).toContain('data-checked=""');
    expect(labels[1]).toContain(BOOKING_TEXT.beingBooked);
    expect(labels[1]).not.toContain('disabled');
    expect(labels[0]).toContain('disabled=""');
  });

  it('shows nothing as being booked without holds', () => {
    expect(render(loaded)).not.toContain(BOOKING_TEXT.beingBooked);
  });
});
