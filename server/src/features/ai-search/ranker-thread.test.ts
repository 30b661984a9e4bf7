import type { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { franchise } from '../../db/schema/index.ts';
import { useTempDatabase } from '../../testing/temp-database.ts';
import { fixtureFranchiseId, insertFixture } from './quality-fixture.ts';
import { type FranchiseRanker, inProcessRanker } from './ranker.ts';
import { createRankerThread } from './ranker-thread.ts';
import { termId } from './search-index.ts';

const database = useTempDatabase('fm-ranker-thread-');
/** The API's clock as the thread receives it: it stands still until a test moves it. */
let clock = Date.now();
const now = () => new Date(clock);
let thread: FranchiseRanker;

beforeAll(async () => {
  await insertFixture(database.current.db);
  thread = createRankerThread({ url: database.url, now });
});
afterAll(async () => {
  await thread.close();
});

const SENTENCES = [
  'home-based senior care under $150k in Texas or Florida, veteran discount',
  'pizza in Texas',
  'not food, fitness in the Midwest',
  'something nobody sells',
];
const companies = (page: { items: { card: { franchise: { company: string } } }[] }) =>
  page.items.map((i) => i.card.franchise.company);

describe('the AI search thread', () => {
  // First in the file: nothing on this thread has analysed a franchise text yet.
  it('builds its index in its own thread, not on the caller’s', async () => {
    const page = await thread.search('pizza in Texas', { offset: 0, limit: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]?.matched.some((m) => m.text === 'pizza')).toBe(true);
    // The vocabulary of the indexed texts lives where the index was built.
    expect(termId('pizza')).toBeUndefined();
  });

  it('answers exactly what the ranker on this thread answers, page by page', async () => {
    const here = inProcessRanker({ db: database.current.db, now });
    for (const sentence of SENTENCES) {
      for (const window of [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
      ]) {
        const [there, local] = await Promise.all([
          thread.search(sentence, window),
          here.search(sentence, window),
        ]);
        expect(there, `${sentence} @${window.offset}`).toEqual(local);
      }
    }
  });

  it('answers concurrent searches each with its own page', async () => {
    const pages = await Promise.all(
      SENTENCES.map((s) => thread.search(s, { offset: 0, limit: 3 })),
    );
    const again = [];
    for (const s of SENTENCES) again.push(await thread.search(s, { offset: 0, limit: 3 }));
    expect(pages.map(companies)).toEqual(again.map(companies));
    expect(new Set(pages.map((p) => JSON.stringify(p.interpretation))).size).toBe(SENTENCES.length);
  });

  it('sees an edit once the caller’s clock has passed the check interval', async () => {
    const id = fixtureFranchiseId(0);
    await database.current.db
      .update(franchise)
      .set({ company: 'Zephyrine Lantern Works' })
      .where(eq(franchise.id, id));
    // The clock stands still: the index is not checked again yet.
    const before = await thread.search('zephyrine lantern', { offset: 0, limit: 3 });
    expect(companies(before)).not.toContain('Zephyrine Lantern Works');
    clock += 2_000;
    let found: string[] = [];
    for (let i = 0; i < 50 && !found.includes('Zephyrine Lantern Works'); i += 1) {
      found = companies(await thread.search('zephyrine lantern', { offset: 0, limit: 3 }));
    }
    expect(found[0]).toBe('Zephyrine Lantern Works');
  });

  it('fails the searches of a thread that dies and answers the next from a new one', async () => {
    const started: Worker[] = [];
    const ranker = createRankerThread({ url: database.url, now, onThread: (w) => started.push(w) });
    try {
      // The thread is still loading its modules when it is stopped: the search cannot be answered.
      const lost = ranker.search('pizza in Texas', { offset: 0, limit: 3 });
      await started[0]?.terminate();
      await expect(lost).rejects.toThrow(/exited/);
      const page = await ranker.search('zephyrine lantern', { offset: 0, limit: 3 });
      expect(companies(page)[0]).toBe('Zephyrine Lantern Works');
      expect(started).toHaveLength(2);
    } finally {
      await ranker.close();
    }
  });

  it('refuses searches once closed, and a new thread starts with a fresh index', async () => {
    const other = createRankerThread({ url: database.url, now });
    other.warmUp();
    const page = await other.search('zephyrine lantern', { offset: 0, limit: 3 });
    expect(companies(page)[0]).toBe('Zephyrine Lantern Works');
    await other.close();
    await expect(other.search('pizza', { offset: 0, limit: 3 })).rejects.toThrow(/closed/);
  });
});
