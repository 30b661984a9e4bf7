import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsFor, fillOf, NONE_FILL, PALETTE } from './color-scale.ts';

describe('bucketsFor', () => {
  it('makes five equal buckets over the non-zero counts and a 0 class', () => {
    const buckets = bucketsFor([0, 1, 10, 50]);
    expect(buckets.map((b) => b.label)).toEqual(['0', '1–10', '11–20', '21–30', '31–40', '41–50']);
    expect(buckets.map((b) => b.level)).toEqual([-1, 0, 1, 2, 3, 4]);
  });

  it('starts at the smallest count when every place has some', () => {
    const buckets = bucketsFor([200, 205, 860, 870]);
    expect(buckets[0]?.label).toBe('200–334');
    expect(buckets.at(-1)?.max).toBe(870);
    expect(buckets.some((b) => b.level < 0)).toBe(false);
  });

  it('spreads a few distinct counts over the palette, and formats thousands', () => {
    expect(bucketsFor([1, 2]).map((b) => [b.label, b.level])).toEqual([
      ['1', 0],
      ['2', 4],
    ]);
    expect(bucketsFor([1200]).map((b) => b.label)).toEqual(['1,200']);
    expect(bucketsFor([0, 0])).toEqual([{ min: 0, max: 0, level: -1, label: '0' }]);
  });

  it('places every count in exactly one bucket and colours it', () => {
    const counts = [0, 3, 7, 8, 19, 20, 33];
    const buckets = bucketsFor(counts);
    for (const count of counts) {
      expect(buckets.filter((b) => count >= b.min && count <= b.max)).toHaveLength(1);
    }
    expect(fillOf(bucketOf(buckets, 0))).toBe(NONE_FILL);
    expect(fillOf(bucketOf(buckets, 33))).toBe(PALETTE[4]);
  });
});
