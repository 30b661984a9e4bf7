import { describe, expect, it } from 'vitest';
import { slotTime, toggleStart } from './reschedule-format.ts';

describe('toggleStart', () => {
  it('adds in time order up to the limit and removes a chosen start', () => {
    expect(toggleStart([], 'b', 3)).toEqual(['b']);
    expect(toggleStart(['b'], 'a', 3)).toEqual(['a', 'b']);
    expect(toggleStart(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
    expect(toggleStart(['a', 'b', 'c'], 'b', 3)).toEqual(['a', 'c']);
  });
});

describe('slotTime', () => {
  it("shows the time of day in the viewer's zone", () => {
    expect(slotTime('2026-03-04T15:00:00.000Z', 'America/New_York')).toBe('10:00 AM');
    expect(slotTime('2026-03-04T15:00:00.000Z', 'Europe/London')).toBe('3:00 PM');
  });
});
