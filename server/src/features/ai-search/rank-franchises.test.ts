import type { FranchiseFilterFlag, IndustrySpecialty, StateCode } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { parseRequest } from './parse-request.ts';
import { rankFranchises, WEIGHTS } from './rank-franchises.ts';
import { analyseTexts, buildIndex, type FranchiseDoc } from './search-index.ts';

interface Spec {
  company: string;
  categories?: IndustrySpecialty[];
  states?: StateCode[];
  country?: 'USA' | 'Canada';
  cash?: [number | null, number | null];
  flags?: FranchiseFilterFlag[];
  overview?: string;
  details?: string;
  inCanada?: boolean;
}

function doc(spec: Spec, i: number): FranchiseDoc {
  const has = (f: FranchiseFilterFlag) => spec.flags?.includes(f) ?? false;
  return {
    card: {
      id: `user-${i}`,
      firstName: 'Owner',
      lastName: String(i),
      profilePhoto: null,
      franchise: {
        id: `franchise-${i}`,
        company: spec.company,
        logo: null,
        country: spec.country ?? 'USA',
        overview: spec.overview ?? null,
        categories: spec.categories ?? [],
        statesRegisteredIn: spec.states ?? [],
        minNetWorth: null,
        cashRequiredMin: spec.cash?.[0] ?? null,
        cashRequiredMax: spec.cash?.[1] ?? null,
        franchiseFee: null,
        franchisedUnits: null,
        established: null,
        sbaEligible: has('sbaEligible'),
        e2VisaFriendly: has('e2VisaFriendly'),
        veteranDiscount: has('veteranDiscount'),
        homeBased: has('homeBased'),
        absenteeModel: has('absenteeModel'),
        semiAbsenteeModel: has('semiAbsenteeModel'),
        b2b: has('b2b'),
        masterFranchiseOpportunities: has('masterFranchiseOpportunities'),
      },
    },
    words: analyseTexts({
      company: spec.company,
      categories: spec.categories ?? [],
      overview: spec.overview ?? null,
      details: spec.details ?? null,
    }),
    franchisesInCanada: spec.inCanada ?? false,
  };
}

const rank = (specs: Spec[], q: string) => {
  const index = buildIndex(specs.map(doc));
  return rankFranchises(index, parseRequest(q)).items.map((r) => ({
    company: index.docs[r.doc]!.card.franchise.company,
    ...r,
  }));
};
const names = (specs: Spec[], q: string) => rank(specs, q).map((r) => r.company);

describe('rankFranchises', () => {
  it('puts brands matching every constraint above partial ones, whatever their scores', () => {
    const specs: Spec[] = [
      // Partial: everything but the place, with several bonus categories.
      {
        company: 'A Partial',
        categories: ['Senior Care', 'Home Services'],
        states: ['NY'],
        cash: [50_000, 90_000],
        flags: ['homeBased', 'veteranDiscount'],
      },
      {
        company: 'B Full',
        categories: ['Senior Care'],
        states: ['TX'],
        cash: [140_000, 400_000],
        flags: ['homeBased', 'veteranDiscount'],
      },
      { company: 'C Unrelated', categories: ['Retail'], states: ['WA'] },
    ];
    const ranked = rank(specs, 'home-based senior care under $150k in Texas, veteran discount');
    expect(ranked.map((r) => [r.company, r.full])).toEqual([
      ['B Full', true],
      ['A Partial', false],
    ]);
    expect(ranked[0]?.matched).toEqual([
      { kind: 'category', text: 'senior care', value: 'Senior Care' },
      { kind: 'state', text: 'Texas', value: 'TX' },
      { kind: 'investment', text: 'under $150k', value: '≤ $150,000' },
      { kind: 'flag', text: 'home-based', value: 'homeBased' },
      { kind: 'flag', text: 'veteran discount', value: 'veteranDiscount' },
    ]);
  });

  it('weighs category over place over money over a flag', () => {
    const specs: Spec[] = [
      { company: 'Category', categories: ['Fitness'] },
      { company: 'Place', states: ['TX'] },
      { company: 'Money', cash: [50_000, 90_000] },
      { company: 'Flag', flags: ['b2b'] },
    ];
    expect(names(specs, 'gym in Texas under $100k, B2B')).toEqual([
      'Category',
      'Money',
      'Place',
      'Flag',
    ]);
    expect(WEIGHTS.category).toBeGreaterThan(WEIGHTS.state);
    expect(WEIGHTS.state).toBeGreaterThan(WEIGHTS.flag);
  });

  it('reads investment as an overlap of cash ranges and prefers ranges inside the request', () => {
    const specs: Spec[] = [
      { company: 'Inside', cash: [50_000, 120_000] },
      { company: 'Straddles', cash: [140_000, 400_000] },
      { company: 'Above', cash: [160_000, 300_000] },
      { company: 'Unknown', cash: [null, null] },
      { company: 'Only max', cash: [null, 100_000] },
    ];
    expect(names(specs, 'under $150k')).toEqual(['Inside', 'Only max', 'Straddles']);
    expect(names(specs, 'over $350k')).toEqual(['Straddles']);
    expect(names(specs, 'between $100k and $150k')).toEqual(['Only max', 'Inside', 'Straddles']);
  });

  it('matches states by any requested state, regions included, and records which', () => {
    const specs: Spec[] = [
      { company: 'Two states', states: ['TX', 'FL'] },
      { company: 'One state', states: ['FL', 'GA'] },
      { company: 'Ohio', states: ['OH', 'MI'] },
    ];
    const ranked = rank(specs, 'Texas or Florida');
    expect(ranked.map((r) => r.company)).toEqual(['Two states', 'One state']);
    expect(ranked[0]?.matched).toEqual([
      { kind: 'state', text: 'Texas', value: 'TX' },
      { kind: 'state', text: 'Florida', value: 'FL' },
    ]);
    expect(rank(specs, 'the Midwest')[0]?.matched).toEqual([
      { kind: 'state', text: 'the Midwest', value: 'MI, OH' },
    ]);
  });

  it('matches a country by the brand, its registered states or its Canadian franchises', () => {
    const specs: Spec[] = [
      { company: 'Canadian', country: 'Canada', states: ['ON'] },
      { company: 'Registered in BC', country: 'USA', states: ['WA', 'BC'] },
      { company: 'Franchises in Canada', country: 'USA', states: ['NY'], inCanada: true },
      { company: 'American', country: 'USA', states: ['NY'] },
    ];
    expect(names(specs, 'in Canada')).toEqual([
      'Canadian',
      'Franchises in Canada',
      'Registered in BC',
    ]);
  });

  it('lets a fully absentee brand answer a semi-absentee request, and says so', () => {
    const specs: Spec[] = [
      { company: 'Absentee', flags: ['absenteeModel'] },
      { company: 'Semi', flags: ['semiAbsenteeModel'] },
      { company: 'Owner-operator' },
    ];
    const ranked = rank(specs, 'part-time');
    expect(ranked.map((r) => r.company)).toEqual(['Absentee', 'Semi']);
    expect(ranked[0]?.matched).toEqual([
      { kind: 'flag', text: 'part-time', value: 'absenteeModel' },
    ]);
    expect(names(specs, 'absentee')).toEqual(['Absentee']);
  });

  it('ranks the specific kind of business first inside its category', () => {
    const specs: Spec[] = [
      {
        company: 'Burger Barn',
        categories: ['Food & Restaurants'],
        overview: 'Burgers and fries.',
      },
      {
        company: 'Slice House',
        categories: ['Food & Restaurants'],
        overview: 'Pizza by the slice.',
      },
      { company: 'Kids Fun', categories: ['Entertainment'], overview: 'Parties with pizza.' },
    ];
    const ranked = rank(specs, 'pizza');
    expect(ranked.map((r) => [r.company, r.full])).toEqual([
      ['Slice House', true],
      ['Burger Barn', true],
      ['Kids Fun', false],
    ]);
    expect(ranked[0]?.matched).toEqual([
      { kind: 'category', text: 'pizza', value: 'Food & Restaurants' },
      { kind: 'text', text: 'pizza', value: 'overview' },
    ]);
  });

  it('falls back to text ranking for words it does not understand', () => {
    const specs: Spec[] = [
      { company: 'SkyView', overview: 'Aerial drone photography and drone mapping.' },
      { company: 'Drone Kids', overview: 'Coding classes.', categories: ["Children's Enrichment"] },
      { company: 'Nothing', overview: 'Bagels.' },
      { company: 'Details', details: 'Owners may add drone services later.' },
    ];
    const ranked = rank(specs, 'something with drones');
    expect(ranked.map((r) => r.company)).toEqual(['Drone Kids', 'SkyView', 'Details']);
    expect(ranked[0]?.matched).toEqual([{ kind: 'text', text: 'drones', value: 'company name' }]);
    expect(ranked[0]?.score).toBe(WEIGHTS.text);
  });

  it('leaves out negated categories and flags', () => {
    const specs: Spec[] = [
      { company: 'Food', categories: ['Food & Restaurants'], states: ['TX'] },
      {
        company: 'Food and coffee',
        categories: ['Food & Restaurants', 'Coffee & Tea'],
        states: ['TX'],
      },
      { company: 'Cleaning', categories: ['Cleaning & Maintenance'], states: ['TX'] },
      {
        company: 'Home cleaning',
        categories: ['Cleaning & Maintenance'],
        flags: ['homeBased'],
        states: ['TX'],
      },
    ];
    expect(names(specs, 'not food, in Texas')).toEqual(['Cleaning', 'Home cleaning']);
    expect(names(specs, 'cleaning, not home based')).toEqual(['Cleaning']);
  });

  it('answers every brand by name when nothing was understood', () => {
    const specs: Spec[] = [{ company: 'Zeta' }, { company: 'alpha' }, { company: 'Mu' }];
    const ranked = rank(specs, 'a franchise please');
    expect(ranked.map((r) => [r.company, r.score, r.full])).toEqual([
      ['alpha', 0, false],
      ['Mu', 0, false],
      ['Zeta', 0, false],
    ]);
    expect(rank(specs, 'xyzzy')).toEqual([]);
  });

  it('breaks ties by company name, then id, deterministically', () => {
    const specs: Spec[] = [
      { company: 'Beta', categories: ['Fitness'] },
      { company: 'Alpha', categories: ['Fitness'] },
      { company: 'Alpha', categories: ['Fitness'] },
    ];
    const index = buildIndex(specs.map(doc));
    const ids = rankFranchises(index, parseRequest('gym')).items.map(
      (r) => index.docs[r.doc]!.card.franchise.id,
    );
    expect(ids).toEqual(['franchise-1', 'franchise-2', 'franchise-0']);
  });

  it('returns a window of the ranking with the total, explaining only that window', () => {
    const specs: Spec[] = ['E', 'D', 'C', 'B', 'A'].map((company, i) => ({
      company,
      categories: ['Fitness'],
      cash: [10_000 * (i + 1), 10_000 * (i + 1)],
    }));
    const index = buildIndex(specs.map(doc));
    const request = parseRequest('gym under $100k');
    const all = rankFranchises(index, request).items.map((r) => r.doc);
    const page = rankFranchises(index, request, { offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.items.map((r) => r.doc)).toEqual(all.slice(1, 3));
    expect(page.items[0]?.matched.map((m) => m.kind)).toEqual(['category', 'investment']);
    const many = specs.concat(
      Array.from({ length: 200 }, (_, i) => ({ company: `Z${i}`, categories: ['Fitness'] })),
    );
    const big = buildIndex(many.map(doc));
    const full = rankFranchises(big, request).items.map((r) => r.doc);
    // A small window is chosen with a heap: same order as sorting everything.
    expect(rankFranchises(big, request, { offset: 0, limit: 7 }).items.map((r) => r.doc)).toEqual(
      full.slice(0, 7),
    );
    expect(rankFranchises(big, request, { offset: 300, limit: 7 }).items).toEqual([]);
  });

  it('keeps the analysed words compact: term ids shared by every document', () => {
    const index = buildIndex(
      [{ company: 'Slice One', overview: 'Pizza pizza.' }, { company: 'Slice Two' }].map(doc),
    );
    const one = index.docs[0]!.words;
    const two = index.docs[1]!.words;
    expect(one.ids).toBeInstanceOf(Int32Array);
    const shared = [...one.ids].filter((id) => two.ids.includes(id));
    expect(shared).toHaveLength(1); // "slice"
  });
});
