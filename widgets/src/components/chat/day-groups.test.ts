import { describe, expect, it } from 'vitest';
import { groupByDay } from './day-groups.ts';

const item = (iso: string, senderId = 'a') => ({ createdAt: iso, senderId });

describe('groupByDay', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('puts a separator before each day, labelled by its age', () => {
    const groups = groupByDay(
      [
        item('2026-03-02T09:00:00Z'),
        item('2026-03-02T09:01:00Z'),
        item('2026-03-09T10:00:00Z'),
        item('2026-03-10T08:00:00Z'),
      ],
      'UTC',
      now,
    );
    expect(groups.map((g) => [g.day, g.label, g.items.length])).toEqual([
      ['2026-03-02', '2 Mar, 2026', 2],
      ['2026-03-09', 'Yesterday', 1],
      ['2026-03-10', 'Today', 1],
    ]);
  });

  it('splits days in the viewer’s zone, not in UTC', () => {
    const late = [item('2026-03-10T02:00:00Z'), item('2026-03-10T06:00:00Z')];
    expect(groupByDay(late, 'UTC', now)).toHaveLength(1);
    expect(groupByDay(late, 'America/New_York', now).map((g) => g.day)).toEqual([
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it('starts a run on another sender, a long pause and a new day', () => {
    const groups = groupByDay(
      [
        item('2026-03-09T10:00:00Z', 'a'),
        item('2026-03-09T10:01:00Z', 'a'),
        item('2026-03-09T10:02:00Z', 'b'),
        item('2026-03-09T10:30:00Z', 'b'),
        item('2026-03-10T10:31:00Z', 'b'),
      ],
      'UTC',
      now,
    );
    expect(groups.flatMap((g) => g.items.map((i) => i.startsRun))).toEqual([
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it('has no groups for no messages', () => {
    expect(groupByDay([], 'UTC', now)).toEqual([]);
  });
});
