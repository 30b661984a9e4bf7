import { describe, expect, it } from 'vitest';
import {
  countFranchisorFilters,
  emptyFranchisorFilters,
  franchisorFiltersToSearchParams,
  franchisorQuery,
  normalizeFranchisorFilters,
  parseFranchisorFilters,
  statesFor,
} from './franchisor-filters.ts';

describe('franchisor filters', () => {
  it('offers the states of the chosen country', () => {
    expect(statesFor('Canada')).toHaveLength(13);
    expect(statesFor('USA')).toHaveLength(51);
    expect(statesFor(undefined)).toHaveLength(64);
  });

  it('drops states outside the chosen country', () => {
    const filters = normalizeFranchisorFilters({
      ...emptyFranchisorFilters(),
      country: 'Canada',
      state: ['TX', 'ON'],
    });
    expect(filters.state).toEqual(['ON']);
    expect(
      normalizeFranchisorFilters({ ...emptyFranchisorFilters(), country: 'Canada', state: ['TX'] }),
    ).not.toHaveProperty('state');
  });

  it('keeps only the cash amounts the mode uses', () => {
    const base = { ...emptyFranchisorFilters(), cashMin: 10, cashMax: 90 };
    expect(normalizeFranchisorFilters({ ...base, cashMode: 'range' })).toMatchObject({
      cashMin: 10,
      cashMax: 90,
    });
    expect(normalizeFranchisorFilters({ ...base, cashMode: 'less' })).not.toHaveProperty('cashMin');
    expect(normalizeFranchisorFilters({ ...base, cashMode: 'more' })).not.toHaveProperty('cashMax');
    const none = normalizeFranchisorFilters(base);
    expect(none).not.toHaveProperty('cashMin');
    expect(none).not.toHaveProperty('cashMax');
  });

  it('round-trips through the URL, flags included', () => {
    const params = franchisorFiltersToSearchParams({
      ...emptyFranchisorFilters(),
      investment: 'lt200k',
      state: ['TX', 'OK'],
      homeBased: true,
      sbaEligible: false,
    });
    expect(params.toString()).toBe('investment=lt200k&state=TX&state=OK&homeBased=true');
    expect(parseFranchisorFilters(params)).toEqual({
      ...emptyFranchisorFilters(),
      investment: 'lt200k',
      state: ['TX', 'OK'],
      homeBased: true,
    });
  });

  it("does not send the 'any' investment range", () => {
    expect(franchisorQuery({ ...emptyFranchisorFilters(), investment: 'any' })).toEqual({
      page: 1,
      limit: 10,
    });
  });

  it('counts filters', () => {
    expect(
      countFranchisorFilters({
        ...emptyFranchisorFilters(),
        state: ['TX', 'OK'],
        homeBased: true,
        cashMode: 'less',
        cashMax: 100000,
      }),
    ).toBe(3);
    expect(countFranchisorFilters(emptyFranchisorFilters())).toBe(0);
  });
});
