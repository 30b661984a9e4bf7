import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meeting, payment, user } from '../../db/schema/index.ts';
import { insertMeeting } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * The dashboard's rollups (migration 0018) must equal the aggregates they replace after any mix
 * of writes: inserts, moves across days, charges, refunds of the flag, role and state changes,
 * hard deletes.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;

async function recomputed() {
  const db = server.container.db;
  const daily = await db.all<{ kind: string; day: number; value: number }>(sql`
    select kind, day, value from (
      select 'meetings' as kind, start_at / ${sql.raw(String(DAY))} as day, count(*) as value from meeting group by 2
      union all
      select 'revenue', charged_at / ${sql.raw(String(DAY))}, sum(amount_cents) from payment
        where is_paid = 1 and charged_at is not null group by 2
      union all
      select 'signups', created_at / ${sql.raw(String(DAY))}, count(*) from user
        where role in ('consultant', 'franchisor') group by 2
    ) order by 1, 2`);
  const [counts] = await db.all<{ consultants: number; active: number }>(sql`
    select
      (select count(*) from user where role = 'consultant' and is_deleted = 0) as consultants,
      (select count(*) from user where role = 'consultant' and is_deleted = 0 and is_verified = 1
        and is_deactivated = 0 and status = 1) as active`);
  return { daily, counts };
}

async function rollups() {
  const db = server.container.db;
  const daily = await db.all<{ kind: string; day: number; value: number }>(
    sql`select kind, day, value from admin_daily where value <> 0 order by 1, 2`,
  );
  const rows = await db.all<{ key: string; n: number }>(sql`select key, n from admin_count`);
  const of = (key: string) => rows.find((r) => r.key === key)?.n;
  return { daily, counts: { consultants: of('consultants'), active: of('consultants_active') } };
}

describe('admin dashboard rollups', () => {
  it('equal the aggregates they replace after inserts, updates and deletes', async () => {
    const db = server.container.db;
    const c1 = await server.signUp('consultant');
    const c2 = await server.signUp('consultant');
    const f1 = await server.signUp('franchisor');
    const made = [];
    for (const [k, start] of [
      '2026-01-05T10:00:00Z',
      '2026-01-05T23:45:00Z',
      '2026-01-06T00:15:00Z',
      '2026-02-10T12:00:00Z',
    ].entries()) {
      const m = await insertMeeting(db, {
        consultantId: k % 2 ? c1.user.id : c2.user.id,
        franchisorId: f1.user.id,
        franchiseId: null,
        startAt: new Date(start),
        durationMinutes: 30,
        rateCents: 5_000,
      });
      made.push(m);
      await db.insert(payment).values({
        meetingId: m.id,
        consultantId: m.consultantId,
        amountCents: 10_000 + k,
        status: 'pending',
      });
    }
    const [m0, m1, m2] = made;
    if (!m0 || !m1 || !m2) throw new Error('meetings missing');
    // Charged, then charged again on another day, then marked unpaid.
    await db
      .update(payment)
      .set({ isPaid: true, chargedAt: new Date('2026-01-07T06:00:00Z') })
      .where(eq(payment.meetingId, m0.id));
    await db
      .update(payment)
      .set({ isPaid: true, chargedAt: new Date('2026-01-08T06:00:00Z') })
      .where(eq(payment.meetingId, m1.id));
    await db
      .update(payment)
      .set({ chargedAt: new Date('2026-01-09T06:00:00Z'), amountCents: 12_345 })
      .where(eq(payment.meetingId, m1.id));
    await db.update(payment).set({ isPaid: false }).where(eq(payment.meetingId, m0.id));
    // Moved to another day; deleted (its payment stays, detached).
    await db
      .update(meeting)
      .set({ startAt: new Date('2026-03-01T09:00:00Z') })
      .where(eq(meeting.id, m2.id));
    await db.delete(meeting).where(eq(meeting.id, m1.id));
    // Account states and a role change, then a hard delete.
    await db.update(user).set({ isVerified: true }).where(eq(user.id, c1.user.id));
    await db.update(user).set({ isDeactivated: true }).where(eq(user.id, c2.user.id));
    await db.update(user).set({ isDeleted: true }).where(eq(user.id, c2.user.id));
    await db.update(user).set({ role: 'franchisor' }).where(eq(user.id, f1.user.id));
    await db
      .update(user)
      .set({ createdAt: new Date('2025-12-24T12:00:00Z') })
      .where(eq(user.id, c1.user.id));
    const gone = await server.signUp('consultant');
    await db.update(user).set({ isVerified: true }).where(eq(user.id, gone.user.id));
    await db.delete(user).where(eq(user.id, gone.user.id));

    const expected = await recomputed();
    const actual = await rollups();
    expect(actual.counts).toEqual(expected.counts);
    expect(actual.daily).toEqual(expected.daily.filter((r) => r.value !== 0));
    expect(expected.daily.length).toBeGreaterThan(4);
  });
});
