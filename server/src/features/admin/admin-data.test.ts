import type {
  AdminBrandNameList,
  AdminDashboard,
  AdminDashboardGraph,
  AdminFile,
  AdminFranchiseDetail,
  AdminFranchiseList,
  AdminFranchisorList,
  AdminPaymentList,
  AdminPromotion,
  AdminPromotionList,
  AdminSession,
  AdminSessionList,
} from '@fm/sdk/contracts';
import { CSV_COLUMNS, FRANCHISOR_OPTIONS_LIMIT } from '@fm/sdk/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvTable } from '../../csv/csv-file.ts';
import { brandName, meeting, payment, review, user } from '../../db/schema/index.ts';
import { insertMeeting, json, ok } from '../../payments/test-fixtures.ts';
import { adminTestWorld } from '../../testing/test-world.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const world = adminTestWorld({ start: NOW });
const { asAdmin } = world;

const decode = (file: AdminFile) =>
  parse(Buffer.from(file.file, 'base64').toString('utf8'), {
    relax_column_count: true,
  }) as string[][];

async function franchiseWithMember(company: string) {
  const f = await ok<AdminFranchiseDetail>(
    asAdmin('/api/admin/franchises', {
      method: 'POST',
      body: json({ company, country: 'USA', franchiseFee: 25000, categories: ['Fitness'] }),
    }),
  );
  const member = await world.server.signUp('franchisor');
  await ok(asAdmin(`/api/admin/franchisors/${member.user.id}/add/${f.id}`, { method: 'POST' }));
  return { franchise: f, member };
}

describe('admin franchises', () => {
  it('creates, edits (sbaEligible, e2VisaFriendly), hides, deactivates and deletes', async () => {
    const f = await ok<AdminFranchiseDetail>(
      asAdmin('/api/admin/franchises', {
        method: 'POST',
        body: json({ company: 'Swim Co', country: 'USA', statesRegisteredIn: ['TX'] }),
      }),
    );
    expect(f).toMatchObject({
      company: 'Swim Co',
      statesRegisteredIn: ['TX'],
      subscription: 'Unsubscribed',
    });
    const edited = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchises/${f.id}`, {
        method: 'PATCH',
        body: json({ sbaEligible: true, e2VisaFriendly: true }),
      }),
    );
    expect(edited).toMatchObject({ sbaEligible: true, e2VisaFriendly: true });
    const hidden = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchises/${f.id}`, { method: 'PATCH', body: json({ status: false }) }),
    );
    expect(hidden.status).toBe(false);
    const activated = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchises/${f.id}`, {
        method: 'PATCH',
        body: json({ isDeactivated: false }),
      }),
    );
    expect(activated.displayStatus).toBe('Activated');
    expect(
      (
        await asAdmin(`/api/admin/franchises/${f.id}`, {
          method: 'PATCH',
          body: json({ country: 'Mars' }),
        })
      ).status,
    ).toBe(400);
    await ok(asAdmin(`/api/admin/franchises/${f.id}`, { method: 'DELETE' }));
    expect((await asAdmin(`/api/admin/franchises/${f.id}`)).status).toBe(404);
    const audit = await ok<{ entries: { action: string }[] }>(
      asAdmin(`/api/admin/audit?entityType=franchise&entityId=${f.id}`),
    );
    expect(audit.entries.map((e) => e.action)).toEqual([
      'franchise.delete',
      'franchise.activate',
      'franchise.hide',
      'franchise.update',
      'franchise.create',
    ]);
  });

  it('adds an existing franchisor (moving them out of their former franchise) and keeps one billing contact', async () => {
    const a = await franchiseWithMember('Alpha');
    const b = await franchiseWithMember('Beta');
    const second = await world.server.signUp('franchisor');
    await ok(
      asAdmin(`/api/admin/franchisors/${second.user.id}/add/${a.franchise.id}`, { method: 'POST' }),
    );
    // Move Alpha's billing contact to Beta: Alpha's remaining member takes over.
    const moved = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchisors/${a.member.user.id}/add/${b.franchise.id}`, {
        method: 'POST',
      }),
    );
    expect(moved.users.map((u) => u.id)).toContain(a.member.user.id);
    const alpha = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchises/${a.franchise.id}`),
    );
    expect(alpha.users.map((u) => u.id)).toEqual([second.user.id]);
    expect(alpha.billingAddress).toBe(second.user.email);
    const [row] = await world.server.container.db
      .select()
      .from(user)
      .where(eq(user.id, a.member.user.id));
    expect(row?.franchiseId).toBe(b.franchise.id);

    const empty = await asAdmin(`/api/admin/franchises/${b.franchise.id}/billing-address`, {
      method: 'PATCH',
      body: json({ email: '' }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: { email: 'Billing address can not be deleted' },
    });
    const set = await ok<AdminFranchiseDetail>(
      asAdmin(`/api/admin/franchises/${b.franchise.id}/billing-address`, {
        method: 'PATCH',
        body: json({ email: a.member.user.email }),
      }),
    );
    expect(set.users.filter((u) => u.isBillingContact).map((u) => u.id)).toEqual([
      a.member.user.id,
    ]);
    // The list and its download count each franchise's members: Alpha one, Beta two.
    const listed = await ok<AdminFranchiseList>(asAdmin('/api/admin/franchises?limit=20'));
    const members = (id: string) => listed.franchises.find((f) => f.id === id)?.members;
    expect([members(a.franchise.id), members(b.franchise.id)]).toEqual([1, 2]);
    const file = decode(await ok<AdminFile>(asAdmin(`/api/admin/franchises/download?search=Beta`)));
    const column = CSV_COLUMNS.franchises.indexOf('members');
    expect(file.find((row) => row[0] === b.franchise.id)?.[column]).toBe('2');
    const refused = await asAdmin(`/api/admin/users/${a.member.user.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: 'Billing address can not be deleted' });
    expect(
      (await asAdmin(`/api/admin/franchisors/nobody/add/${b.franchise.id}`, { method: 'POST' }))
        .status,
    ).toBe(404);
    const methods = await ok<{ data: unknown[] }>(
      asAdmin(`/api/admin/payment-methods/${b.franchise.id}`),
    );
    expect(methods.data).toEqual([]);
  });
});

describe('Add Existing Franchisor’s search', () => {
  it('answers the first FRANCHISOR_OPTIONS_LIMIT by name and says when more match', async () => {
    const rows = Array.from({ length: FRANCHISOR_OPTIONS_LIMIT + 1 }, (_, i) => ({
      id: `many-${String(i).padStart(3, '0')}`,
      name: `Many ${i}`,
      email: `many-${i}@crowd.example`,
      role: 'franchisor' as const,
      firstName: 'Manyfold',
      lastName: String(i).padStart(3, '0'),
    }));
    await world.server.container.db.insert(user).values(rows);
    const all = await ok<AdminFranchisorList>(asAdmin('/api/admin/franchisors?search=manyfold'));
    expect(all.truncated).toBe(true);
    expect(all.franchisors).toHaveLength(FRANCHISOR_OPTIONS_LIMIT);
    expect(all.franchisors[0]?.lastName).toBe('000');
    const narrowed = await ok<AdminFranchisorList>(
      asAdmin(`/api/admin/franchisors?search=${encodeURIComponent('many-200@')}`),
    );
    expect(narrowed).toEqual({
      truncated: false,
      franchisors: [expect.objectContaining({ id: 'many-200', lastName: '200' })],
    });
  });
});

describe('admin promotions and brand names', () => {
  it('applies the promotion form rules and the Running/Paused switch', async () => {
    const bad = await asAdmin('/api/admin/promotions', {
      method: 'POST',
      body: json({ description: 'x'.repeat(251) }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      name: 'Please enter the promotion name!',
      effect: 'Please select an effect!',
      affected: 'Please select an affected scope!',
      description: 'The description can be at most 250 characters',
    });
    const p = await ok<AdminPromotion>(
      asAdmin('/api/admin/promotions', {
        method: 'POST',
        body: json({
          name: 'Spring',
          effect: 'price',
          affected: 'Franchise',
          startDate: '2026-03-01T00:00:00.000Z',
          endDate: '2026-04-01T00:00:00.000Z',
        }),
      }),
    );
    expect(p).toMatchObject({ effect: 'Price', status: 'active' });
    const paused = await ok<AdminPromotion>(
      asAdmin(`/api/admin/promotions/${p.id}`, {
        method: 'PATCH',
        body: json({ status: 'inactive' }),
      }),
    );
    expect(paused.status).toBe('inactive');
    const list = await ok<AdminPromotionList>(
      asAdmin('/api/admin/promotions?status=inactive&affected=franchise'),
    );
    expect(list.promotions.map((x) => x.id)).toEqual([p.id]);
    await ok(asAdmin(`/api/admin/promotions/${p.id}`, { method: 'DELETE' }));
    expect((await asAdmin(`/api/admin/promotions/${p.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lists pending brand names by default and sets their status', async () => {
    await world.server.container.db.insert(brandName).values([
      { name: 'Pending Pizza', userRegisteredEmail: 'p@test.example' },
      { name: 'Approved Pasta', status: 'approved' },
    ]);
    const pending = await ok<AdminBrandNameList>(asAdmin('/api/admin/brand-names'));
    expect(pending.brandNames.map((b) => b.name)).toEqual(['Pending Pizza']);
    const id = pending.brandNames[0]?.id ?? '';
    await ok(
      asAdmin(`/api/admin/brand-names/${id}`, {
        method: 'PATCH',
        body: json({ status: 'rejected' }),
      }),
    );
    expect(
      (await ok<AdminBrandNameList>(asAdmin('/api/admin/brand-names?status=rejected'))).total,
    ).toBe(1);
    expect(
      (
        await asAdmin(`/api/admin/brand-names/${id}`, {
          method: 'PATCH',
          body: json({ status: 'maybe' }),
        })
      ).status,
    ).toBe(400);
    const file = await ok<AdminFile>(asAdmin('/api/admin/brand-names/download'));
    expect(file.fileName).toMatch(/^company_brands_\d+\.csv$/);
    expect(decode(file)[0]).toEqual([...CSV_COLUMNS.brandNames]);
  });
});

describe('admin bookings, payments, dashboard and CSV files', () => {
  it('lists bookings with derived statuses, completion dates and filters; payments with paid/unpaid', async () => {
    const { franchise: f, member } = await franchiseWithMember('=HYPERLINK("http://evil")');
    const c = await world.server.signUp('consultant');
    const db = world.server.container.db;
    const past = await insertMeeting(db, {
      consultantId: c.user.id,
      franchisorId: member.user.id,
      franchiseId: f.id,
      startAt: new Date('2026-03-10T15:00:00Z'),
      durationMinutes: 30,
      rateCents: 5_000,
      status: 'completed',
    });
    await db
      .update(meeting)
      .set({ markedAsCompletedAt: new Date('2026-03-10T16:00:00Z') })
      .where(eq(meeting.id, past.id));
    await db
      .insert(review)
      .values({ meetingId: past.id, authorId: member.user.id, consultantId: c.user.id, rating: 5 });
    const stale = await insertMeeting(db, {
      consultantId: c.user.id,
      franchisorId: member.user.id,
      franchiseId: f.id,
      startAt: new Date('2026-03-14T15:00:00Z'),
      durationMinutes: 45,
      rateCents: 5_000,
    });
    await db.insert(payment).values({
      meetingId: past.id,
      franchiseId: f.id,
      consultantId: c.user.id,
      amountCents: 10_000,
      status: 'completed',
      isPaid: true,
      chargedAt: new Date('2026-03-11T06:00:00Z'),
    });

    const all = await ok<AdminSessionList>(
      asAdmin(`/api/admin/sessions?consultantId=${c.user.id}&limit=10000`),
    );
    expect(all.sessions.map((s) => [s.id, s.status, s.amount])).toEqual([
      [stale.id, 'pending', 150],
      [past.id, 'completed', 100],
    ]);
    const finished = await ok<AdminSessionList>(
      asAdmin(`/api/admin/sessions?franchiseId=${f.id}&status=finished`),
    );
    expect(finished.sessions.map((s) => s.markedAsCompletedAt)).toEqual([
      '2026-03-10T16:00:00.000Z',
    ]);
    const one = await ok<AdminSession>(asAdmin(`/api/admin/sessions/${past.id}`));
    expect(one.reviews).toEqual([{ rating: 5, comment: null }]);
    expect((await asAdmin('/api/admin/sessions/nope')).status).toBe(404);
    expect((await asAdmin('/api/admin/sessions?startDate=yesterday')).status).toBe(400);

    const paid = await ok<AdminPaymentList>(asAdmin('/api/admin/payments?paid=paid'));
    expect(paid.payments.map((p) => [p.id !== '', p.paymentStatus, p.amount])).toEqual([
      [true, 'paid', 100],
    ]);
    expect((await ok<AdminPaymentList>(asAdmin('/api/admin/payments?paid=unpaid'))).total).toBe(0);

    const bookings = decode(
      await ok<AdminFile>(asAdmin(`/api/admin/bookings/download?consultantId=${c.user.id}`)),
    );
    expect(bookings[0]).toEqual([...CSV_COLUMNS.bookings]);
    expect(bookings[2]).toEqual([
      past.id,
      '2026-03-10T15:00:00.000Z',
      '30',
      'completed',
      'Test consultant',
      c.user.email,
      `'=HYPERLINK("http://evil")`,
      '100.00',
      'false',
      '2026-03-10T16:00:00.000Z',
    ]);
    const franchises = decode(
      await ok<AdminFile>(asAdmin('/api/admin/franchises/download?search=HYPERLINK')),
    );
    expect(franchises[0]).toEqual([...CSV_COLUMNS.franchises]);
    expect(franchises[1]?.[1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(franchises[1]?.[9]).toBe('25000.00');
    const payments = decode(await ok<AdminFile>(asAdmin('/api/admin/payments/download')));
    expect(payments[0]).toEqual([...CSV_COLUMNS.payments]);
    const consultants = decode(await ok<AdminFile>(asAdmin('/api/admin/consultants/download')));
    expect(consultants[0]).toEqual([...CSV_COLUMNS.consultants]);

    const dashboard = await ok<AdminDashboard>(asAdmin('/api/admin/dashboard'));
    expect(dashboard.meetings).toMatchObject({ future: 0, pending: 1, completedThisMonth: 1 });
    expect(dashboard.money).toMatchObject({
      chargedThisMonth: 100,
      platformFeeThisMonth: 20,
      consultantShareThisMonth: 80,
    });
    const graph = await ok<AdminDashboardGraph>(
      asAdmin('/api/admin/dashboard-graph?type=revenue&period=week'),
    );
    expect(graph.points).toHaveLength(7);
    expect(graph.points.find((p) => p.start === '2026-03-11T00:00:00.000Z')?.value).toBe(100);
    const meetings = await ok<AdminDashboardGraph>(
      asAdmin('/api/admin/dashboard-graph?type=meetings&period=year'),
    );
    expect(meetings.points.at(-1)).toMatchObject({ label: 'Mar 2026', value: 2 });
    expect((await asAdmin('/api/admin/dashboard-graph?type=bogus')).status).toBe(400);
  });

  it('downloads payments in the list’s order (newest meeting first), whatever order they were made in', async () => {
    const { franchise: f, member } = await franchiseWithMember('Ordered Payments');
    const c = await world.server.signUp('consultant');
    const db = world.server.container.db;
    const made: Record<string, string> = {};
    // Made on the 1st, 2nd and 3rd of March for meetings on the 20th, 25th and 15th.
    for (const [day, createdDay] of [
      [20, 1],
      [25, 2],
      [15, 3],
    ] as const) {
      const m = await insertMeeting(db, {
        consultantId: c.user.id,
        franchisorId: member.user.id,
        franchiseId: f.id,
        startAt: new Date(`2026-04-${day}T15:00:00Z`),
        durationMinutes: 30,
        rateCents: 5_000,
      });
      const [row] = await db
        .insert(payment)
        .values({
          meetingId: m.id,
          franchiseId: f.id,
          consultantId: c.user.id,
          amountCents: 10_000,
          status: 'pending',
          createdAt: new Date(`2026-03-0${createdDay}T12:00:00Z`),
        })
        .returning();
      made[String(day)] = row?.id ?? '';
    }
    const query = 'search=Ordered%20Payments';
    const list = await ok<AdminPaymentList>(asAdmin(`/api/admin/payments?${query}&limit=10`));
    const rows = decode(await ok<AdminFile>(asAdmin(`/api/admin/payments/download?${query}`)));
    const expected = [made['25'], made['20'], made['15']];
    expect(list.payments.map((p) => p.id)).toEqual(expected);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
  });

  it('never lets a cell start with a formula character (property over hostile strings)', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(hostile, hostile), { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = csvTable(
          ['a', 'b'],
          rows.map(([a, b]) => ({ a, b })),
        );
        const cells = (parse(csv, { relax_column_count: true }) as string[][]).flat();
        return cells.every((cell) => !/^[=+\-@\t\r]/.test(cell));
      }),
      { numRuns: 500 },
    );
  });
});
