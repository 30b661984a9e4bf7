import { describe, expect, it } from 'vitest';
import {
  clearConsultantFilters,
  consultantFiltersToSearchParams,
  consultantQuery,
  countConsultantFilters,
  emptyConsultantFilters,
  parseConsultantFilters,
} from './consultant-filters.ts';

describe('consultant filters in the URL', () => {
  it('round-trips through search parameters', () => {
    const filters = {
      ...emptyConsultantFilters(),
      q: 'senior care',
      industry: ['Automotive', 'Education'] as const,
      region: ['Canada'] as const,
      experience: [5, 10] as const,
      rateMin: 20,
      rateMax: 80,
      favoritesOnly: true,
      sort: 'rate_asc' as const,
      page: 3,
    };
    const params = consultantFiltersToSearchParams({
      ...filters,
      industry: [...filters.industry],
      region: [...filters.region],
      experience: [...filters.experience],
    });
    expect(params.getAll('industry')).toEqual(['Automotive', 'Education']);
    expect(params.get('limit')).toBeNull();
    expect(parseConsultantFilters(params)).toEqual({
      ...filters,
      industry: ['Automotive', 'Education'],
      region: ['Canada'],
      experience: [5, 10],
    });
  });

  it('writes nothing for an empty query', () => {
    expect(consultantFiltersToSearchParams(emptyConsultantFilters()).toString()).toBe('');
    expect(consultantFiltersToSearchParams(emptyConsultantFilters(12), 12).toString()).toBe('');
  });

  it('keeps a page size that differs from the default', () => {
    const params = consultantFiltersToSearchParams(emptyConsultantFilters(24), 12);
    expect(params.toString()).toBe('limit=24');
    expect(parseConsultantFilters(params, 12).limit).toBe(24);
    expect(parseConsultantFilters(new URLSearchParams(), 12).limit).toBe(12);
  });

  it('survives a hand-edited URL', () => {
    const filters = parseConsultantFilters(new URLSearchParams('rateMax=abc&region=Mars&q=x'));
    expect(filters).toEqual({ ...emptyConsultantFilters(), q: 'x' });
  });
});

describe('consultant filter helpers', () => {
  it('sends only what is set', () => {
    expect(consultantQuery({ ...emptyConsultantFilters(), region: [], q: '' })).toEqual({
      page: 1,
      limit: 10,
    });
  });

  it('counts and clears filters', () => {
    const filters = {
      ...emptyConsultantFilters(),
      region: ['USA' as const, 'Asia' as const],
      rateMin: 10,
      rateMax: 80,
      favoritesOnly: true,
      page: 4,
    };
    expect(countConsultantFilters(filters)).toBe(2);
    expect(clearConsultantFilters(filters)).toEqual({
      ...emptyConsultantFilters(),
      favoritesOnly: true,
    });
  });
});
