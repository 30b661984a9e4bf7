import type { Session } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { counterpartOf, formatMeetingTime } from './dashboard-format.ts';

describe('formatMeetingTime', () => {
  it('writes the date like the spec, in the meeting zone', () => {
    expect(formatMeetingTime('2025-01-01T20:00:00Z', 'America/New_York')).toBe(
      '1 Jan, 2025, 3:00 pm EST',
    );
    expect(formatMeetingTime('2025-07-04T09:05:00Z', 'Europe/London')).toBe(
      '4 Jul, 2025, 10:05 am GMT+1',
    );
  });
});

describe('counterpartOf', () => {
  const session = {
    consultant: { firstName: 'Marcus', lastName: 'Reed' },
    franchisor: { firstName: 'Olivia', lastName: 'Bennett' },
    franchise: { company: 'BrightNest Home Care' },
  } as unknown as Session;

  it('names the consultant for a franchisor and the franchise for a consultant', () => {
    expect(counterpartOf(session, 'franchisor')).toBe('Marcus Reed');
    expect(counterpartOf(session, 'consultant')).toBe('BrightNest Home Care');
    expect(counterpartOf({ ...session, franchise: null }, 'consultant')).toBe('Olivia Bennett');
  });
});
