import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { franchise, franchiseCategory, franchiseState, user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  FIXTURE_FRANCHISES,
  fixtureFranchiseId,
  fixtureUserId,
  insertFixture,
} from './quality-fixture.ts';
import {
  createFranchiseIndexCache,
  docsOf,
  loadSnapshot,
  readMarks,
  refreshSnapshot,
  type Snapshot,
} from './repository.ts';

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await startTestServer({ seed: (c) => insertFixture(c.db) });
  db = server.container.db;
});
afterAll(async () => {
  await server.close();
});

const indexOf = (company: string) => FIXTURE_FRANCHISES.findIndex((f) => f.company === company);
const visibleCount = FIXTURE_FRANCHISES.filter((f) => !f.invisible).length;
const load = async () => loadSnapshot(db, await readMarks(db));
const refresh = async (snapshot: Snapshot) => refreshSnapshot(db, snapshot, await readMarks(db));
const companies = (snapshot: Snapshot) => docsOf(snapshot).map((d) => d.card.franchise.company);

describe('the snapshot behind the index', () => {
  it('holds every visible franchise with its card, and no invisible one', async () => {
    const snapshot = await load();
    expect(docsOf(snapshot)).toHaveLength(visibleCount);
    expect(snapshot.records.size).toBe(FIXTURE_FRANCHISES.length);
    const golden = snapshot.records.get(fixtureFranchiseId(indexOf('Golden Years Home Care')));
    expect(golden?.doc?.card).toMatchObject({
      id: fixtureUserId(0),
      franchise: { cashRequiredMin: 80_000, categories: ['Senior Care'], homeBased: true },
    });
  });

  it('refreshes only the franchises touched since its marks', async () => {
    const before = await load();
    const i = indexOf('Sparkle Maids');
    await db
      .update(franchise)
      .set({ overview: 'Residential maid service, now with window washing.' })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    const after = await refresh(before);
    expect(after).not.toBeNull();
    expect(after?.records.get(fixtureFranchiseId(i))?.doc?.card.franchise.overview).toContain(
      'window washing',
    );
    // Untouched franchises keep their records (and their analysed words) as they were.
    const other = fixtureFranchiseId(indexOf('Polar Scoop Ice Cream'));
    expect(after?.records.get(other)).toBe(before.records.get(other));
  });

  it('does not reload rows that merely share the latest instant (a bulk import)', async () => {
    // Every fixture user was inserted with the same updated_at.
    const before = await load();
    expect(before.ties.users.size).toBeGreaterThan(50);
    const after = await refresh(before);
    const untouched = fixtureFranchiseId(indexOf('Polar Scoop Ice Cream'));
    expect(after?.records.get(untouched)).toBe(before.records.get(untouched));
  });

  it('follows categories and states replaced without touching the franchise row', async () => {
    const before = await load();
    const id = fixtureFranchiseId(indexOf('Northwest Movers'));
    await db.transaction(async (tx) => {
      await tx.delete(franchiseState).where(eq(franchiseState.franchiseId, id));
      await tx.insert(franchiseState).values([
        { franchiseId: id, stateCode: 'ID' },
        { franchiseId: id, stateCode: 'MT' },
      ]);
    });
    const after = await refresh(before);
    expect(after?.records.get(id)?.doc?.card.franchise.statesRegisteredIn).toEqual(['ID', 'MT']);
  });

  it('follows a member moving between franchises: both are refreshed', async () => {
    const from = indexOf('Desert Air HVAC');
    const to = indexOf('FloorCraft Flooring');
    const before = await load();
    await db
      .update(user)
      .set({ franchiseId: fixtureFranchiseId(to) })
      .where(eq(user.id, fixtureUserId(from)));
    const after = await refresh(before);
    expect(after).not.toBeNull();
    expect(after?.records.get(fixtureFranchiseId(from))?.doc).toBeNull();
    expect(companies(after!)).not.toContain('Desert Air HVAC');
    expect(after?.records.get(fixtureFranchiseId(to))?.doc).not.toBeNull();
  });

  it('takes in a new franchise with its member and tags', async () => {
    const before = await load();
    await db.insert(franchise).values({
      id: 'fx-new',
      company: 'Brand New Bakery',
      country: 'USA',
      overview: 'Sourdough.',
      status: true,
    });
    await db
      .insert(franchiseCategory)
      .values({ franchiseId: 'fx-new', category: 'Bakery & Bagels' });
    await db.insert(franchiseState).values({ franchiseId: 'fx-new', stateCode: 'VT' });
    await db.insert(user).values({
      id: 'fx-new-user',
      name: 'New Owner',
      email: 'fx-new-user@fixture.example',
      role: 'franchisor',
      isVerified: true,
      franchiseId: 'fx-new',
    });
    const after = await refresh(before);
    expect(after).not.toBeNull();
    expect(after?.records.get('fx-new')?.doc?.card).toMatchObject({
      id: 'fx-new-user',
      franchise: { company: 'Brand New Bakery', statesRegisteredIn: ['VT'] },
    });
  });

  it('follows a hard delete explained by its members leaving', async () => {
    const before = await load();
    const id = fixtureFranchiseId(indexOf('Sweet Crumb Bakery'));
    await db.update(user).set({ franchiseId: null }).where(eq(user.franchiseId, id));
    await db.delete(franchise).where(eq(franchise.id, id));
    const after = await refresh(before);
    expect(after?.records.has(id)).toBe(false);
    expect(companies(after!)).not.toContain('Sweet Crumb Bakery');
  });

  it('gives up (for a full reload) when a hard delete leaves the counts unexplained', async () => {
    const before = await load();
    // The foreign key clears the members' franchise without stamping their rows.
    const id = fixtureFranchiseId(indexOf('Tea Garden Boba'));
    await db.delete(franchise).where(eq(franchise.id, id));
    expect(await refresh(before)).toBeNull();
    const reloaded = await load();
    expect(reloaded.records.has(id)).toBe(false);
    expect(companies(reloaded)).not.toContain('Tea Garden Boba');
  });
});

describe('the index cache', () => {
  it('checks the database at most once per interval and answers from memory in between', async () => {
    let clock = Date.now();
    const cache = createFranchiseIndexCache({ db, now: () => new Date(clock) });
    const first = await cache.get();
    const i = indexOf('Rise & Knead Bagels');
    await db
      .update(franchise)
      .set({ status: false })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    expect(await cache.get()).toBe(first);
    clock += 1_500;
    const names = async () => (await cache.get()).docs.map((d) => d.card.franchise.company);
    await expect.poll(names).not.toContain('Rise & Knead Bagels');
    await db
      .update(franchise)
      .set({ status: true })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    clock += 1_500;
    await expect.poll(names).toContain('Rise & Knead Bagels');
  });

  it('lets the first request check an index warmed up before it', async () => {
    const clock = Date.now();
    const cache = createFranchiseIndexCache({ db, now: () => new Date(clock) });
    cache.warmUp();
    const i = indexOf('Polished Nail Bar');
    await db
      .update(franchise)
      .set({ status: false })
      .where(eq(franchise.id, fixtureFranchiseId(i)));
    const index = await cache.get();
    expect(index.docs.map((d) => d.card.franchise.company)).not.toContain('Polished Nail Bar');
  });
});
