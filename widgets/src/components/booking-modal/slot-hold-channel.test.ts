import type { Slot } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { recheckedSlots } from './slot-hold-channel.ts';

const slot = (h: number): Slot => {
  const start = Date.UTC(2026, 2, 10, h);
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + 30 * 60_000).toISOString(),
  };
};

describe('recheckedSlots (rule 20: a booked slot leaves the other modals’ lists)', () => {
  it('drops what the fresh first page no longer offers and keeps the pages past its reach', () => {
    // 15:00 was booked by the other modal; the fresh first page reaches 16:30, 17:00 came from Load More.
    const shown = [slot(14), slot(15), slot(16), slot(17)];
    expect(recheckedSlots(shown, [slot(14), slot(16)], true, true)).toEqual({
      slots: [slot(14), slot(16), slot(17)],
      hasMore: true,
    });
    // Nothing past the fresh page was shown: whether there is more is the fresh page's word.
    expect(recheckedSlots([slot(14), slot(15)], [slot(14), slot(16)], true, false)).toEqual({
      slots: [slot(14), slot(16)],
      hasMore: true,
    });
  });

  it('takes the fresh page alone when it holds the whole day', () => {
    expect(recheckedSlots([slot(14), slot(15), slot(16)], [slot(14)], false, true)).toEqual({
      slots: [slot(14)],
      hasMore: false,
    });
    expect(recheckedSlots([slot(14)], [], false, false)).toEqual({ slots: [], hasMore: false });
  });
});
