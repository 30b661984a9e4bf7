import type {
  AdminDashboard,
  AdminDashboardGraph,
  AdminSession,
  AdminSessionList,
} from '@fm/sdk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { franchise, meeting, payment, payout, review, user } from '../../db/schema/index.ts';
import { ok, openServer, signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createDashboard } from './dashboard.ts';
import { createVersionedCache, readDataVersion } from './data-version.ts';

/**
 * The bookings list and the dashboard keep, per API process, what they computed beside the admin
 * data version (migration 0021), and take list totals from the daily rollups (decision 019). Two
 * API processes share one database here: after every kind of write through the first, the
 * second's answers (from its kept results) must equal a reference computed from the rows in
 * plain TypeScript (the list) or by a dashboard that keeps nothing, and must show the write.
 */

const DAY = 86_400_000;
let clock = new Date('2026-03-15T12:00:00.000Z');
const now = () => clock;
let a: TestServer;
let b: Awaited<ReturnType<typeof openServer>>;
let admin: string;

beforeAll(async () => {
  a = await startTestServer({ now });
  b = await openServer(a.container, a.container.env.DATABASE_URL, now);
  admin = await signInAdmin(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** mulberry32, so the generated data is the same on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ann', 'Lee', 'Annabel', 'Kim', 'Zoe'];
const LAST = ['Smith', 'Leeward', 'Park', 'Goldsmith', 'Oak'];
const COMPANIES = ['Apex Works', 'Smithfield Foods', 'Harbor_Lee', 'Green%Nest'];

async function seed(db: Db, count: number) {
  const r = prng(20260315);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  const consultants = Array.from({ length: 8 }, (_, i) => ({
    id: `cc-${i}`,
    name: `c ${i}`,
    email: `${pick(['ann', 'lee', 'x'])}${i}@consult.example`,
    role: 'consultant' as const,
    firstName: pick(FIRST),
    lastName: pick(LAST),
  }));
  const bookers = Array.from({ length: 4 }, (_, i) => ({
    id: `cf-${i}`,
    name: `f ${i}`,
    email: `${pick(['smith', 'oak', 'b'])}${i}@brand.example`,
    role: 'franchisor' as const,
  }));
  await db.insert(user).values([...consultants, ...bookers]);
  const franchises = COMPANIES.map((company, i) => ({ id: `cfr-${i}`, company }));
  await db.insert(franchise).values(franchises);
  // Starts on quarter hours from Feb 1 to Apr 30 2026, some exactly at UTC midnight.
  const from = Date.UTC(2026, 1, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const start = from + Math.floor(r() * 89 * 96) * 15 * 60_000;
    const f = r() < 0.2 ? null : pick(franchises).id;
    return {
      id: `cm-${String(i).padStart(3, '0')}`,
      consultantId: pick(consultants).id,
      franchisorId: pick(bookers).id,
      franchiseId: f,
      startAt: new Date(i % 7 === 0 ? start - (start % DAY) : start),
      endAt: new Date(start + 30 * 60_000),
      timeZone: 'UTC',
      durationMinutes: 30,
      rateCents: 5_000,
      status: start + 30 * 60_000 < clock.getTime() ? ('completed' as const) : ('future' as const),
    };
  });
  await db.insert(meeting).values(rows);
}

interface Query {
  search?: string;
  status?: 'future' | 'pending' | 'completed';
  startDate?: string;
  endDate?: string;
}

const QUERIES: Query[] = [
  {},
  { startDate: '2026-02-01', endDate: '2026-02-28' },
  { startDate: '2026-03-01' },
  { endDate: '2026-03-10' },
  { startDate: '2026-02-10T12:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' },
  { search: 'smith' },
  { search: 'lee' },
  { search: 'ann' },
  { search: 'an' },
  { search: 'Lee_' },
  { search: 'n%N' },
  { search: 'works', startDate: '2026-03-01', endDate: '2026-03-31' },
  { search: 'zzz' },
  // Not kept (a status depends on the clock): paged by SQL each time.
  { status: 'future' },
  { search: 'smith', status: 'completed' },
  { search: 'lee', status: 'pending', startDate: '2026-03-01' },
];

/** The list's answer computed from every row in TypeScript: the meaning the SQL must keep. */
async function reference(db: Db, q: Query, page: number, limit: number) {
  const people = new Map((await db.select().from(user)).map((u) => [u.id, u]));
  const companies = new Map((await db.select().from(franchise)).map((f) => [f.id, f.company]));
  const from = q.startDate ? Date.parse(q.startDate) : -Infinity;
  const until = q.endDate
    ? Date.parse(q.endDate) + (/^\d{4}-\d{2}-\d{2}$/.test(q.endDate) ? DAY : 1)
    : Infinity;
  const text = q.search?.trim().toLowerCase() ?? '';
  const has = (s: string | null | undefined) => (s ?? '').toLowerCase().includes(text);
  const all = (await db.select().from(meeting))
    .filter((m) => m.startAt.getTime() >= from && m.startAt.getTime() < until)
    .filter((m) => {
      if (!q.status) return true;
      const pending = m.status === 'future' && m.startAt.getTime() <= clock.getTime();
      return (pending ? 'pending' : m.status) === q.status;
    })
    .filter((m) => {
      if (!text) return true;
      const c = people.get(m.consultantId);
      return (
        has(c?.firstName) ||
        has(c?.lastName) ||
        has(c?.email) ||
        has(people.get(m.franchisorId)?.email) ||
        (m.franchiseId !== null && has(companies.get(m.franchiseId)))
      );
    })
    .sort((x, y) => y.startAt.getTime() - x.startAt.getTime() || (y.id < x.id ? -1 : 1));
  return {
    ids: all.slice((page - 1) * limit, page * limit).map((m) => m.id),
    total: all.length,
  };
}

async function listOf(url: string, q: Query, page: number, limit: number) {
  const params = new URLSearchParams({ ...q, page: String(page), limit: String(limit) });
  const body = await ok<AdminSessionList>(
    fetch(`${url}/api/admin/sessions?${params}`, { headers: { authorization: `Bearer ${admin}` } }),
  );
  return { ids: body.sessions.map((s) => s.id), total: body.total };
}

/** Pages of 20 are kept per process: page by page they equal the list of everything (not kept). */
async function expectPagesRight(everything?: AdminSessionList) {
  const all =
    everything ??
    (await ok<AdminSessionList>(
      fetch(`${b.url}/api/admin/sessions?limit=10000`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    ));
  const paged: AdminSession[] = [];
  for (let page = 1; paged.length < all.total; page += 1) {
    const got = await ok<AdminSessionList>(
      fetch(`${b.url}/api/admin/sessions?limit=20&page=${page}`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    if (got.sessions.length === 0) break;
    paged.push(...got.sessions);
  }
  expect(paged).toEqual(all.sessions);
}

/**
 * Every query's first, second and last page in process B equals the reference, and every
 * session of the unfiltered list equals the detail route's, which reads the rows through drizzle
 * (when `details`).
 */
async function expectListsRight(details = false) {
  const db = a.container.db;
  const everything = await ok<AdminSessionList>(
    fetch(`${b.url}/api/admin/sessions?limit=10000`, {
      headers: { authorization: `Bearer ${admin}` },
    }),
  );
  for (const session of details ? everything.sessions : []) {
    // The room's presence and the moves are the detail page's own; the list rows have neither.
    const {
      presence: _,
      reschedules: __,
      ...detail
    } = await ok<AdminSession & { presence: unknown }>(
      fetch(`${a.url}/api/admin/sessions/${session.id}`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    expect(session).toEqual(detail);
  }
  await expectPagesRight(everything);
  const limit = 5;
  for (const q of QUERIES) {
    const { total } = await reference(db, q, 1, limit);
    const last = Math.max(1, Math.ceil(total / limit));
    for (const page of new Set([1, 2, last, last + 1])) {
      expect(await listOf(b.url, q, page, limit), JSON.stringify({ q, page })).toEqual(
        await reference(db, q, page, limit),
      );
    }
  }
}

const dashboardOf = (url: string) =>
  ok<AdminDashboard>(
    fetch(`${url}/api/admin/dashboard`, { headers: { authorization: `Bearer ${admin}` } }),
  );

/** Process B's dashboard equals one computed now by a dashboard that has kept nothing. */
async function expectDashboardRight(): Promise<AdminDashboard> {
  const fresh = await createDashboard({ db: a.container.db, now }).figures();
  expect(await dashboardOf(b.url)).toEqual(fresh);
  return fresh;
}

/** Process B's nine graphs equal ones computed now by a dashboard that has kept nothing. */
async function expectGraphsRight() {
  const fresh = createDashboard({ db: a.container.db, now });
  for (const type of ['meetings', 'revenue', 'signups'] as const) {
    for (const period of ['week', 'month', 'year'] as const) {
      const got = await ok<AdminDashboardGraph>(
        fetch(`${b.url}/api/admin/dashboard-graph?type=${type}&period=${period}`, {
          headers: { authorization: `Bearer ${admin}` },
        }),
      );
      expect(got, `${type} ${period}`).toEqual(await fresh.graph(type, period));
    }
  }
}

describe('admin lists and dashboard kept per data version', () => {
  it('answer like the rows say, in another process, after every kind of write', async () => {
    const db = a.container.db;
    await seed(db, 120);
    // Reviews, to read back through the list's JSON page (two on one meeting, oldest first).
    await db.insert(review).values(
      ['cm-000', 'cm-007', 'cm-007', 'cm-050'].map((meetingId, k) => ({
        meetingId,
        authorId: `cf-${k}`,
        consultantId: 'cc-0',
        rating: 5 - k,
        comment: k === 0 ? null : `"quoted" \\ ünïcödé ${k} 🎉`,
        createdAt: new Date(Date.UTC(2026, 2, 1, 0, 0, 10 - k)),
      })),
    );
    // Read twice: the second read is served from what process B kept.
    await expectListsRight(true);
    await expectListsRight();
    const before = await expectDashboardRight();
    await expectDashboardRight();
    await expectGraphsRight();
    await expectGraphsRight();

    const matchesOf = async (search: string) => {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const got = await listOf(b.url, { search }, page, 20);
        ids.push(...got.ids);
        if (ids.length >= got.total || got.ids.length === 0) return ids;
      }
    };
    const version = await readDataVersion(db);

    // A new meeting of a consultant the search finds.
    const [smith] = await db
      .select()
      .from(user)
      .where(sql`${user.lastName} like '%smith%'`)
      .limit(1);
    if (!smith) throw new Error('no Smith in the generated data');
    await db.insert(meeting).values({
      id: 'cm-new',
      consultantId: smith.id,
      franchisorId: 'cf-0',
      franchiseId: null,
      startAt: new Date('2026-03-20T10:00:00Z'),
      endAt: new Date('2026-03-20T10:30:00Z'),
      timeZone: 'UTC',
      durationMinutes: 30,
      rateCents: 5_000,
      status: 'future',
    });
    expect(await readDataVersion(db)).toBeGreaterThan(version);
    expect(await matchesOf('smith')).toContain('cm-new');
    await expectListsRight();
    const afterInsert = await expectDashboardRight();
    await expectGraphsRight();
    expect(afterInsert.meetings.future).toBe(before.meetings.future + 1);

    // A consultant renamed into and out of a search.
    await db.update(user).set({ lastName: 'Quartz' }).where(eq(user.id, smith.id));
    expect(await matchesOf('smith')).not.toContain('cm-new');
    expect(await matchesOf('quartz')).toContain('cm-new');
    await expectListsRight(true);

    // What the list shows beside the meeting: a photo, a logo, a review added and one removed.
    // Each checked alone, so that each write's own trigger is what the check depends on.
    await expectPagesRight();
    await db.update(user).set({ profilePhoto: 'uploads/new-photo.jpg' }).where(eq(user.id, 'cc-3'));
    await expectPagesRight();
    await db
      .update(franchise)
      .set({ logo: 'uploads/new-logo.png' })
      .where(eq(franchise.id, 'cfr-2'));
    await expectPagesRight();
    await db.insert(review).values({
      meetingId: 'cm-010',
      authorId: 'cf-2',
      consultantId: 'cc-0',
      rating: 1,
      comment: 'late',
    });
    await expectPagesRight();
    await db.delete(review).where(eq(review.meetingId, 'cm-050'));
    await expectListsRight(true);

    // A franchise renamed; a booker's e-mail changed.
    await db.update(franchise).set({ company: 'Quartz Harbor' }).where(eq(franchise.id, 'cfr-0'));
    await db.update(user).set({ email: 'quartzbooker@brand.example' }).where(eq(user.id, 'cf-1'));
    await expectListsRight();
    expect((await listOf(b.url, { search: 'quartz' }, 1, 5)).total).toBe(
      (await reference(db, { search: 'quartz' }, 1, 5)).total,
    );

    // A meeting moved to another month, one deleted.
    await db
      .update(meeting)
      .set({ startAt: new Date('2026-02-02T00:00:00Z') })
      .where(eq(meeting.id, 'cm-001'));
    await db.delete(meeting).where(eq(meeting.id, 'cm-002'));
    await expectListsRight();
    await expectDashboardRight();

    // Money and accounts: a charge this month, a payout due, a subscription, a new consultant.
    await db.insert(payment).values({
      meetingId: 'cm-003',
      consultantId: 'cc-0',
      amountCents: 12_345,
      status: 'completed',
      isPaid: true,
      chargedAt: new Date('2026-03-10T00:00:00Z'),
    });
    const charged = await expectDashboardRight();
    await expectGraphsRight();
    expect(charged.money.chargedThisMonth).toBe(afterInsert.money.chargedThisMonth + 123.45);
    await db.insert(payout).values({ consultantId: 'cc-1', period: '2026-02', amountCents: 500 });
    expect((await expectDashboardRight()).payoutsDue).toBe(charged.payoutsDue + 5);
    await db
      .update(franchise)
      .set({ stripeSubscriptionStatus: 'active' })
      .where(eq(franchise.id, 'cfr-1'));
    expect((await expectDashboardRight()).franchises.subscribed).toBe(
      charged.franchises.subscribed + 1,
    );
    await db.update(user).set({ role: 'consultant' }).where(eq(user.id, 'cf-3'));
    expect((await expectDashboardRight()).consultants.newThisMonth).toBe(
      charged.consultants.newThisMonth + 1,
    );
    await expectGraphsRight();
  });

  it('recomputes the dashboard when the clock passes a future start or a month, with no write', async () => {
    const db = a.container.db;
    const statusOfNew = async () => {
      const got = await ok<AdminSessionList>(
        fetch(`${b.url}/api/admin/sessions?startDate=2026-03-20&endDate=2026-03-20&limit=20`, {
          headers: { authorization: `Bearer ${admin}` },
        }),
      );
      return got.sessions.find((s) => s.id === 'cm-new')?.status;
    };
    clock = new Date('2026-03-20T09:59:00.000Z');
    const early = await expectDashboardRight();
    await expectGraphsRight();
    expect(await statusOfNew()).toBe('future');
    expect(await statusOfNew()).toBe('future');
    await expectPagesRight();
    const version = await readDataVersion(db);
    // cm-new starts at 10:00: once that has passed it counts as pending (rule 8), not future.
    clock = new Date('2026-03-20T10:00:00.000Z');
    const later = await expectDashboardRight();
    // The kept page of its search shows it pending now, as every kept page agrees with a fresh list.
    expect(await statusOfNew()).toBe('pending');
    await expectPagesRight();
    // The next UTC day moves every graph's buckets, with no write.
    clock = new Date('2026-03-21T00:00:00.000Z');
    await expectGraphsRight();
    expect(await readDataVersion(db)).toBe(version);
    expect(later.meetings.future).toBeLessThan(early.meetings.future);
    expect(later.meetings.pending).toBeGreaterThan(early.meetings.pending);
    clock = new Date('2026-04-01T00:00:00.000Z');
    const april = await expectDashboardRight();
    await expectGraphsRight();
    expect(april.money.chargedThisMonth).toBe(0);
    expect(later.money.chargedThisMonth).toBeGreaterThan(0);
    // And back: a clock before the kept window is not served from it either.
    clock = new Date('2026-03-20T09:00:00.000Z');
    expect(await expectDashboardRight()).toEqual(early);
    clock = new Date('2026-03-15T12:00:00.000Z');
  });
});

describe('createVersionedCache', () => {
  it('computes once per data version and key, keeps at most max keys', async () => {
    const db = a.container.db;
    const cache = createVersionedCache<number>({ db, max: 2 });
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return runs;
    };
    expect(await cache.get('x', compute)).toBe(1);
    expect(await cache.get('x', compute)).toBe(1);
    expect(await cache.get('x', compute, () => false)).toBe(2);
    await db.update(meeting).set({ rateCents: 6_000 }).where(eq(meeting.id, 'cm-004'));
    expect(await cache.get('x', compute)).toBe(3);
    expect(await cache.get('x', compute)).toBe(3);
    await cache.get('y', compute);
    await cache.get('z', compute);
    expect(cache.size).toBe(2);
    // 'x' was the least recently used: dropped, so computed again.
    expect(await cache.get('x', compute)).toBe(6);
  });
});
