import type { AiInterpretation, AiSearchResult, FranchisorListItem } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  filtersFromReading,
  matchLabel,
  nextFiltersFromAi,
  parseAiSentence,
  readingLabels,
  toListResult,
} from './ai-search.ts';
import {
  emptyFranchisorFilters,
  franchisorFiltersToSearchParams,
  franchisorQuery,
  parseFranchisorFilters,
} from './franchisor-filters.ts';

const nothing: AiInterpretation = {
  categories: [],
  states: [],
  country: null,
  investmentMin: null,
  investmentMax: null,
  flags: [],
  terms: [],
};
const sentence = 'home-based senior care under $150k in Texas';
const reading: AiInterpretation = {
  ...nothing,
  categories: ['Senior Care'],
  states: ['TX'],
  investmentMax: 150000,
  flags: ['homeBased'],
};
const base = { ...emptyFranchisorFilters(12), page: 2, ai: sentence };

describe('parseAiSentence', () => {
  it('trims and refuses empty or overlong sentences', () => {
    expect(parseAiSentence('  senior care ')).toBe('senior care');
    expect(parseAiSentence('   ')).toBeUndefined();
    expect(parseAiSentence(undefined)).toBeUndefined();
    expect(parseAiSentence('x'.repeat(301))).toBeUndefined();
  });
});

describe('the sentence in the URL', () => {
  it('round-trips as ai= and is never sent to the regular search', () => {
    const filters = parseFranchisorFilters(
      new URLSearchParams(`ai=${encodeURIComponent(sentence)}&page=2`),
      12,
    );
    expect(filters).toMatchObject({ ai: sentence, page: 2, limit: 12 });
    expect(franchisorFiltersToSearchParams(filters, 12).get('ai')).toBe(sentence);
    expect(franchisorQuery(filters)).not.toHaveProperty('ai');
    expect(parseFranchisorFilters(new URLSearchParams('ai=%20%20'), 12)).not.toHaveProperty('ai');
  });
});

describe('filtersFromReading', () => {
  it('shows what was understood as the panel’s filters, keeping paging and the sentence', () => {
    expect(filtersFromReading(reading, base)).toEqual({
      page: 2,
      limit: 12,
      sort: 'relevance',
      favoritesOnly: false,
      ai: sentence,
      category: ['Senior Care'],
      state: ['TX'],
      cashMode: 'less',
      cashMax: 150000,
      homeBased: true,
    });
  });

  it('reads amounts as between, less or more, and leftover words as keywords', () => {
    expect(
      filtersFromReading({ ...nothing, investmentMin: 1, investmentMax: 2 }, base),
    ).toMatchObject({ cashMode: 'range', cashMin: 1, cashMax: 2 });
    const more = filtersFromReading({ ...nothing, investmentMin: 5 }, base);
    expect(more).toMatchObject({ cashMode: 'more', cashMin: 5 });
    expect(more).not.toHaveProperty('cashMax');
    expect(
      filtersFromReading({ ...nothing, terms: ['pizza', 'oven'], country: 'Canada' }, base),
    ).toMatchObject({
      q: 'pizza oven',
      country: 'Canada',
    });
  });
});

describe('nextFiltersFromAi', () => {
  const shown = filtersFromReading(reading, base);
  it('stays in the AI search for a new page', () => {
    expect(nextFiltersFromAi(shown, { ...shown, page: 3 })).toEqual({ ...shown, page: 3 });
  });

  it('refines with the regular search for any other change, from what was understood', () => {
    const { homeBased: _, ...withoutFlag } = shown;
    const next = nextFiltersFromAi(shown, { ...withoutFlag, page: 1 });
    expect(next).not.toHaveProperty('ai');
    expect(next).toMatchObject({
      category: ['Senior Care'],
      state: ['TX'],
      cashMax: 150000,
      page: 1,
    });
    expect(next).not.toHaveProperty('homeBased');
    expect(nextFiltersFromAi(shown, { ...shown, sort: 'newest', page: 1 })).toMatchObject({
      sort: 'newest',
      category: ['Senior Care'],
    });
  });
});

describe('toListResult', () => {
  it('keeps the ranking, and the reading and matches beside it', () => {
    const item = { id: 'f1' } as FranchisorListItem;
    const matched = [{ kind: 'state' as const, text: 'Texas', value: 'TX' }];
    const answer: AiSearchResult = {
      query: sentence,
      interpretation: reading,
      total: 1,
      page: 1,
      limit: 12,
      franchisees: [{ ...item, score: 9, matched }],
    };
    const result = toListResult(answer);
    expect(result.franchisees).toEqual([item]);
    expect(result).toMatchObject({ total: 1, page: 1, limit: 12 });
    expect(result.ai).toEqual({
      query: sentence,
      interpretation: reading,
      matched: { f1: matched },
    });
  });
});

describe('the words that explain it', () => {
  it('labels the reading in the panel’s order', () => {
    expect(readingLabels({ ...reading, country: 'USA', terms: ['pizza'] })).toEqual([
      'Senior Care',
      'USA',
      'Texas',
      'Up to $150,000',
      'Home based',
      '“pizza”',
    ]);
    expect(readingLabels(nothing)).toEqual([]);
  });

  it('says which words of the request each brand matched', () => {
    expect(matchLabel({ kind: 'state', text: 'Texas', value: 'TX' })).toBe('“Texas” → Texas (TX)');
    expect(matchLabel({ kind: 'flag', text: 'home-based', value: 'homeBased' })).toBe(
      '“home-based” → Home based',
    );
    expect(matchLabel({ kind: 'category', text: 'senior care', value: 'Senior Care' })).toBe(
      '“senior care”',
    );
    expect(matchLabel({ kind: 'text', text: 'pizza', value: 'pizza' })).toBe('“pizza”');
  });
});
