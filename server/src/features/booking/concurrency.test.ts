import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, meeting, meetingSlot, notification } from '../../db/schema/index.ts';
import { isConstraintViolation } from '../../db/sqlite-errors.ts';
import { type ApiProcess, spawnApi } from '../../testing/api-process.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { ALWAYS, book, getSlots, makeConsultant, makeFranchisor } from './test-fixtures.ts';

/**
 * Rules 2 and 8: two API processes over one database file, twenty franchisors racing for one slot.
 * Process A is the in-process test server; process B is a real `main.ts` started as a child.
 */

let server: TestServer;
let other: ApiProcess;

beforeAll(async () => {
  server = await startTestServer();
  other = await spawnApi({
    env: {
      DATABASE_URL: server.container.env.DATABASE_URL,
      UPLOADS_DIR: server.container.env.UPLOADS_DIR,
    },
  });
  await other.healthy();
}, 60_000);

afterAll(async () => {
  await other?.stop();
  await server.close();
});

describe('double booking across two API processes', () => {
  it('one database decides: exactly one 201 and nineteen 409 over both processes', async () => {
    const consultant = await makeConsultant(server, { settings: { weeklyHours: ALWAYS } });
    // The first weekday ahead with slots, seen from New York.
    let slot: { start: string; end: string } | undefined;
    for (let day = 1; day <= 7 && !slot; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const res = await getSlots(server, consultant.id, { date, timezone: 'America/New_York' });
      slot = res.days[0]?.slots[10];
    }
    if (!slot) throw new Error('no slot found in the coming week');
    const franchisors = await Promise.all(Array.from({ length: 20 }, () => makeFranchisor(server)));
    const body = { consultantId: consultant.id, ...slot, timeZone: 'America/New_York' };
    const results = await Promise.all(
      franchisors.map(async (f, k) => {
        if (k % 2 === 0) return (await book(server, f.token, body)).status;
        const res = await fetch(`${other.url}/api/session`, {
          method: 'POST',
          headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return res.status;
      }),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(19);
    const rows = await server.container.db
      .select()
      .from(meeting)
      .where(eq(meeting.consultantId, consultant.id));
    expect(rows).toHaveLength(1);
    const cells = await server.container.db
      .select()
      .from(meetingSlot)
      .where(eq(meetingSlot.consultantId, consultant.id));
    expect(cells).toHaveLength(2);
    // The losers told nobody: one notification and one invitation mail for the consultant, both
    // written in the winner's transaction.
    const told = await server.container.db
      .select()
      .from(notification)
      .where(eq(notification.userId, consultant.id));
    expect(told).toHaveLength(1);
    const mails = await server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, consultant.email));
    expect(mails).toHaveLength(1);
  });

  it('the cells’ primary key refuses a second live meeting on a cell, and is recognised as such', async () => {
    const consultant = await makeConsultant(server);
    const franchisor = await makeFranchisor(server);
    const db = server.container.db;
    const start = new Date('2030-01-07T15:00:00Z');
    const end = new Date('2030-01-07T15:15:00Z');
    const row = {
      consultantId: consultant.id,
      franchisorId: franchisor.id,
      startAt: start,
      endAt: end,
      timeZone: 'America/New_York',
      durationMinutes: 15,
      rateCents: 5_000,
    };
    const [a] = await db.insert(meeting).values(row).returning();
    const [b] = await db.insert(meeting).values(row).returning();
    const cellStart = start.getTime() / 60_000;
    await db
      .insert(meetingSlot)
      .values({ consultantId: consultant.id, cellStart, meetingId: a?.id ?? '' });
    const error = await db
      .insert(meetingSlot)
      .values({ consultantId: consultant.id, cellStart, meetingId: b?.id ?? '' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).not.toBeNull();
    expect(isConstraintViolation(error)).toBe(true);
    expect(isConstraintViolation(new Error('something else'))).toBe(false);
  });
});
