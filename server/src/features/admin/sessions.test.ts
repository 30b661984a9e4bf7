import type { AdminFranchiseDetail, AdminSessionList } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { insertMeeting, json, ok } from '../../payments/test-fixtures.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import { pageWindow } from './sessions.ts';

/**
 * The bookings list filters every condition on the meeting row (a search finds the matching
 * people and franchises first) and pages by ids: the search must keep meaning "the consultant's
 * names or e-mail, the booker's e-mail, the franchise's name", pages must tile the total.
 */

const NOW = new Date('2026-03-15T12:00:00.000Z');
const world = adminTestWorld({ start: NOW });

const list = (query: string) =>
  ok<AdminSessionList>(
    world.server.fetch(`/api/admin/sessions?${query}`, { token: world.adminToken() }),
  );

describe('admin bookings list: search and pages', () => {
  it('finds meetings by consultant name or e-mail, booker e-mail and franchise name only', async () => {
    const db = world.server.container.db;
    const consultant = await world.server.signUp('consultant');
    await db
      .update(user)
      .set({ firstName: 'Quentin', lastName: 'Zephyrine' })
      .where(eq(user.id, consultant.user.id));
    const booker = await world.server.signUp('franchisor', {
      email: `wanderbooker-${Date.now()}@test.example`,
    });
    // The booker's name is not searched, only their e-mail.
    await db.update(user).set({ firstName: 'Zephyrine' }).where(eq(user.id, booker.user.id));
    const f = await ok<AdminFranchiseDetail>(
      world.server.fetch('/api/admin/franchises', {
        method: 'POST',
        token: world.adminToken(),
        body: json({ company: 'Marigold_% Works', country: 'USA' }),
      }),
    );
    const other = await world.server.signUp('consultant');
    const base = { durationMinutes: 30, rateCents: 5_000 };
    const byConsultant = await insertMeeting(db, {
      ...base,
      consultantId: consultant.user.id,
      franchisorId: (await world.server.signUp('franchisor')).user.id,
      franchiseId: null,
      startAt: new Date('2026-03-02T15:00:00Z'),
    });
    const byBooker = await insertMeeting(db, {
      ...base,
      consultantId: other.user.id,
      franchisorId: booker.user.id,
      franchiseId: null,
      startAt: new Date('2026-03-03T15:00:00Z'),
    });
    const byFranchise = await insertMeeting(db, {
      ...base,
      consultantId: other.user.id,
      franchisorId: (await world.server.signUp('franchisor')).user.id,
      franchiseId: f.id,
      startAt: new Date('2026-03-04T15:00:00Z'),
    });

    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&limit=20`)).sessions.map((s) => s.id);
    expect(await ids('zephyr')).toEqual([byConsultant.id]);
    expect(await ids(consultant.user.email.toUpperCase())).toEqual([byConsultant.id]);
    expect(await ids('WANDERBOOKER')).toEqual([byBooker.id]);
    // `%` and `_` are literal.
    expect(await ids('gold_% w')).toEqual([byFranchise.id]);
    expect(await ids('gold%')).toEqual([]);
    // A rename is searchable at once, the old name no more (the trigram index's triggers).
    await db.update(user).set({ lastName: 'Quillfeather' }).where(eq(user.id, consultant.user.id));
    expect(await ids('quillfeath')).toEqual([byConsultant.id]);
    expect(await ids('zephyrine')).toEqual([]);
    await db.update(user).set({ lastName: 'Zephyrine' }).where(eq(user.id, consultant.user.id));
    // Shorter than a trigram: still a substring search (by scanning).
    expect(await ids('Qu')).toContain(byConsultant.id);
    const found = await list('search=zephyr&limit=20');
    expect(found.total).toBe(1);
    expect((await list(`search=zephyr&consultantId=${other.user.id}&limit=20`)).sessions).toEqual(
      [],
    );
  });

  it('pages tile the total, newest start first, ties broken by id, with the date filter', async () => {
    const db = world.server.container.db;
    const consultant = await world.server.signUp('consultant');
    const booker = await world.server.signUp('franchisor');
    const start = (day: number) => new Date(Date.UTC(2025, 5, day, 15));
    const made = [];
    for (const day of [1, 2, 2, 3, 4, 5, 5, 5, 6, 7, 8]) {
      made.push(
        await insertMeeting(db, {
          consultantId: consultant.user.id,
          franchisorId: booker.user.id,
          franchiseId: null,
          startAt: start(day),
          durationMinutes: 15,
          rateCents: 1_000,
        }),
      );
    }
    const expected = [...made]
      .sort((a, b) => b.startAt.getTime() - a.startAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((m) => m.id);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const p = await list(`consultantId=${consultant.user.id}&limit=5&page=${page}`);
      expect(p.total).toBe(11);
      pages.push(...p.sessions.map((s) => s.id));
    }
    expect(pages).toEqual(expected);
    expect((await list(`consultantId=${consultant.user.id}&limit=5&page=4`)).sessions).toEqual([]);
    const window = await list(
      `consultantId=${consultant.user.id}&startDate=2025-06-02&endDate=2025-06-05&limit=20`,
    );
    expect(window.total).toBe(7);
    expect(window.sessions.map((s) => s.start.slice(0, 10))).toEqual([
      '2025-06-05',
      '2025-06-05',
      '2025-06-05',
      '2025-06-04',
      '2025-06-03',
      '2025-06-02',
      '2025-06-02',
    ]);
  });

  it('reads a page from either end and always gets the same rows (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 1, max: 25 }),
        (total, offset, limit) => {
          const newestFirst = Array.from({ length: total }, (_, i) => total - 1 - i);
          const w = pageWindow(offset, limit, total);
          const read = w.fromEnd
            ? [...newestFirst]
                .reverse()
                .slice(w.offset, w.offset + w.count)
                .reverse()
            : newestFirst.slice(w.offset, w.offset + w.count);
          expect(read).toEqual(newestFirst.slice(offset, offset + limit));
        },
      ),
    );
    expect(pageWindow(199_990, 10, 200_000)).toEqual({ offset: 0, count: 10, fromEnd: true });
    expect(pageWindow(0, 10, 200_000)).toEqual({ offset: 0, count: 10, fromEnd: false });
  });
});
