import type { Worker } from 'node:worker_threads';
import type { ConsultantSearchResult } from '@fm/sdk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../seed/seed-if-empty.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createListPool, inProcessLists, type ListPool } from './list-reader.ts';
import { createRankedListCache } from './ranked-list.ts';
import { loadList } from './search-runner.ts';
import { consultantPlan, franchisorPlan } from './test-fixtures.ts';

/**
 * The search threads (list-reader.ts) against the same statements on the caller's connection, over
 * the demo data in a real database file, and the server that uses them.
 */

let server: TestServer;
let pool: ListPool;

beforeAll(async () => {
  server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
  pool = createListPool({ url: server.container.env.DATABASE_URL, size: 2 });
});
afterAll(async () => {
  await pool.close();
  await server.close();
});

const fresh = () => createRankedListCache({ maxEntries: 50, maxIds: 1e6 });

describe('the search threads', () => {
  it('give exactly the lists of the in-process path, in order, at the same epoch', async () => {
    const plans = [
      ...[
        '',
        'q=franchise',
        'q=franchise&industry=Senior%20Care&region=USA&rateMax=120',
        'q=help%20sen&sort=rate_asc',
        'q=care&region=Canada&experience=1&sort=newest',
        'industry=Senior%20Care&industry=Fitness&rateMin=30',
        'q=zzzz-nothing',
      ].map(consultantPlan),
      ...['', 'q=care&investment=lt200k', 'q=franchise&sort=units_desc&country=USA'].map(
        franchisorPlan,
      ),
    ];
    const local = inProcessLists(server.container.db);
    let nonEmpty = 0;
    for (const plan of plans) {
      // Fresh caches, all at once: several statements wait for the two threads.
      const [expected, ...pooled] = await Promise.all([
        loadList(local, fresh(), plan, 0),
        loadList(pool, fresh(), plan, 0),
        loadList(pool, fresh(), plan, 0),
        loadList(pool, fresh(), plan, 0),
      ]);
      for (const list of pooled) {
        expect(Array.from(list.order), plan.key).toEqual(Array.from(expected?.order ?? []));
        expect(list.epoch, plan.key).toBe(expected?.epoch);
        expect(Array.from(list.sorted)).toEqual(Array.from(expected?.sorted ?? []));
      }
      if ((expected?.order.length ?? 0) > 0) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(plans.length - 1);
    expect(pool.threads).toBe(2);
  });

  it('answer a bad statement with its error and keep serving', async () => {
    await expect(pool.read(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    const list = await pool.read(sql`select 7 as epoch, '3,1,2' as ids`);
    expect([list.epoch, ...list.order]).toEqual([7, 3, 1, 2]);
  });

  it('replace a thread that dies: its statement fails, the queued one runs in a new thread', async () => {
    const started: Worker[] = [];
    const one = createListPool({
      url: server.container.env.DATABASE_URL,
      size: 1,
      onThread: (w) => started.push(w),
    });
    try {
      const lost = one.read(sql`select 1 as epoch, '1' as ids`);
      const queued = one.read(sql`select 2 as epoch, '5,4' as ids`);
      // Stopped while still loading its modules: the first statement cannot have been answered.
      await started[0]?.terminate();
      await expect(lost).rejects.toThrow(/exited/);
      const list = await queued;
      expect([list.epoch, ...list.order]).toEqual([2, 5, 4]);
      expect(started).toHaveLength(2);
      expect(one.threads).toBe(1);
    } finally {
      await one.close();
    }
  });

  it('only read: a write through a thread is refused', async () => {
    await expect(pool.read(sql`delete from consultant_search`)).rejects.toThrow(
      /readonly|query_only|read-only/i,
    );
    const [row] = await server.container.db.all<{ n: number }>(
      sql`select count(*) as n from consultant_search`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });
});

describe('the server searching through its threads', () => {
  const search = async (token: string, query: string) => {
    const res = await server.fetch(`/api/users?${query}`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as ConsultantSearchResult;
  };

  it('finds a consultant by the words of a profile edit at once, and forgets the old ones', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    await server.container.db
      .update(user)
      .set({ isVerified: true })
      .where(eq(user.id, consultant.user.id));
    const edit = (bio: string) =>
      server.fetch('/api/users', {
        method: 'PATCH',
        token: consultant.token,
        body: JSON.stringify({
          bio,
          rate: 80,
          industrySpecialty: ['Senior Care'],
          region: ['USA'],
        }),
      });
    const ids = async (query: string) =>
      (await search(franchisor.token, query)).consultants.map((c) => c.id);

    expect((await edit('Quokka whisperer for bakeries')).status).toBe(200);
    expect(await ids('q=quokka')).toEqual([consultant.user.id]);
    // Cached now (text alone and with tags), and the new words are cached as matching nobody.
    expect(await ids('q=quokka&industry=Senior%20Care&region=USA')).toEqual([consultant.user.id]);
    expect(await ids('q=wombat%20pastry')).toEqual([]);
    expect(await ids('q=wombat%20pastry&industry=Senior%20Care&rateMax=100')).toEqual([]);

    expect((await edit('Wombat pastry coach')).status).toBe(200);
    expect(await ids('q=wombat%20pastry')).toEqual([consultant.user.id]);
    expect(await ids('q=wombat%20pastry&industry=Senior%20Care&rateMax=100')).toEqual([
      consultant.user.id,
    ]);
    expect(await ids('q=quokka')).toEqual([]);
    expect(await ids('q=quokka&industry=Senior%20Care&region=USA')).toEqual([]);
    // It was the server's threads that answered.
    expect(server.container.searchLists).toHaveProperty('threads');
    expect((server.container.searchLists as ListPool).threads).toBeGreaterThan(0);
  });

  it('stops its threads when it closes', async () => {
    const other = await startTestServer({ seed: (c) => seedIfEmpty(c) });
    const franchisor = await other.signUp('franchisor');
    const res = await other.fetch('/api/users?q=franchise', { token: franchisor.token });
    expect(res.status).toBe(200);
    const lists = other.container.searchLists as ListPool;
    expect(lists.threads).toBeGreaterThan(0);
    await other.close();
    expect(lists.threads).toBe(0);
    await expect(lists.read(sql`select 1 as epoch, '1' as ids`)).rejects.toThrow(/closed/);
  });
});
