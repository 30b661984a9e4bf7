import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatMeetingDateTime,
  meetingActions,
  meetingTab,
  otherParty,
  pageParam,
  stars,
} from './meeting-format.ts';
import { testSession as session } from './test-session.ts';

describe('meeting display', () => {
  it("writes dates as the spec does, in the viewer's zone (user-area §9)", () => {
    expect(formatMeetingDateTime('2025-01-01T20:00:00Z', 'America/New_York')).toBe(
      '1 Jan, 2025, 3:00 pm',
    );
    expect(formatMeetingDateTime('2025-01-01T20:00:00Z', 'America/Los_Angeles')).toBe(
      '1 Jan, 2025, 12:00 pm',
    );
    expect(formatMeetingDateTime('2025-07-04T09:05:00Z', 'Europe/London')).toBe(
      '4 Jul, 2025, 10:05 am',
    );
  });

  it('writes durations', () => {
    expect(formatDuration(15)).toBe('15 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });

  it('names the other party', () => {
    expect(otherParty(session(), 'franchisor')).toBe('Marcus Reed');
    expect(otherParty(session(), 'consultant')).toBe('BrightNest Home Care');
    expect(otherParty(session({ franchise: null }), 'consultant')).toBe('Olivia Bennett');
  });

  it('reads tabs and pages from the address', () => {
    expect(meetingTab('upcoming').status).toBe('future');
    expect(meetingTab('declined').status).toBe('declined');
    expect(meetingTab(null).key).toBe('all');
    expect(meetingTab('nonsense').status).toBeUndefined();
    expect(pageParam('3')).toBe(3);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('x')).toBe(1);
    expect(pageParam(null)).toBe(1);
  });

  it('draws stars', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(5)).toBe('★★★★★');
    expect(stars(4.6)).toBe('★★★★★');
  });
});

describe('meeting actions (user-area §4, §6)', () => {
  const before = Date.parse('2026-03-09T00:00:00Z');
  const after = Date.parse('2026-03-11T00:00:00Z');

  it('the consultant declines an upcoming meeting and completes it once started', () => {
    const upcoming = meetingActions(session(), 'consultant', before);
    expect(upcoming).toMatchObject({ decline: true, complete: false, cancel: false });
    const started = meetingActions(session({ status: 'pending' }), 'consultant', after);
    expect(started).toMatchObject({ decline: true, complete: true });
  });

  it('the franchisor cancels upcoming and pending meetings only', () => {
    expect(meetingActions(session(), 'franchisor', before)).toMatchObject({
      cancel: true,
      decline: false,
      complete: false,
    });
    expect(meetingActions(session({ status: 'declined' }), 'franchisor', after).cancel).toBe(false);
  });

  it('warns the franchisor when cancelling within 24 hours of the start is late', () => {
    const start = Date.parse('2026-03-10T14:00:00.000Z');
    const hours = (n: number) => start - n * 60 * 60 * 1000;
    expect(meetingActions(session(), 'franchisor', hours(25)).lateCancel).toBe(false);
    expect(meetingActions(session(), 'franchisor', hours(23)).lateCancel).toBe(true);
    expect(meetingActions(session(), 'consultant', hours(23)).lateCancel).toBe(false);
  });

  it('after completion the franchisor reviews and the consultant asks for a review', () => {
    const done = session({ status: 'completed' });
    expect(meetingActions(done, 'franchisor', after).review).toBe(true);
    expect(meetingActions(done, 'consultant', after)).toMatchObject({
      requestReview: true,
      reviewRequested: false,
      decline: false,
      complete: false,
    });
    const asked = session({ status: 'completed', reviewRequested: true });
    expect(meetingActions(asked, 'consultant', after)).toMatchObject({
      requestReview: false,
      reviewRequested: true,
    });
    const reviewed = session({
      status: 'completed',
      review: [{ rating: 5, comment: 'Great', createdAt: '2026-03-11T00:00:00Z' }],
    });
    expect(meetingActions(reviewed, 'franchisor', after).review).toBe(false);
    expect(meetingActions(reviewed, 'consultant', after).requestReview).toBe(false);
  });
});
