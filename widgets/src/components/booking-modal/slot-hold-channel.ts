import { isHeldByOther, SLOT_HOLDS, type Slot } from '@fm/sdk/contracts';
import { type ApiClient, fetchConfig, type SlotHoldsWatch, watchSlotHolds } from '@fm/sdk/embed';

/**
 * The booking modal's slot-holds socket (rule 20), in a module of its own so that the modal
 * imports it after its first render: the socket, the hold frames' schemas and the overlap rule are
 * not part of the modal's first bytes (P5, decision 017).
 */

/** An open channel: the watch, and whether a slot is being booked by another modal right now. */
export interface SlotHoldChannel {
  watch: SlotHoldsWatch;
  beingBooked(slot: Slot): boolean;
}

/**
 * Opens the consultant's slot-holds room; the booker counts as active (and the hold is refreshed)
 * while `lastActive` is less than the idle time ago.
 *
 * @example
 * const { openSlotHolds } = await import('./slot-hold-channel.ts');
 * const channel = openSlotHolds(api, consultantId, () => lastInput, render);
 */
export function openSlotHolds(
  api: ApiClient,
  consultantId: string,
  lastActive: () => number,
  changed: (beingBooked: (slot: Slot) => boolean) => void,
): SlotHoldsWatch {
  const watch = watchSlotHolds({
    client: { config: () => fetchConfig(api.http) },
    consultantId,
    active: () => Date.now() - lastActive() < SLOT_HOLDS.idleMs,
  });
  watch.subscribe((holds) => changed((slot) => isHeldByOther(slot, holds, watch.holderId)));
  return watch;
}
