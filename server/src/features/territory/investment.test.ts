import { describe, expect, it } from 'vitest';
import { cashFitsRange } from './investment.ts';

describe('cashFitsRange', () => {
  const fits = (min: number | null, max: number | null) =>
    (['any', 'lt200k', '200k-300k', '300k-400k', 'gt400k'] as const).filter((range) =>
      cashFitsRange({ min, max }, range),
    );

  it('matches every range whose interval overlaps the cash required', () => {
    expect(fits(100_000, 150_000)).toEqual(['any', 'lt200k']);
    expect(fits(150_000, 250_000)).toEqual(['any', 'lt200k', '200k-300k']);
    expect(fits(300_000, 400_000)).toEqual(['any', '200k-300k', '300k-400k']);
    expect(fits(250_000, 900_000)).toEqual(['any', '200k-300k', '300k-400k', 'gt400k']);
  });

  it('reads the bounds as the labels say: "Less than" and "More than" are strict', () => {
    expect(fits(200_000, 200_000)).toEqual(['any', '200k-300k']);
    expect(fits(400_000, 400_000)).toEqual(['any', '300k-400k']);
  });

  it('treats a missing minimum as 0 and a missing maximum as unbounded', () => {
    expect(fits(null, 120_000)).toEqual(['any', 'lt200k']);
    expect(fits(450_000, null)).toEqual(['any', 'gt400k']);
    expect(fits(null, null)).toEqual(['any']);
  });
});
