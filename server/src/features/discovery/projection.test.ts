import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../seed/seed-if-empty.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  rebuildSearchIndex,
  searchVocabulary,
  syncSearchVocabulary,
  vocabToken,
} from './projection.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
});
afterAll(async () => {
  await server.close();
});

/** The projection without its rowids (a rebuild numbers rows anew). */
async function snapshot() {
  const db = server.container.db;
  const consultants = await db.all<Record<string, unknown>>(
    sql`select * from consultant_search order by user_id`,
  );
  const franchises = await db.all<Record<string, unknown>>(
    sql`select * from franchise_search order by franchise_id`,
  );
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map(({ rid: _rid, text_rev: _rev, ...rest }) => rest);
  return { consultants: strip(consultants), franchises: strip(franchises) };
}

describe('search projection', () => {
  it('kept row by row by the triggers equals a full rebuild', async () => {
    const incremental = await snapshot();
    expect(incremental.consultants.length).toBeGreaterThan(1000);
    expect(incremental.franchises.length).toBe(120);
    const counts = await rebuildSearchIndex(server.container.db);
    expect(await snapshot()).toEqual(incremental);
    expect(counts.consultants).toBe(incremental.consultants.filter((c) => c.visible === 1).length);
  });

  it('indexes exactly the visible rows in FTS and leaves the refresh table empty', async () => {
    const [row] = await server.container.db.all<Record<string, number>>(sql`select
      (select count(*) from consultant_fts) as cf,
      (select count(*) from consultant_search where visible = 1) as cv,
      (select count(*) from franchise_fts) as ff,
      (select count(*) from franchise_search where visible = 1) as fv,
      (select count(*) from search_refresh) as pending`);
    expect(row).toEqual({ cf: row?.cv, cv: row?.cv, ff: row?.fv, fv: row?.fv, pending: 0 });
  });

  it('takes the vocabulary from the contract and syncs it once', async () => {
    expect(vocabToken('industry', 'Automotive')).toBe('i1');
    expect(vocabToken('flag', 'sbaEligible')).toBe('f0');
    expect(() => vocabToken('region', 'Mars')).toThrow();
    expect(searchVocabulary().filter((r) => r.kind === 'state')).toHaveLength(64);
    expect(await syncSearchVocabulary(server.container.db)).toBe(false);
    // An edited vocabulary (here: a stale row) is replaced, and the index rebuilt with it.
    await server.container.db.run(
      sql`update search_vocab set token = 'x' where kind = 'industry' and value = 'Automotive'`,
    );
    expect(await syncSearchVocabulary(server.container.db)).toBe(true);
    const [automotive] = await server.container.db.all<{ n: number }>(
      sql`select count(*) as n from consultant_search where visible = 1 and industries like '%"Automotive"%'`,
    );
    const [indexed] = await server.container.db.all<{ n: number }>(
      sql`select count(*) as n from consultant_fts where consultant_fts match '{tags} : i1'`,
    );
    expect(indexed?.n).toBe(automotive?.n);
  });
});
