import { type AiSearchResult, AiSearchResultSchema, DEFAULT_PAGE_SIZE } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorite, franchise, franchiseCategory, user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  FIXTURE_FRANCHISES,
  fixtureFranchiseId,
  fixtureUserId,
  insertFixture,
} from './quality-fixture.ts';

let server: TestServer;
let token: string;
let viewerId: string;
/**
 * The index is checked against the database at most once a second. The clock stands still here
 * (so a slow run cannot trigger a check early) and edits move it on.
 */
const base = Date.now();
let skew = 0;
const afterEdit = () => {
  skew += 2_000;
};

beforeAll(async () => {
  server = await startTestServer({
    seed: (c) => insertFixture(c.db),
    now: () => new Date(base + skew),
  });
  const viewer = await server.signUp('consultant');
  token = viewer.token;
  viewerId = viewer.user.id;
});
afterAll(async () => {
  await server.close();
});

const PATH = '/api/users/ai-franchisees-search';
const indexOf = (company: string) => FIXTURE_FRANCHISES.findIndex((f) => f.company === company);

async function search(query: Record<string, string>): Promise<AiSearchResult> {
  const res = await server.fetch(`${PATH}?${new URLSearchParams(query)}`, { token });
  expect(res.status).toBe(200);
  return v.parse(AiSearchResultSchema, await res.json());
}
const companies = (r: AiSearchResult) => r.franchisees.map((f) => f.franchise.company);
/** After an edit the index is rebuilt while requests go on: these are polled. */
const found = async (q: string) => companies(await search({ q }));
const firstId = async (q: string) => (await search({ q })).franchisees[0]?.id;

describe('GET /api/users/ai-franchisees-search', () => {
  it('needs a signed-in user', async () => {
    const res = await server.fetch(`${PATH}?q=pizza`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses an empty request with the form message', async () => {
    for (const query of ['?q=', '?q=%20%20', '']) {
      const res = await server.fetch(`${PATH}${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please describe what you are looking for',
      });
    }
    const long = await server.fetch(`${PATH}?q=${'a'.repeat(301)}`, { token });
    expect(long.status).toBe(400);
    const badPage = await server.fetch(`${PATH}?q=pizza&page=0`, { token });
    expect(badPage.status).toBe(400);
  });

  it('answers the interpretation, ranked cards with score and matches, in dollars', async () => {
    const result = await search({
      q: '  home-based senior care under $150k in Texas or Florida, veteran discount ',
    });
    expect(result.query).toBe(
      'home-based senior care under $150k in Texas or Florida, veteran discount',
    );
    expect(result.interpretation).toMatchObject({
      categories: ['Senior Care'],
      states: ['TX', 'FL'],
      investmentMax: 150_000,
      flags: ['homeBased', 'veteranDiscount'],
    });
    expect(result.page).toBe(1);
    expect(result.limit).toBe(DEFAULT_PAGE_SIZE);
    const [first] = result.franchisees;
    expect(first?.franchise).toMatchObject({
      company: 'Golden Years Home Care',
      cashRequiredMin: 80_000,
      cashRequiredMax: 140_000,
      homeBased: true,
      veteranDiscount: true,
    });
    expect(first?.id).toBe(fixtureUserId(0));
    expect(first?.matched.map((m) => m.kind)).toEqual([
      'category',
      'state',
      'state',
      'investment',
      'flag',
      'flag',
    ]);
    const scores = result.franchisees.map((f) => f.score);
    expect(scores.slice(0, 2).every((s) => s >= (scores[2] ?? 0))).toBe(true);
  });

  it('pages through the ranked list', async () => {
    const all = await search({ q: 'senior care', limit: '50' });
    const page2 = await search({ q: 'senior care', limit: '3', page: '2' });
    expect(page2.total).toBe(all.total);
    expect(page2.limit).toBe(3);
    expect(page2.page).toBe(2);
    expect(companies(page2)).toEqual(companies(all).slice(3, 6));
    const beyond = await search({ q: 'senior care', page: '99' });
    expect(beyond.franchisees).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('never answers hidden, deleted or deactivated brands, nor brands without a visible member', async () => {
    const result = await search({ q: 'senior care pizza gym coffee dog grooming', limit: '100' });
    const invisible = FIXTURE_FRANCHISES.filter((f) => f.invisible).map((f) => f.company);
    expect(invisible).toHaveLength(5);
    for (const c of invisible) expect(companies(result)).not.toContain(c);
  });

  it('marks the viewer’s favourites (a favourite of any member of the brand counts)', async () => {
    const i = indexOf('Pampered Paws Grooming');
    await server.container.db
      .insert(favorite)
      .values({ userId: viewerId, targetUserId: fixtureUserId(i) });
    const result = await search({ q: 'dog grooming' });
    const byCompany = new Map(result.franchisees.map((f) => [f.franchise.company, f.isFavorite]));
    expect(byCompany.get('Pampered Paws Grooming')).toBe(true);
    expect(byCompany.get('Mobile Mutts Grooming Van')).toBe(false);
    const other = await server.signUp('consultant');
    const theirs = await server.fetch(`${PATH}?q=dog+grooming`, { token: other.token });
    const body = v.parse(AiSearchResultSchema, await theirs.json());
    expect(body.franchisees.every((f) => !f.isFavorite)).toBe(true);
  });

  it('shows the billing contact when visible, else the earliest visible member', async () => {
    const i = indexOf('Golden Years Home Care');
    const db = server.container.db;
    await db
      .update(user)
      .set({ isVerified: true })
      .where(eq(user.id, fixtureUserId(i, 1)));
    await db
      .update(franchise)
      .set({ billingContactUserId: fixtureUserId(i, 1) })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    afterEdit();
    await expect.poll(() => firstId('Golden Years Home Care')).toBe(fixtureUserId(i, 1));
    await db
      .update(user)
      .set({ status: false })
      .where(eq(user.id, fixtureUserId(i, 1)));
    afterEdit();
    await expect.poll(() => firstId('Golden Years Home Care')).toBe(fixtureUserId(i, 0));
    await db
      .update(user)
      .set({ isDeactivated: true })
      .where(eq(user.id, fixtureUserId(i, 0)));
    afterEdit();
    await expect
      .poll(() => found('Golden Years Home Care'))
      .not.toContain('Golden Years Home Care');
    await db
      .update(user)
      .set({ isDeactivated: false })
      .where(eq(user.id, fixtureUserId(i, 0)));
    afterEdit();
  });

  it('sees edits within a second: hidden brands leave, changed categories count', async () => {
    const db = server.container.db;
    const i = indexOf('Enigma Escape Rooms');
    expect(companies(await search({ q: 'escape rooms' }))[0]).toBe('Enigma Escape Rooms');
    await db
      .update(franchise)
      .set({ status: false })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    afterEdit();
    await expect.poll(() => found('escape rooms')).not.toContain('Enigma Escape Rooms');
    await db
      .update(franchise)
      .set({ status: true })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    afterEdit();
    await expect.poll(async () => (await found('escape rooms'))[0]).toBe('Enigma Escape Rooms');

    // Categories replaced the way the profile form does it, without touching the franchise row.
    const j = indexOf('SkyView Drone Services');
    await db.transaction(async (tx) => {
      await tx
        .delete(franchiseCategory)
        .where(
          and(
            eq(franchiseCategory.franchiseId, fixtureFranchiseId(j)),
            eq(franchiseCategory.category, 'Business Services'),
          ),
        );
      await tx
        .insert(franchiseCategory)
        .values({ franchiseId: fixtureFranchiseId(j), category: 'Real Estate' });
    });
    afterEdit();
    const skyView = async () =>
      (await search({ q: 'real estate' })).franchisees.find(
        (f) => f.franchise.company === 'SkyView Drone Services',
      );
    await expect.poll(async () => (await skyView())?.franchise.categories).toEqual(['Real Estate']);
    const sky = await skyView();
    expect(sky?.matched[0]).toEqual({
      kind: 'category',
      text: 'real estate',
      value: 'Real Estate',
    });
  });

  it('keeps answering from memory between checks', async () => {
    const i = indexOf('Polished Nail Bar');
    const db = server.container.db;
    expect(companies(await search({ q: 'nail salon' }))[0]).toBe('Polished Nail Bar');
    await db
      .update(franchise)
      .set({ status: false })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    // Within the check interval the index in memory still answers…
    expect(companies(await search({ q: 'nail salon' }))[0]).toBe('Polished Nail Bar');
    afterEdit();
    // …and the next check sees the edit.
    await expect.poll(() => found('nail salon')).not.toContain('Polished Nail Bar');
  });
});
