import { AiInterpretationSchema } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LOW_COST_MAX } from './lexicon.ts';
import { investmentLabel, parseMoney } from './money.ts';
import { parseRequest } from './parse-request.ts';
import { stem, tokenize } from './text.ts';

const read = (q: string) => parseRequest(q).interpretation;
const money = (q: string) => {
  const { investmentMin: min, investmentMax: max } = read(q);
  return { min, max };
};

describe('text helpers', () => {
  it('stems plurals and -ing the same way in requests and in texts', () => {
    expect(['restaurants', 'gyms', 'dogs', 'bakeries', 'boxes', 'kids'].map(stem)).toEqual([
      'restaurant',
      'gym',
      'dog',
      'bakery',
      'box',
      'kid',
    ]);
    expect(['fitness', 'business', 'tennis', 'shipping', 'cleaning'].map(stem)).toEqual([
      'fitness',
      'business',
      'tennis',
      'ship',
      'clean',
    ]);
  });

  it('keeps offsets of the original text', () => {
    const [first] = tokenize('  Home-based');
    expect(first).toMatchObject({ raw: 'Home', start: 2, end: 6 });
  });
});

describe('money', () => {
  it.each([
    ['under $150k', null, 150_000],
    ['below 150,000', null, 150_000],
    ['less than $200,000', null, 200_000],
    ['max $1.2M', null, 1_200_000],
    ['up to 1.5 million', null, 1_500_000],
    ['no more than $90k', null, 90_000],
    ['$150k or less', null, 150_000],
    ['$150k max', null, 150_000],
    ['sub-$100k', null, 100_000],
    ['over $500k', 500_000, null],
    ['above 250k', 250_000, null],
    ['at least $300,000', 300_000, null],
    ['more than $400,000', 400_000, null],
    ['min $75k', 75_000, null],
    ['$500k+', 500_000, null],
    ['$250k and up', 250_000, null],
    ['between $100k and $250k', 100_000, 250_000],
    ['$100k-$250k', 100_000, 250_000],
    ['$100k – $250k', 100_000, 250_000],
    ['150k to 300k', 150_000, 300_000],
    ['between 100 and 250k', 100_000, 250_000],
    ['$1-2M', 1_000_000, 2_000_000],
    ['$200,000 - $300,000', 200_000, 300_000],
    ['from $50k to $80k', 50_000, 80_000],
    ['around $200k', 150_000, 250_000],
    ['half a million', null, 500_000],
    ['I have $150k', null, 150_000],
  ])('%s → min %s, max %s', (q, min, max) => {
    expect(money(q)).toEqual({ min, max });
  });

  it('reads the words of the bound as part of the phrase', () => {
    expect(parseMoney('senior care under $150k in Texas')).toMatchObject([
      { text: 'under $150k', min: null, max: 150_000, meaning: 'investment' },
    ]);
    expect(parseRequest('between $100k and $250k').phrases).toEqual([
      {
        kind: 'investment',
        text: 'between $100k and $250k',
        value: '$100,000 – $250,000',
        min: 100_000,
        max: 250_000,
      },
    ]);
  });

  it('does not read counts, years and codes as money', () => {
    for (const q of [
      '5 units',
      'established in 2015',
      'E2 visa',
      'B2B',
      '2 locations in 3 states',
      '5,000 sq ft',
      '24/7',
    ]) {
      expect(money(q), q).toEqual({ min: null, max: null });
    }
  });

  it('keeps net worth, franchise fees and revenue apart from the investment', () => {
    expect(money('net worth of $1M and $300k liquid')).toEqual({ min: null, max: 300_000 });
    expect(money('$800k net worth, fitness')).toEqual({ min: null, max: null });
    expect(money('franchise fee under $40k')).toEqual({ min: null, max: null });
    expect(money('invest $100k to make $200k a year')).toEqual({ min: null, max: 100_000 });
  });

  it('reads "low cost" and friends as a ceiling only when no amount is given', () => {
    expect(money('low cost cleaning')).toEqual({ min: null, max: LOW_COST_MAX });
    expect(money('affordable pet franchise')).toEqual({ min: null, max: LOW_COST_MAX });
    expect(money('cheap and home-based')).toEqual({ min: null, max: LOW_COST_MAX });
    expect(money('affordable, under $60k')).toEqual({ min: null, max: 60_000 });
  });

  it('labels requested amounts', () => {
    expect(investmentLabel(null, 150_000)).toBe('≤ $150,000');
    expect(investmentLabel(500_000, null)).toBe('≥ $500,000');
    expect(investmentLabel(100_000, 250_000)).toBe('$100,000 – $250,000');
  });
});

describe('states, provinces, regions and countries', () => {
  it('reads full names, multi-word names included', () => {
    expect(read('New York, British Columbia and Prince Edward Island').states).toEqual([
      'NY',
      'BC',
      'PE',
    ]);
    expect(read('West Virginia or Virginia').states).toEqual(['WV', 'VA']);
    expect(read('North Carolina and South Dakota').states).toEqual(['NC', 'SD']);
    expect(read('Newfoundland and Labrador').states).toEqual(['NL']);
    expect(read('Washington, D.C.').states).toEqual(['WA', 'DC']);
    expect(read('Québec').states).toEqual(['QC']);
  });

  it('reads upper-case codes', () => {
    expect(read('pizza in TX or FL').states).toEqual(['TX', 'FL']);
    expect(read('TX OR FL').states).toEqual(['TX', 'FL']);
    expect(read('gyms IN TX').states).toEqual(['TX']);
    expect(read('Oregon or OR').states).toEqual(['OR']);
    expect(read('franchises in OR, WA and ID').states).toEqual(['OR', 'WA', 'ID']);
    expect(read('senior care in IN or OH').states).toEqual(['IN', 'OH']);
  });

  it('reads lower-case codes only in a place context', () => {
    expect(read('gyms in tx').states).toEqual(['TX']);
    expect(read('gyms in ca, tx and fl').states).toEqual(['CA', 'TX', 'FL']);
    expect(read('near nj or ny').states).toEqual(['NJ', 'NY']);
    expect(read('tx or Florida').states).toEqual(['TX', 'FL']);
  });

  it('never reads ordinary words as codes', () => {
    for (const q of [
      'show me something in or near my town',
      'oh hi, is it ok for me to own a pa and ma shop',
      'i am in it for the long run',
      'on the go, de facto id',
      'al fresco dining',
      'something to do in the co op',
      'OK, coffee please',
    ]) {
      expect(read(q).states, q).toEqual([]);
    }
    expect(read('coffee in me or hi').states).toEqual([]);
  });

  it('reads shouted sentences like lower-case prose', () => {
    expect(read('SENIOR CARE IN TX OR FL').states).toEqual(['TX', 'FL']);
    expect(read('PIZZA IN OHIO OR INDIANA').states).toEqual(['OH', 'IN']);
    expect(read('I WANT A GYM IN ME').states).toEqual([]);
  });

  it('reads nicknames, cities and directions', () => {
    expect(read('Cali').states).toEqual(['CA']);
    expect(read('SoCal or NYC').states).toEqual(['CA', 'NY']);
    expect(read('Houston and Toronto').states).toEqual(['TX', 'ON']);
    expect(read('South Florida').states).toEqual(['FL']);
    expect(parseRequest('upstate New York').phrases).toMatchObject([
      { kind: 'state', text: 'upstate New York', codes: ['NY'] },
    ]);
  });

  it('reads regions as their states', () => {
    expect(read('the Midwest').states).toEqual([
      'IL',
      'IN',
      'IA',
      'KS',
      'MI',
      'MN',
      'MO',
      'NE',
      'ND',
      'OH',
      'SD',
      'WI',
    ]);
    expect(read('New England').states).toEqual(['CT', 'ME', 'MA', 'NH', 'RI', 'VT']);
    expect(read('in the South').states).toContain('GA');
    expect(read('Pacific Northwest').states).toEqual(['WA', 'OR', 'ID']);
    expect(read('the Maritimes').states).toEqual(['NB', 'NS', 'PE']);
    expect(read('Atlantic Canada').states).toEqual(['NB', 'NS', 'PE', 'NL']);
    expect(read('the Carolinas').states).toEqual(['NC', 'SC']);
    expect(parseRequest('gyms in the Midwest').phrases).toMatchObject([
      { kind: 'category' },
      { kind: 'state', text: 'the Midwest', value: 'Midwest' },
    ]);
  });

  it('reads countries', () => {
    expect(read('in the USA').country).toBe('USA');
    expect(read('anywhere in the US').country).toBe('USA');
    expect(read('U.S. only').country).toBe('USA');
    expect(read('United States').country).toBe('USA');
    expect(read('America').country).toBe('USA');
    expect(read('Canada').country).toBe('Canada');
    expect(read('a Canadian brand').country).toBe('Canada');
    expect(read('tell us about it').country).toBeNull();
    expect(read('USA or Canada').country).toBeNull();
  });
});

describe('categories', () => {
  it.each([
    ['senior care', 'Senior Care'],
    ['elderly', 'Senior Care'],
    ['eldercare', 'Senior Care'],
    ['home care for seniors', 'Senior Care'],
    ['assisted living', 'Senior Care'],
    ['restaurants', 'Food & Restaurants'],
    ['pizza', 'Food & Restaurants'],
    ['burgers', 'Food & Restaurants'],
    ['QSR', 'Food & Restaurants'],
    ['fast food', 'Food & Restaurants'],
    ['espresso', 'Coffee & Tea'],
    ['a cafe', 'Coffee & Tea'],
    ['gyms', 'Fitness'],
    ['yoga', 'Fitness'],
    ['pilates', 'Fitness'],
    ['boutique fitness', 'Fitness'],
    ['daycare', 'Child Care'],
    ['tutoring', 'Education'],
    ['handyman', 'Home Services'],
    ['plumbing', 'Home Services'],
    ['HVAC', 'Home Services'],
    ['cleaning', 'Cleaning & Maintenance'],
    ['maid service', 'Cleaning & Maintenance'],
    ['roofing', 'Construction & Remodeling'],
    ['dogs', 'Pet Services'],
    ['dog grooming', 'Pet Services'],
    ['oil change', 'Automotive'],
    ['car wash', 'Automotive'],
    ['tires', 'Automotive'],
    ['hair salon', 'Beauty & Spa'],
    ['nails', 'Beauty & Spa'],
    ['massage', 'Beauty & Spa'],
    ['med spa', 'Beauty & Spa'],
    ['real estate', 'Real Estate'],
    ['staffing', 'Staffing & Recruiting'],
    ['tax preparation', 'Tax & Financial Services'],
    ['printing', 'Printing & Signs'],
    ['movers', 'Moving & Storage'],
    ['pest control', 'Pest Control'],
    ['termites', 'Pest Control'],
    ['ice cream', 'Frozen Desserts'],
    ['bagels', 'Bakery & Bagels'],
    ['hotels', 'Hotels & Lodging'],
    ['insurance agency', 'Insurance'],
    ['landscaping', 'Lawn & Garden'],
    ['pack and ship', 'Mailing & Shipping'],
    ['dry cleaning', 'Personal Services'],
    ['water damage', 'Restoration'],
    ['retail store', 'Retail'],
    ['alarm systems', 'Security'],
    ['golf', 'Sports & Recreation'],
    ['travel agency', 'Travel'],
    ['escape rooms', 'Entertainment'],
    ['dental', 'Dental & Medical'],
    ['chiropractic', 'Health & Wellness'],
    ['flooring', 'Home Improvement'],
    ['digital marketing', 'Advertising & Marketing'],
    ['IT services', 'Computer & Technology'],
    ['coworking', 'Business Services'],
    ['STEM for kids', "Children's Enrichment"],
    ['Food & Restaurants', 'Food & Restaurants'],
  ])('%s → %s', (q, category) => {
    expect(read(q).categories).toContain(category);
  });

  it('lets the longer phrase win and keeps head nouns with their category', () => {
    expect(read('doggy daycare').categories).toEqual(['Pet Services']);
    expect(read('pizza shop').categories).toEqual(['Food & Restaurants']);
    expect(read('a yoga studio').categories).toEqual(['Fitness']);
    expect(read('auto insurance').categories).toEqual(['Insurance']);
    expect(read('coffee shop').categories).toEqual(['Coffee & Tea']);
  });

  it('keeps the specific words as hints for the text ranking', () => {
    expect(parseRequest('pizza').hints).toEqual([{ stem: 'pizza', text: 'pizza' }]);
    expect(parseRequest('senior care').hints).toEqual([]);
  });

  it('excludes negated categories and flags', () => {
    const r = parseRequest('anything but not food, in Texas');
    expect(r.interpretation.categories).toEqual([]);
    expect(r.excluded.categories).toEqual(['Food & Restaurants']);
    expect(r.interpretation.states).toEqual(['TX']);
    expect(parseRequest('no restaurants or coffee').excluded.categories).toEqual([
      'Food & Restaurants',
      'Coffee & Tea',
    ]);
    const notHome = parseRequest('fitness, not home-based');
    expect(notHome.interpretation.flags).toEqual([]);
    expect(notHome.excluded.flags).toEqual(['homeBased']);
    expect(notHome.interpretation.categories).toEqual(['Fitness']);
    expect(read('not food but coffee').categories).toEqual(['Coffee & Tea']);
    expect(read('no experience needed, pizza').categories).toEqual(['Food & Restaurants']);
  });
});

describe('flags', () => {
  it.each([
    ['home-based', 'homeBased'],
    ['home based', 'homeBased'],
    ['work from home', 'homeBased'],
    ['run it from home', 'homeBased'],
    ['veterans', 'veteranDiscount'],
    ['military', 'veteranDiscount'],
    ['vets discount', 'veteranDiscount'],
    ['SBA', 'sbaEligible'],
    ['SBA loan', 'sbaEligible'],
    ['SBA-eligible', 'sbaEligible'],
    ['E2', 'e2VisaFriendly'],
    ['E-2', 'e2VisaFriendly'],
    ['investor visa', 'e2VisaFriendly'],
    ['absentee', 'absenteeModel'],
    ['passive', 'absenteeModel'],
    ['semi-absentee', 'semiAbsenteeModel'],
    ['part-time', 'semiAbsenteeModel'],
    ['keep my job', 'semiAbsenteeModel'],
    ['B2B', 'b2b'],
    ['business to business', 'b2b'],
    ['commercial clients', 'b2b'],
    ['master franchise', 'masterFranchiseOpportunities'],
    ['area developer', 'masterFranchiseOpportunities'],
    ['multi-unit territory', 'masterFranchiseOpportunities'],
  ])('%s → %s', (q, flag) => {
    expect(read(q).flags).toEqual([flag]);
  });

  it('does not read "semi-absentee" as absentee', () => {
    expect(read('semi absentee model').flags).toEqual(['semiAbsenteeModel']);
  });
});

describe('mixed sentences', () => {
  it("reads the issue's example", () => {
    const r = parseRequest(
      'home-based senior care under $150k in Texas or Florida, veteran discount',
    );
    expect(r.interpretation).toEqual({
      categories: ['Senior Care'],
      states: ['TX', 'FL'],
      country: null,
      investmentMin: null,
      investmentMax: 150_000,
      flags: ['homeBased', 'veteranDiscount'],
      terms: [],
    });
    expect(r.phrases).toEqual([
      { kind: 'flag', text: 'home-based', value: 'homeBased', negated: false },
      {
        kind: 'category',
        text: 'senior care',
        value: 'Senior Care',
        categories: ['Senior Care'],
        negated: false,
      },
      { kind: 'investment', text: 'under $150k', value: '≤ $150,000', min: null, max: 150_000 },
      { kind: 'state', text: 'Texas', value: 'TX', codes: ['TX'] },
      { kind: 'state', text: 'Florida', value: 'FL', codes: ['FL'] },
      { kind: 'flag', text: 'veteran discount', value: 'veteranDiscount', negated: false },
    ]);
  });

  it('reads a long sentence with everything in it', () => {
    expect(
      read(
        "I'm a veteran with $300k liquid looking for a semi-absentee B2B cleaning or restoration franchise in the Carolinas or GA, SBA financing would help",
      ),
    ).toEqual({
      categories: ['Cleaning & Maintenance', 'Restoration'],
      states: ['NC', 'SC', 'GA'],
      country: null,
      investmentMin: null,
      investmentMax: 300_000,
      flags: ['veteranDiscount', 'semiAbsenteeModel', 'b2b', 'sbaEligible'],
      terms: [],
    });
  });

  it('turns the remaining words into stemmed search terms', () => {
    expect(read('franchises with robots and drones').terms).toEqual(['robot', 'drone']);
    expect(read('I want to open a franchise with a drive-thru').terms).toEqual(['drive', 'thru']);
    expect(parseRequest('Robots').termText).toEqual({ robot: 'robots' });
  });

  it('always answers a valid interpretation', () => {
    for (const q of [
      '',
      '   ',
      '$$$',
      '!!!',
      'in or on',
      'the the the',
      'Ω≈ç√∫',
      'TX'.repeat(80),
    ]) {
      expect(() => v.parse(AiInterpretationSchema, read(q)), q).not.toThrow();
    }
  });
});
