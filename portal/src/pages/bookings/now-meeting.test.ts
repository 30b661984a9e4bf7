import { describe, expect, it } from 'vitest';
import {
  leadWithNow,
  NOW_REFRESH_MS,
  nowRefetchInterval,
  presenceText,
  timeLeftText,
} from './now-meeting.ts';
import { testSession } from './test-session.ts';

/** Rule 20: the "now" meeting — its order on the dashboard, its time left, its presence line. */

const hour = { start: '2026-03-10T14:00:00.000Z', end: '2026-03-10T15:00:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('timeLeftText', () => {
  it('counts to the start while the room is open early, then to the end', () => {
    expect(timeLeftText(hour, at('2026-03-10T13:52:10Z'))).toBe('Starts in 8 min');
    expect(timeLeftText(hour, at('2026-03-10T14:18:30Z'))).toBe('42 min left');
    expect(timeLeftText(hour, at('2026-03-10T13:59:00Z'))).toBe('Starts in 1 min');
    expect(timeLeftText(hour, at('2026-03-10T14:59:30Z'))).toBe('less than a minute left');
    expect(
      timeLeftText(
        { start: hour.start, end: '2026-03-10T16:30:00.000Z' },
        at('2026-03-10T14:15:00Z'),
      ),
    ).toBe('2 h 15 min left');
  });
});

describe('presenceText', () => {
  it('names the other side and says whether they are in the room', () => {
    const running = testSession({ roomOpen: true, otherSidePresent: true });
    expect(presenceText(running, 'franchisor')).toBe('Marcus Reed is in the room');
    expect(presenceText({ ...running, otherSidePresent: false }, 'consultant')).toBe(
      'BrightNest Home Care has not joined yet',
    );
  });
});

describe('leadWithNow', () => {
  const now1 = testSession({ id: 'now1', status: 'pending', roomOpen: true });
  const now2 = testSession({ id: 'now2', status: 'future', roomOpen: true });
  const next = (id: string) => testSession({ id, status: 'future', roomOpen: false });

  it('puts every now meeting first, then the next upcoming ones up to the limit', () => {
    expect(leadWithNow([now1], [next('a'), next('b'), next('c')], 3).map((s) => s.id)).toEqual([
      'now1',
      'a',
      'b',
    ]);
    expect(leadWithNow([], [next('a'), next('b'), next('c')], 3).map((s) => s.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('lists a now meeting that is also upcoming once, and every now meeting past the limit', () => {
    expect(leadWithNow([now1, now2], [now2, next('a')], 3).map((s) => s.id)).toEqual([
      'now1',
      'now2',
      'a',
    ]);
    const many = [now1, now2, testSession({ id: 'now3', roomOpen: true })];
    expect(
      leadWithNow([...many, testSession({ id: 'now4', roomOpen: true })], [next('a')], 3),
    ).toHaveLength(4);
  });
});

describe('nowRefetchInterval', () => {
  it('polls only while a list shows a now meeting', () => {
    expect(nowRefetchInterval([testSession({ roomOpen: true })])).toBe(NOW_REFRESH_MS);
    expect(nowRefetchInterval([testSession({ roomOpen: false }), testSession()])).toBe(false);
    expect(nowRefetchInterval(undefined)).toBe(false);
  });
});
