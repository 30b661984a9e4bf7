import type { ConsultantSearchResult } from '@fm/sdk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBenchData } from '../../../bench/data.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { consultantProfile, user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { inProcessLists } from './list-reader.ts';
import { createRankedListCache } from './ranked-list.ts';
import { type ListQuery, loadList } from './search-runner.ts';
import { consultantPlan, franchisorPlan } from './test-fixtures.ts';

/**
 * Ranked search as a merge of cached phrases and in-memory filters (decision 004) against the
 * way it was computed before, all in SQL: one FTS5 match of the text and the tags ranked by bm25,
 * joined to the rows passing the other filters, `order by bm25, rowid` — on generated data (the
 * bench's generator: 3,000 consultants, 600 franchises). And the caches following a change made
 * through another connection to the database, as another API process would.
 */

let server: TestServer;
let other: Database;

beforeAll(async () => {
  server = await startTestServer({
    seed: (c) => loadBenchData(c.db, { consultants: 3000, franchises: 600, seed: 7 }),
  });
  other = await openDatabase({ url: server.container.env.DATABASE_URL });
}, 120_000);
afterAll(async () => {
  other.client.close();
  await server.close();
});

const db = () => server.container.db;

/** The list as one SQL evaluation would give it (the path before phrase merging). */
async function reference(plan: ListQuery, bm25: string, fts: string): Promise<number[]> {
  const match = (plan.fts?.parts ?? []).map((p) => JSON.parse(p.key)[1] as string).join(' AND ');
  const [row] = await db().all<{ ids: string | null }>(
    sql`with m as materialized (
          select rowid as rid, ${sql.raw(bm25)} as score from ${sql.raw(fts)}
          where ${sql.raw(fts)} match ${match})
        select group_concat(rid) as ids from (select rid from m order by score, rid limit -1)`,
  );
  const ranked = (row?.ids ?? '').split(',').filter(Boolean).map(Number);
  if (plan.passthrough || !plan.base) return ranked;
  const rows = await inProcessLists(db()).read(plan.base.statement(null));
  const passing = new Set(rows.order);
  return ranked.filter((rid) => passing.has(rid));
}

const CONSULTANT = ['bm25(consultant_fts, 10.0, 10.0, 5.0, 1.0, 0.0)', 'consultant_fts'] as const;
const FRANCHISE = ['bm25(franchise_fts, 10.0, 5.0, 2.0, 1.0, 0.0)', 'franchise_fts'] as const;

/** Words of the generated bios (common and rare), names, and prefixes. */
const WORDS =
  'franchise senior care home veterans fitness food loans multi services smith ow'.split(' ');
const FILTERS = [
  '',
  '&industry=Senior%20Care&region=USA&rateMax=120',
  '&industry=Fitness&industry=Senior%20Care&rateMin=140',
  '&region=Canada&experience=5&experience=10',
  '&group=Others&rateMax=90.5',
  '&industry=Senior%20Care&city=spring',
];

describe('ranked search from cached phrases', () => {
  it('gives the lists of one SQL evaluation, for pairs of words under every filter, whatever is cached', async () => {
    // One cache for everything (phrases read whole and with tags, mixed), and a fresh one per query.
    const shared = createRankedListCache({ maxEntries: 256, maxIds: 2e6 });
    let compared = 0;
    let nonEmpty = 0;
    for (const filter of FILTERS) {
      for (const a of WORDS) {
        for (const b of [...WORDS.slice(0, 6), '']) {
          const q = encodeURIComponent(`${a} ${b}`.trim());
          const plan = consultantPlan(`q=${q}${filter}`);
          expect(plan.rank).not.toBeNull();
          const expected = await reference(plan, ...CONSULTANT);
          for (const cache of [shared, createRankedListCache({ maxEntries: 50, maxIds: 1e6 })]) {
            const list = await loadList(inProcessLists(db()), cache, plan, 0);
            expect(Array.from(list.order), `q=${q}${filter}`).toEqual(expected);
          }
          compared += 1;
          if (expected.length > 1) nonEmpty += 1;
        }
      }
    }
    expect(compared).toBe(FILTERS.length * WORDS.length * 7);
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }, 120_000);

  it('gives the same lists to many searches at once on one cache as one at a time', async () => {
    const queries = FILTERS.flatMap((filter) =>
      WORDS.map(
        (a, i) => `q=${encodeURIComponent(`${a} ${WORDS[(i + 3) % WORDS.length]}`)}${filter}`,
      ),
    );
    const one = createRankedListCache({ maxEntries: 256, maxIds: 2e6 });
    const expected: number[][] = [];
    for (const query of queries) {
      expected.push(
        Array.from((await loadList(inProcessLists(db()), one, consultantPlan(query), 0)).order),
      );
    }
    const together = createRankedListCache({ maxEntries: 256, maxIds: 2e6 });
    const lists = await Promise.all(
      queries.map((query) => loadList(inProcessLists(db()), together, consultantPlan(query), 0)),
    );
    lists.forEach((list, i) => {
      expect(Array.from(list.order), queries[i]).toEqual(expected[i]);
    });
  });

  it('gives the lists of one SQL evaluation for franchises (filters in SQL)', async () => {
    const shared = createRankedListCache({ maxEntries: 256, maxIds: 2e6 });
    const queries = [
      'q=owners',
      'q=training%20home&category=Senior%20Care',
      'q=care&investment=lt200k',
      'q=brand%20sup&country=USA&homeBased=true',
      'q=market%20owners&state=TX&state=CA',
      'q=apex&sort=relevance',
    ];
    for (const query of queries) {
      const plan = franchisorPlan(query);
      const expected = await reference(plan, ...FRANCHISE);
      expect(expected.length, query).toBeGreaterThan(0);
      for (const cache of [shared, createRankedListCache({ maxEntries: 50, maxIds: 1e6 })]) {
        const list = await loadList(inProcessLists(db()), cache, plan, 0);
        expect(Array.from(list.order), query).toEqual(expected);
      }
    }
  });
});

describe('the caches after a change through another connection', () => {
  const search = async (token: string, query: string) => {
    const res = await server.fetch(`/api/users?${query}`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as ConsultantSearchResult;
  };

  it('see a new rate, new tags and new words at once, in the server’s threads', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    const id = consultant.user.id;
    await other.db.update(user).set({ isVerified: true }).where(eq(user.id, id));
    const patch = await server.fetch('/api/users', {
      method: 'PATCH',
      token: consultant.token,
      body: JSON.stringify({
        bio: 'Franchise quokka coach',
        rate: 80,
        industrySpecialty: ['Senior Care'],
        region: ['USA'],
      }),
    });
    expect(patch.status).toBe(200);
    const found = async (query: string) =>
      (await search(franchisor.token, query)).consultants.some((c) => c.id === id);
    const queries = {
      cheap: 'q=franchise%20quokka&industry=Senior%20Care&rateMax=100',
      fitness: 'q=franchise%20quokka&industry=Fitness',
      wombat: 'q=franchise%20wombat&region=USA',
      franchise: 'q=franchise&industry=Senior%20Care&region=USA&rateMax=100&limit=100',
    };
    const before = {
      cheap: await found(queries.cheap),
      fitness: await found(queries.fitness),
      wombat: await found(queries.wombat),
      franchise: (await search(franchisor.token, queries.franchise)).total,
    };
    expect(before).toMatchObject({ cheap: true, fitness: false, wombat: false });
    // Cached now: asked again, the same answers.
    expect(await found(queries.cheap)).toBe(true);
    const card = async () =>
      (await search(franchisor.token, 'q=coach%20franchise&limit=100')).consultants.find(
        (c) => c.id === id,
      );
    expect(await card()).toMatchObject({ rate: 80, bio: 'Franchise quokka coach' });
    expect(await card()).toMatchObject({ rate: 80, bio: 'Franchise quokka coach' });

    // Another process changes the rate, the industries and the bio: the projection's triggers
    // bump the epoch, and this server's cached phrases, columns and lists are not used again.
    await other.db
      .update(consultantProfile)
      .set({ rateCents: 15_000, bio: 'Franchise wombat coach' })
      .where(eq(consultantProfile.userId, id));
    await other.client.execute({
      sql: `update consultant_industry set industry = 'Fitness' where user_id = ?`,
      args: [id],
    });
    expect(await found(queries.cheap)).toBe(false);
    expect(await found(queries.fitness)).toBe(false);
    expect(await found(queries.wombat)).toBe(true);
    expect(await found('q=franchise%20wombat&industry=Fitness&rateMin=149')).toBe(true);
    expect((await search(franchisor.token, queries.franchise)).total).toBe(before.franchise - 1);
    // The card kept for the page is read again too.
    expect(await card()).toMatchObject({ rate: 150, bio: 'Franchise wombat coach' });

    // Hidden by another process: gone from every cached combination.
    await other.db.update(user).set({ isDeactivated: true }).where(eq(user.id, id));
    expect(await found(queries.wombat)).toBe(false);
    expect(await found('q=franchise%20wombat&industry=Fitness&rateMin=149')).toBe(false);
  });
});
