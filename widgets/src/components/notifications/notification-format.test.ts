import { describe, expect, it } from 'vitest';
import { formatWhen, initialsOf } from './notification-format.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('formatWhen', () => {
  it('says recent times as people do, and older ones by date', () => {
    expect(formatWhen(ago(20_000), NOW)).toBe('just now');
    expect(formatWhen(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(formatWhen(ago(60 * 60_000), NOW)).toBe('1 hour ago');
    expect(formatWhen(ago(26 * 3_600_000), NOW)).toBe('yesterday');
    expect(formatWhen(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
    expect(formatWhen('2025-01-03T12:00:00Z', NOW)).toBe('3 Jan, 2025');
  });
});

describe('initialsOf', () => {
  it('takes the first letters, or FM for the platform itself', () => {
    expect(initialsOf('ada', 'Lovelace')).toBe('AL');
    expect(initialsOf(null, null)).toBe('FM');
    expect(initialsOf(' ', 'Reed')).toBe('R');
  });
});
