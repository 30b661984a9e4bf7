import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars } from './format.ts';

describe('formatDollars', () => {
  it('shows whole dollars without cents', () => {
    expect(formatDollars(50)).toBe('$50');
    expect(formatDollars(1000)).toBe('$1,000');
  });

  it('shows cents with two digits', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(12.05)).toBe('$12.05');
  });
});

describe('formatCents', () => {
  it('converts cents to dollars', () => {
    expect(formatCents(49_700)).toBe('$497');
    expect(formatCents(2_500)).toBe('$25');
  });
});
