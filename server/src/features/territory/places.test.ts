import { describe, expect, it } from 'vitest';
import { PLACES, placeOf } from './places.ts';

describe('placeOf', () => {
  it('knows all 51 US codes (50 states and DC) and the 13 Canadian ones', () => {
    expect(PLACES.filter((p) => p.country === 'USA')).toHaveLength(51);
    expect(PLACES.filter((p) => p.country === 'Canada')).toHaveLength(13);
  });

  it('reads codes and names regardless of case, spaces and accents', () => {
    expect(placeOf('TX')?.code).toBe('TX');
    expect(placeOf(' tx ')?.code).toBe('TX');
    expect(placeOf('new york')?.code).toBe('NY');
    expect(placeOf('Québec')?.country).toBe('Canada');
    expect(placeOf('Quebec')?.code).toBe('QC');
    expect(placeOf('Bavaria')).toBeNull();
    expect(placeOf(null)).toBeNull();
  });
});
