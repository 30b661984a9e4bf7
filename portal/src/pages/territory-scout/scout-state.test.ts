import { describe, expect, it } from 'vitest';
import { scoutParamsOf, scoutStateOf, territoryQuery } from './scout-state.ts';

describe('the page state in the address', () => {
  it('reads known values and ignores the rest', () => {
    expect(
      scoutStateOf(
        new URLSearchParams(
          'category=Senior+Care&investment=lt200k&by=consultants&state=TX&page=3',
        ),
      ),
    ).toEqual({
      category: 'Senior Care',
      investment: 'lt200k',
      shadeBy: 'consultants',
      state: 'TX',
      page: 3,
    });
    expect(
      scoutStateOf(new URLSearchParams('category=Nope&investment=1m&by=x&state=ZZ&page=-2')),
    ).toEqual({ category: null, investment: 'any', shadeBy: 'brands', state: null, page: 1 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = scoutStateOf(new URLSearchParams('investment=gt400k&state=QC'));
    expect(scoutParamsOf(state).toString()).toBe('investment=gt400k&state=QC');
    expect(scoutStateOf(scoutParamsOf(state))).toEqual(state);
  });

  it('turns "All categories" and "Any" into no filter', () => {
    expect(territoryQuery({ category: null, investment: 'any' })).toEqual({});
    expect(territoryQuery({ category: 'Retail', investment: '200k-300k' })).toEqual({
      category: 'Retail',
      investment: '200k-300k',
    });
  });
});
