import { describe, expect, it } from 'vitest';
import { meetingAmountCents } from './meeting-amount.ts';

describe('meetingAmountCents', () => {
  it('charges whole quarter hours at the rate', () => {
    expect(meetingAmountCents(15, 5_000)).toBe(5_000);
    expect(meetingAmountCents(45, 5_000)).toBe(15_000);
    expect(meetingAmountCents(20, 4_999)).toBe(4_999);
    expect(meetingAmountCents(10, 5_000)).toBe(0);
  });
});
