import { describe, expect, it } from 'vitest';
import { formatDollars } from '../../kit/format/format.ts';
import { meetingTotal } from './booking-format.ts';

describe('booking amounts', () => {
  it('prices a meeting as floor(duration / 15) × rate', () => {
    expect(meetingTotal(30, 50)).toBe(100);
    expect(meetingTotal(60, 50)).toBe(200);
    expect(meetingTotal(20, 50)).toBe(50);
    expect(meetingTotal(45, 33.33)).toBe(99.99);
  });

  it('shows dollars with cents only when needed', () => {
    expect(formatDollars(100)).toBe('$100');
    expect(formatDollars(62.5)).toBe('$62.50');
    expect(formatDollars(1250)).toBe('$1,250');
  });
});
