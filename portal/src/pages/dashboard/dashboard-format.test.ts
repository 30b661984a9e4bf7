import { describe, expect, it } from 'vitest';
import { formatMeetingTime } from './dashboard-format.ts';

describe('formatMeetingTime', () => {
  it("writes the date like the spec, in the zone it is given (the user's)", () => {
    expect(formatMeetingTime('2025-01-01T20:00:00Z', 'America/New_York')).toBe(
      '1 Jan, 2025, 3:00 pm EST',
    );
    expect(formatMeetingTime('2025-07-04T09:05:00Z', 'Europe/London')).toBe(
      '4 Jul, 2025, 10:05 am GMT+1',
    );
  });
});
