import {
  FranchisorSearchResultSchema,
  type IndustrySpecialty,
  type InvestmentRange,
  type StateCode,
  type TerritoryQuery,
  type TerritoryStats,
  TerritoryStatsSchema,
  toSearchParams,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  favorite,
  franchise,
  franchiseCategory,
  franchiseState,
  user,
} from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../seed/seed-if-empty.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { cashFitsRange } from './investment.ts';
import { PLACES, placeOf } from './places.ts';

const statsOf = async (server: TestServer, token: string, query: TerritoryQuery = {}) => {
  const search = toSearchParams(query).toString();
  const res = await server.fetch(`/api/territory/states${search ? `?${search}` : ''}`, { token });
  expect(res.status).toBe(200);
  return v.parse(TerritoryStatsSchema, await res.json());
};

const brandsOf = async (
  server: TestServer,
  token: string,
  code: string,
  query: TerritoryQuery & { page?: number; limit?: number } = {},
) => {
  const search = toSearchParams(query).toString();
  const res = await server.fetch(
    `/api/territory/states/${code}/franchisees${search ? `?${search}` : ''}`,
    { token },
  );
  expect(res.status).toBe(200);
  return v.parse(FranchisorSearchResultSchema, await res.json());
};

const countsOf = (stats: TerritoryStats) =>
  Object.fromEntries(stats.states.map((s) => [s.code, [s.brands, s.consultants]]));

/** The rules written out plainly over every row, to check the grouped queries against. */
async function recount(
  db: Db,
  query: { category?: IndustrySpecialty; investment?: InvestmentRange },
) {
  const [franchises, states, categories, users, profiles, regions, industries] = await Promise.all([
    db.select().from(franchise),
    db.select().from(franchiseState),
    db.select().from(franchiseCategory),
    db.select().from(user),
    db.select().from(consultantProfile),
    db.select().from(consultantRegion),
    db.select().from(consultantIndustry),
  ]);
  const visible = (u: (typeof users)[number]) =>
    u.isVerified && u.status && !u.isDeleted && !u.isDeactivated;
  const brandIds = new Set(
    franchises
      .filter(
        (f) =>
          !f.isDeleted &&
          !f.isDeactivated &&
          f.status &&
          users.some((u) => u.franchiseId === f.id && u.role === 'franchisor' && visible(u)) &&
          (!query.category ||
            categories.some((c) => c.franchiseId === f.id && c.category === query.category)) &&
          cashFitsRange(
            {
              min: f.cashRequiredMinCents === null ? null : f.cashRequiredMinCents / 100,
              max: f.cashRequiredMaxCents === null ? null : f.cashRequiredMaxCents / 100,
            },
            query.investment,
          ),
      )
      .map((f) => f.id),
  );
  const consultants = users.filter(
    (u) =>
      u.role === 'consultant' &&
      visible(u) &&
      (!query.category || industries.some((i) => i.userId === u.id && i.value === query.category)),
  );
  const tags = new Set(regions.map((r) => `${r.userId}|${r.value}`));
  const home = new Map(profiles.map((p) => [p.userId, placeOf(p.stateProvince)?.code]));
  const expected: Record<string, [number, number]> = {};
  for (const place of PLACES) {
    const brands = states.filter((s) => s.stateCode === place.code && brandIds.has(s.franchiseId));
    const covering = consultants.filter(
      (c) => tags.has(`${c.id}|${place.country}`) || home.get(c.id) === place.code,
    );
    expected[place.code] = [brands.length, covering.length];
  }
  return expected;
}

describe('Territory Scout over the demo seed', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
    token = (await server.signUp('consultant')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses guests with 401 on both calls', async () => {
    const stats = await server.fetch('/api/territory/states');
    expect(stats.status).toBe(401);
    expect(await stats.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const brands = await server.fetch('/api/territory/states/TX/franchisees');
    expect(brands.status).toBe(401);
  });

  it('answers 400 for an unknown state code and for values outside the enumerations', async () => {
    for (const path of [
      '/api/territory/states/ZZ/franchisees',
      '/api/territory/states/tx/franchisees',
      '/api/territory/states?category=Nothing',
      '/api/territory/states?investment=1m',
      '/api/territory/states/TX/franchisees?limit=1000',
      '/api/territory/states/TX/franchisees?page=0',
    ]) {
      const res = await server.fetch(path, { token });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('lists all 64 states and provinces with counts equal to a plain recount', async () => {
    for (const query of [
      {},
      { category: 'Senior Care' },
      { investment: 'lt200k' },
      { investment: 'gt400k' },
      { category: 'Food & Restaurants', investment: '200k-300k' },
    ] as const) {
      const stats = await statsOf(server, token, query);
      expect(stats.states).toHaveLength(64);
      expect(countsOf(stats), JSON.stringify(query)).toEqual(
        await recount(server.container.db, query),
      );
      expect(stats.maxBrands).toBe(Math.max(...stats.states.map((s) => s.brands)));
      expect(stats.maxConsultants).toBe(Math.max(...stats.states.map((s) => s.consultants)));
    }
  });

  it('narrows the counts by category and by investment range', async () => {
    const all = await statsOf(server, token);
    expect(all.maxBrands).toBeGreaterThan(0);
    expect(all.maxConsultants).toBeGreaterThan(900);
    const sum = (s: TerritoryStats, key: 'brands' | 'consultants') =>
      s.states.reduce((total, state) => total + state[key], 0);
    for (const query of [{ category: 'Senior Care' }, { investment: 'lt200k' }] as const) {
      const narrowed = await statsOf(server, token, query);
      for (const [i, state] of narrowed.states.entries()) {
        expect(state.brands).toBeLessThanOrEqual(all.states[i]?.brands ?? 0);
        expect(state.consultants).toBeLessThanOrEqual(all.states[i]?.consultants ?? 0);
      }
      expect(sum(narrowed, 'brands')).toBeLessThan(sum(all, 'brands'));
    }
    const byCategory = await statsOf(server, token, { category: 'Senior Care' });
    expect(sum(byCategory, 'consultants')).toBeLessThan(sum(all, 'consultants'));
  });

  it("lists a state's brands by company, paged, with cards of visible franchisor users", async () => {
    const stats = await statsOf(server, token);
    const busiest = stats.states.reduce((a, b) => (b.brands > a.brands ? b : a));
    const first = await brandsOf(server, token, busiest.code, { limit: 5 });
    expect(first.total).toBe(busiest.brands);
    expect(first.franchisees).toHaveLength(Math.min(5, busiest.brands));
    const everything = await brandsOf(server, token, busiest.code, { limit: 100 });
    const companies = everything.franchisees.map((f) => f.franchise.company);
    expect(companies).toEqual(
      [...companies].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(everything.franchisees.slice(0, 5)).toEqual(first.franchisees);
    const second = await brandsOf(server, token, busiest.code, { limit: 5, page: 2 });
    expect(second.page).toBe(2);
    expect(second.franchisees).toEqual(everything.franchisees.slice(5, 10));

    const members = await server.container.db.select().from(user);
    for (const card of everything.franchisees) {
      expect(card.franchise.statesRegisteredIn).toContain(busiest.code);
      const member = members.find((m) => m.id === card.id);
      expect(member).toMatchObject({
        role: 'franchisor',
        franchiseId: card.franchise.id,
        isVerified: true,
        status: true,
        isDeleted: false,
        isDeactivated: false,
      });
      // The card leads to a public profile that opens.
      const profile = await server.fetch(`/api/users/profile/${card.id}`);
      expect(profile.status).toBe(200);
    }
  });

  it('leaves out hidden, deactivated and deleted brands', async () => {
    const db = server.container.db;
    const [hidden, states] = await Promise.all([
      db.select().from(franchise),
      db.select().from(franchiseState),
    ]);
    const invisible = hidden.filter((f) => f.isDeleted || f.isDeactivated || !f.status);
    expect(invisible.length).toBeGreaterThan(0);
    for (const f of invisible.slice(0, 4)) {
      const code = states.find((s) => s.franchiseId === f.id)?.stateCode as StateCode;
      const list = await brandsOf(server, token, code, { limit: 100 });
      expect(list.franchisees.map((card) => card.franchise.id)).not.toContain(f.id);
    }
  });

  it('filters the brand list like the map and validates as a FranchisorSearchResult', async () => {
    const stats = await statsOf(server, token, { investment: 'gt400k' });
    const state = stats.states.find((s) => s.brands > 0);
    expect(state).toBeDefined();
    const list = await brandsOf(server, token, state?.code ?? 'TX', {
      investment: 'gt400k',
      limit: 100,
    });
    expect(list.total).toBe(state?.brands);
    for (const card of list.franchisees) {
      expect(card.franchise.cashRequiredMax ?? Number.POSITIVE_INFINITY).toBeGreaterThan(400_000);
    }
  });
});

describe('Territory Scout over small fixtures', () => {
  let server: TestServer;
  let token: string;
  let viewerId: string;
  const ids = new Map<string, string>();
  let clock = Date.UTC(2025, 0, 1);

  async function addUser(
    key: string,
    fields: Partial<typeof user.$inferInsert> & { role: 'franchisor' | 'consultant' },
  ) {
    const id = crypto.randomUUID();
    ids.set(key, id);
    clock += 60_000;
    await server.container.db.insert(user).values({
      id,
      name: key,
      email: `${key}-${id}@fixture.example`,
      firstName: key,
      lastName: 'Fixture',
      isVerified: true,
      createdAt: new Date(clock),
      updatedAt: new Date(clock),
      ...fields,
    });
    return id;
  }

  async function addBrand(
    key: string,
    options: {
      states: StateCode[];
      categories: IndustrySpecialty[];
      cash: [number | null, number | null];
      franchise?: Partial<typeof franchise.$inferInsert>;
      members?: Omit<Partial<typeof user.$inferInsert>, 'role'>[];
      billing?: number;
    },
  ) {
    const db = server.container.db;
    const id = crypto.randomUUID();
    ids.set(key, id);
    await db.insert(franchise).values({
      id,
      company: key,
      cashRequiredMinCents: options.cash[0] === null ? null : options.cash[0] * 100,
      cashRequiredMaxCents: options.cash[1] === null ? null : options.cash[1] * 100,
      ...options.franchise,
    });
    await db
      .insert(franchiseState)
      .values(options.states.map((s) => ({ franchiseId: id, stateCode: s })));
    await db
      .insert(franchiseCategory)
      .values(options.categories.map((c) => ({ franchiseId: id, category: c })));
    const members: string[] = [];
    for (const [i, fields] of (options.members ?? [{}]).entries()) {
      members.push(
        await addUser(`${key}-member-${i}`, { role: 'franchisor', franchiseId: id, ...fields }),
      );
    }
    const billing = members[options.billing ?? 0];
    if (billing) {
      await db.update(franchise).set({ billingContactUserId: billing }).where(eq(franchise.id, id));
    }
    return id;
  }

  async function addConsultant(
    key: string,
    options: {
      regions: ('USA' | 'Canada' | 'Europe')[];
      industries: IndustrySpecialty[];
      stateProvince?: string;
      user?: Omit<Partial<typeof user.$inferInsert>, 'role'>;
    },
  ) {
    const db = server.container.db;
    const id = await addUser(key, { role: 'consultant', ...options.user });
    await db
      .insert(consultantProfile)
      .values({ userId: id, stateProvince: options.stateProvince ?? null });
    if (options.regions.length > 0) {
      await db
        .insert(consultantRegion)
        .values(options.regions.map((value) => ({ userId: id, value })));
    }
    if (options.industries.length > 0) {
      await db
        .insert(consultantIndustry)
        .values(options.industries.map((value) => ({ userId: id, value })));
    }
  }

  beforeAll(async () => {
    server = await startTestServer();
    const viewer = await server.signUp('consultant');
    token = viewer.token;
    viewerId = viewer.user.id;
    // Brands (dollars).
    await addBrand('Alpha Auto', {
      states: ['TX', 'CA'],
      categories: ['Automotive'],
      cash: [100_000, 150_000],
    });
    await addBrand('bravo Fitness', {
      states: ['TX'],
      categories: ['Fitness'],
      cash: [250_000, 500_000],
    });
    await addBrand('Charlie Unknown', {
      states: ['TX'],
      categories: ['Fitness'],
      cash: [null, null],
    });
    await addBrand('Delta Open', {
      states: ['TX', 'ON'],
      categories: ['Automotive'],
      cash: [450_000, null],
    });
    await addBrand('Echo Small', { states: ['TX'], categories: ['Retail'], cash: [null, 200_000] });
    await addBrand('Hidden', {
      states: ['TX'],
      categories: ['Automotive'],
      cash: [1, 2],
      franchise: { status: false },
    });
    await addBrand('Deleted', {
      states: ['TX'],
      categories: ['Automotive'],
      cash: [1, 2],
      franchise: { isDeleted: true },
    });
    await addBrand('Deactivated', {
      states: ['TX'],
      categories: ['Automotive'],
      cash: [1, 2],
      franchise: { isDeactivated: true },
    });
    await addBrand('No Visible Member', {
      states: ['TX'],
      categories: ['Automotive'],
      cash: [1, 2],
      members: [{ isVerified: false }, { status: false }, { isDeleted: true }],
    });
    // Billing contact hidden: the card is the earliest visible member.
    await addBrand('Foxtrot Team', {
      states: ['YT'],
      categories: ['Retail'],
      cash: [10_000, 20_000],
      members: [{ status: false }, { firstName: 'Second' }, { firstName: 'Third' }],
      billing: 0,
    });
    // Consultants.
    await addConsultant('usa-auto', { regions: ['USA'], industries: ['Automotive'] });
    await addConsultant('usa-tx-fitness', {
      regions: ['USA'],
      industries: ['Fitness'],
      stateProvince: 'TX',
    });
    await addConsultant('canada-tx', {
      regions: ['Canada'],
      industries: ['Automotive'],
      stateProvince: 'TX',
    });
    await addConsultant('texas-by-name', {
      regions: ['Europe'],
      industries: ['Retail'],
      stateProvince: ' texas ',
    });
    await addConsultant('quebec', {
      regions: [],
      industries: ['Automotive'],
      stateProvince: 'Québec',
    });
    await addConsultant('hidden-usa', {
      regions: ['USA'],
      industries: ['Automotive'],
      user: { status: false },
    });
    await addConsultant('unverified-usa', {
      regions: ['USA'],
      industries: ['Automotive'],
      user: { isVerified: false },
    });
    await addConsultant('deleted-usa', {
      regions: ['USA'],
      industries: ['Automotive'],
      user: { isDeleted: true },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts brands and covering consultants per the rules', async () => {
    const counts = countsOf(await statsOf(server, token));
    // Alpha, bravo, Charlie, Delta, Echo.
    expect(counts.TX).toEqual([5, 4]);
    expect(counts.CA).toEqual([1, 2]);
    // Delta; canada-tx covers every province.
    expect(counts.ON).toEqual([1, 1]);
    expect(counts.QC).toEqual([0, 2]);
    expect(counts.YT).toEqual([1, 1]);
    expect(counts.NY).toEqual([0, 2]);
  });

  it('narrows by category (brands by category, consultants by specialty)', async () => {
    const stats = await statsOf(server, token, { category: 'Automotive' });
    const counts = countsOf(stats);
    expect(counts.TX).toEqual([2, 2]);
    expect(counts.CA).toEqual([1, 1]);
    expect(counts.QC).toEqual([0, 2]);
    expect(counts.YT).toEqual([0, 1]);
    expect(stats.maxBrands).toBe(2);
    expect(stats.maxConsultants).toBe(2);
  });

  it('narrows by investment range, treating missing bounds as 0 and unbounded', async () => {
    const tx = async (investment: InvestmentRange) =>
      (await brandsOf(server, token, 'TX', { investment })).franchisees.map(
        (f) => f.franchise.company,
      );
    expect(await tx('any')).toEqual([
      'Alpha Auto',
      'bravo Fitness',
      'Charlie Unknown',
      'Delta Open',
      'Echo Small',
    ]);
    expect(await tx('lt200k')).toEqual(['Alpha Auto', 'Echo Small']);
    expect(await tx('200k-300k')).toEqual(['bravo Fitness', 'Echo Small']);
    expect(await tx('300k-400k')).toEqual(['bravo Fitness']);
    expect(await tx('gt400k')).toEqual(['bravo Fitness', 'Delta Open']);
    expect(countsOf(await statsOf(server, token, { investment: 'gt400k' })).TX).toEqual([2, 4]);
  });

  it('represents a brand by its billing contact, else its earliest visible member', async () => {
    const [card] = (await brandsOf(server, token, 'YT')).franchisees;
    expect(card?.id).toBe(ids.get('Foxtrot Team-member-1'));
    expect(card?.firstName).toBe('Second');
    const alpha = (await brandsOf(server, token, 'CA')).franchisees[0];
    expect(alpha?.id).toBe(ids.get('Alpha Auto-member-0'));
  });

  it("marks the viewer's favourites and counts them", async () => {
    await server.container.db.insert(favorite).values([
      { userId: viewerId, targetUserId: ids.get('Delta Open-member-0') ?? '' },
      { userId: viewerId, targetUserId: ids.get('Foxtrot Team-member-1') ?? '' },
    ]);
    const list = await brandsOf(server, token, 'TX', { limit: 2 });
    expect(list.total).toBe(5);
    expect(list.franchisees.map((f) => [f.franchise.company, f.isFavorite])).toEqual([
      ['Alpha Auto', false],
      ['bravo Fitness', false],
    ]);
    expect(list.favoriteTotal).toBe(1);
    expect(list.favoriteFranchisees.map((f) => [f.franchise.company, f.isFavorite])).toEqual([
      ['Delta Open', true],
    ]);
    const empty = await brandsOf(server, token, 'WY');
    expect(empty).toEqual({
      total: 0,
      favoriteTotal: 0,
      franchisees: [],
      favoriteFranchisees: [],
      page: 1,
      limit: 10,
    });
  });
});
