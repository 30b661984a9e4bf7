import { describe, expect, it } from 'vitest';
import {
  capTags,
  experienceLabel,
  formatLocation,
  formatRate,
  formatRating,
  formatReviewCount,
  initials,
} from './profile-format.ts';

describe('profile-format', () => {
  it('formats a rate in dollars per 15 minutes', () => {
    expect(formatRate(50)).toBe('$50 / 15 min');
    expect(formatRate(62.5)).toBe('$62.50 / 15 min');
    expect(formatRate(1250)).toBe('$1,250 / 15 min');
  });

  it('labels experience levels from the contract', () => {
    expect(experienceLabel(1)).toBe('less than 1 year');
    expect(experienceLabel(10)).toBe('10 years');
    expect(experienceLabel(null)).toBeNull();
    expect(experienceLabel(4)).toBeNull();
  });

  it('caps tags and keeps the rest for "+N"', () => {
    expect(capTags(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], hidden: ['c'] });
    expect(capTags(['a'], 2)).toEqual({ shown: ['a'], hidden: [] });
    expect(capTags([], 5)).toEqual({ shown: [], hidden: [] });
  });

  it('builds initials, locations, ratings and review counts', () => {
    expect(initials('ada', 'Lovelace')).toBe('AL');
    expect(initials('', 'Lovelace')).toBe('L');
    expect(initials('Acme Franchise Group')).toBe('A');
    expect(formatLocation('Austin', 'TX')).toBe('Austin, TX');
    expect(formatLocation(null, ' TX ')).toBe('TX');
    expect(formatLocation(null, '')).toBeNull();
    expect(formatRating(4.666)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatReviewCount(1)).toBe('1 review');
    expect(formatReviewCount(0)).toBe('0 reviews');
  });
});
