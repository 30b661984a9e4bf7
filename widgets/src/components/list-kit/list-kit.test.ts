import { describe, expect, it } from 'vitest';
import { readNumber } from './filter-fields.tsx';
import { formatCount, formatInvestment, formatMoney } from './list-format.ts';
import { pageCount, pageWindow } from './pager.tsx';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('puts gaps between the ends and the current page', () => {
    expect(pageWindow(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single missing page instead of a gap', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageCount(1028, 12)).toBe(86);
  });
});

describe('readNumber', () => {
  it('accepts empty and non-negative numbers', () => {
    expect(readNumber('')).toEqual({ value: undefined });
    expect(readNumber(' 1500 ')).toEqual({ value: 1500 });
    expect(readNumber('150,000')).toEqual({ value: 150000 });
    expect(readNumber('62.5')).toEqual({ value: 62.5 });
  });

  it("refuses anything else with the spec's message", () => {
    for (const text of ['12a', 'abc', '1e5', '-5', '$10', '1.2.3']) {
      expect(readNumber(text)).toEqual({ error: 'Please enter numbers only' });
    }
  });
});

describe('list formats', () => {
  it('formats money and investment ranges', () => {
    expect(formatMoney(150000)).toBe('$150,000');
    expect(formatInvestment(100000, 150000)).toBe('$100,000 – $150,000');
    expect(formatInvestment(100000, 100000)).toBe('$100,000');
    expect(formatInvestment(null, 80000)).toBe('Up to $80,000');
    expect(formatInvestment(250000, null)).toBe('$250,000+');
    expect(formatInvestment(null, null)).toBeNull();
  });

  it('counts results', () => {
    expect(formatCount(1, 'consultant', 'consultants')).toBe('1 consultant');
    expect(formatCount(1028, 'consultant', 'consultants')).toBe('1,028 consultants');
  });
});
