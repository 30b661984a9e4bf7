import type { Slot } from '@fm/sdk/contracts';
import type { ApiClient, SlotHoldsWatch } from '@fm/sdk/embed';
import { useEffect, useRef, useState } from 'react';
import type { ShownDay } from './slot-hold-channel.ts';

/** Before the channel is there (or without it), nothing shows as being booked. */
const NOTHING_HELD = (_slot: Slot) => false;

/**
 * The booking modal's part in slot holds (rule 20): once the modal has rendered, it loads the
 * hold channel and watches the consultant's holds; it holds the selected slot, releases it when
 * the selection is cleared or the meeting is booked, and leaves when the modal closes. The hold is
 * refreshed while the booker has pressed a key or the pointer within the idle time. Answers
 * whether a slot is being booked by someone else; when another modal's hold ends (its meeting
 * may have just been booked), the day's slots are asked again through `day`. A channel that fails
 * to load only means no slot shows as being booked: holds are advisory.
 *
 * @example
 * const beingBooked = useSlotHolds(api, id, selected, booked, { state: () => ref.current, replace });
 */
export function useSlotHolds(
  api: ApiClient,
  consultantId: string,
  selected: Slot | null,
  booked: boolean,
  day: ShownDay,
): (slot: Slot) => boolean {
  const [watch, setWatch] = useState<SlotHoldsWatch | null>(null);
  const [beingBooked, setBeingBooked] = useState(() => NOTHING_HELD);
  const lastActive = useRef(Date.now());
  // The latest callbacks, without reopening the channel when they change.
  const shown = useRef(day);
  useEffect(() => {
    shown.current = day;
  });

  useEffect(() => {
    const seen = () => {
      lastActive.current = Date.now();
    };
    document.addEventListener('pointerdown', seen, true);
    document.addEventListener('keydown', seen, true);
    return () => {
      document.removeEventListener('pointerdown', seen, true);
      document.removeEventListener('keydown', seen, true);
    };
  }, []);

  useEffect(() => {
    let opened: SlotHoldsWatch | null = null;
    let current = true;
    setBeingBooked(() => NOTHING_HELD);
    import('./slot-hold-channel.ts').then(
      ({ openSlotHolds }) => {
        if (!current) return;
        opened = openSlotHolds(
          api,
          consultantId,
          () => lastActive.current,
          (next) => setBeingBooked(() => next),
          {
            state: () => shown.current.state(),
            replace: (slots, hasMore) => shown.current.replace(slots, hasMore),
          },
        );
        setWatch(opened);
      },
      () => {
        // No channel, no holds shown: booking works the same (the API is the judge).
      },
    );
    return () => {
      current = false;
      opened?.close();
      setWatch(null);
    };
  }, [api, consultantId]);

  const start = selected?.start;
  const end = selected?.end;
  useEffect(() => {
    if (!watch) return;
    if (booked || start === undefined || end === undefined) watch.release();
    else watch.hold({ start, end });
  }, [watch, start, end, booked]);

  return beingBooked;
}
