import { describe, expect, it } from 'vitest';
import { completionText } from './booking-format.ts';

describe('completionText', () => {
  it('shows the completion date of a completed booking only', () => {
    const at = new Date(2025, 0, 1, 15, 0).toISOString();
    expect(completionText({ status: 'completed', markedAsCompletedAt: at })).toBe(
      '1 Jan, 2025, 3:00 pm',
    );
    expect(completionText({ status: 'pending', markedAsCompletedAt: at })).toBe('N/A');
    expect(completionText({ status: 'completed', markedAsCompletedAt: null })).toBe('N/A');
  });
});
