import { ConsultantSearchQuerySchema } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  compactQuery,
  hasActiveFilters,
  parseQuery,
  patchFilters,
  querySearchParams,
} from './query.ts';

describe('parseQuery', () => {
  it('applies the schema defaults', () => {
    expect(parseQuery(ConsultantSearchQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      sort: 'relevance',
      favoritesOnly: false,
    });
  });

  it('drops only the invalid parameters', () => {
    const parsed = parseQuery(ConsultantSearchQuerySchema, {
      rateMin: 'abc',
      region: 'USA',
      industry: ['Automotive', 'Not an industry'],
      sort: 'sideways',
      page: '3',
    });
    expect(parsed).toEqual({
      region: ['USA'],
      page: 3,
      limit: 10,
      sort: 'relevance',
      favoritesOnly: false,
    });
  });
});

describe('compactQuery and querySearchParams', () => {
  it('leaves out empty values and defaults', () => {
    expect(
      compactQuery(
        { q: '', region: [], industry: ['Automotive'], page: 1, sort: 'relevance', rateMax: 80 },
        { page: 1, sort: 'relevance' },
      ),
    ).toEqual({ industry: ['Automotive'], rateMax: 80 });
  });

  it('writes lists as repeated keys', () => {
    expect(
      querySearchParams({ region: ['USA', 'Canada'], page: 2, favoritesOnly: true }).toString(),
    ).toBe('region=USA&region=Canada&page=2&favoritesOnly=true');
  });
});

describe('patchFilters', () => {
  it('clears filters set to undefined and returns to page 1', () => {
    expect(patchFilters({ page: 3, region: ['USA'], q: 'x' }, { region: undefined })).toEqual({
      page: 1,
      q: 'x',
    });
  });

  it('keeps an explicit page', () => {
    expect(patchFilters({ page: 1, q: 'x' }, { page: 4 })).toEqual({ page: 4, q: 'x' });
  });
});

describe('hasActiveFilters', () => {
  it('ignores paging, sort and the favourites tab', () => {
    expect(hasActiveFilters({ page: 3, limit: 10, sort: 'newest', favoritesOnly: true })).toBe(
      false,
    );
    expect(hasActiveFilters({ page: 1, region: ['USA'] })).toBe(true);
    expect(hasActiveFilters({ page: 1, region: [] })).toBe(false);
  });
});
