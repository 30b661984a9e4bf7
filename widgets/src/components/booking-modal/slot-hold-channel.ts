import { isHeldByOther, SLOT_HOLDS, type Slot, type SlotHold } from '@fm/sdk/contracts';
import {
  type ApiClient,
  fetchConfig,
  getSlots,
  type SlotHoldsWatch,
  watchSlotHolds,
} from '@fm/sdk/embed';
import { dedupeSlots } from './booking-calendar.ts';
import type { BookingState } from './booking-state.ts';

/**
 * The booking modal's slot-holds socket (rule 20), in a module of its own so that the modal
 * imports it after its first render: the socket, the hold frames' schemas and the overlap rule are
 * not part of the modal's first bytes (P5, decision 017).
 */

const sameHold = (a: SlotHold, b: SlotHold) =>
  a.holderId === b.holderId && a.start === b.start && a.end === b.end;

/** The modal's slots as the channel reads and replaces them (types only: no bytes). */
export interface ShownDay {
  state(): BookingState;
  replace(slots: Slot[], hasMore: boolean): void;
}

/**
 * The day's slots after its first page was asked again: the fresh page, then the slots past its
 * reach (pages loaded with Load More, not asked again) as they were; `hasMore` as the last of them
 * says.
 *
 * @example
 * recheckedSlots([nine, ten, eleven], [nine, eleven], false); // { slots: [nine, eleven], hasMore: false }
 */
export function recheckedSlots(
  shown: readonly Slot[],
  fresh: readonly Slot[],
  freshHasMore: boolean,
  shownHasMore = false,
): { slots: Slot[]; hasMore: boolean } {
  const last = fresh.at(-1);
  const reach = last ? Date.parse(last.end) : Number.NEGATIVE_INFINITY;
  const beyond = freshHasMore ? shown.filter((slot) => Date.parse(slot.start) >= reach) : [];
  return {
    slots: dedupeSlots([...fresh, ...beyond]),
    hasMore: beyond.length > 0 ? shownHasMore : freshHasMore,
  };
}

/**
 * Asks for the shown day's first page again and replaces the modal's slots with
 * {@link recheckedSlots}, unless the day, zone, length or consultant changed meanwhile or the
 * slots are loading. A failure leaves the list: booking a slot gone meanwhile is refused (409).
 */
function recheck(api: ApiClient, day: ShownDay): void {
  const asked = day.state();
  const { consultantId, date, timeZone, duration } = asked;
  if (date === null || duration === null || asked.slots.status !== 'ready') return;
  getSlots(api.http, consultantId, { date, timezone: timeZone, duration }).then(
    (result) => {
      const now = day.state();
      if (now.slots.status !== 'ready' || now.consultantId !== consultantId) return;
      if (now.date !== date || now.timeZone !== timeZone || now.duration !== duration) return;
      const fresh = result.days.flatMap((d) => d.slots);
      const next = recheckedSlots(now.slots.items, fresh, result.hasMore, now.slots.hasMore);
      day.replace(next.slots, next.hasMore);
    },
    () => undefined,
  );
}

/** An open channel: the watch, and whether a slot is being booked by another modal right now. */
export interface SlotHoldChannel {
  watch: SlotHoldsWatch;
  beingBooked(slot: Slot): boolean;
}

/**
 * Opens the consultant's slot-holds room; the booker counts as active (and the hold is refreshed)
 * while `lastActive` is less than the idle time ago. When a hold of another modal ends (its
 * meeting may have been booked), the shown day's slots are asked again (rule 20: a booked slot
 * leaves the list instead of looking free).
 *
 * @example
 * const { openSlotHolds } = await import('./slot-hold-channel.ts');
 * const channel = openSlotHolds(api, consultantId, () => lastInput, render, day);
 */
export function openSlotHolds(
  api: ApiClient,
  consultantId: string,
  lastActive: () => number,
  changed: (beingBooked: (slot: Slot) => boolean) => void,
  day: ShownDay,
): SlotHoldsWatch {
  const watch = watchSlotHolds({
    client: { config: () => fetchConfig(api.http) },
    consultantId,
    active: () => Date.now() - lastActive() < SLOT_HOLDS.idleMs,
  });
  let others: readonly SlotHold[] = [];
  watch.subscribe((holds) => {
    const before = others;
    others = holds.filter((hold) => hold.holderId !== watch.holderId);
    changed((slot) => isHeldByOther(slot, holds, watch.holderId));
    if (before.some((old) => !others.some((hold) => sameHold(hold, old)))) recheck(api, day);
  });
  return watch;
}
