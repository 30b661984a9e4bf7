import { createHash } from 'node:crypto';
import {
  type AuthResult,
  BOOKING_STATUSES,
  BROKER_GROUPS,
  COMMISSION_KINDS,
  EARLY_ACCESS_PROMO_CODE,
  EXPERIENCE_LEVEL_VALUES,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  STATES_BY_COUNTRY,
  TIME_ZONES,
} from '@fm/sdk/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { openDatabase } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { unreadMessageCount } from '../features/messaging/unread.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { buildDemoData, DEMO_USER_IDS } from './demo-data.ts';
import { meetingAmountCents, splitCharge } from './meetings.ts';
import { seedDatabaseIfEmpty, seedIfEmpty } from './seed-if-empty.ts';

const NOW = new Date('2025-06-04T15:07:00Z');
const seedAtNow = (c: TestServer['container']) => seedIfEmpty(c, { now: NOW });

/** A fingerprint of the seeded data that must not change between two seeds with the same `now`. */
async function digest(server: TestServer): Promise<string> {
  const { db } = server.container;
  const consultants = await db
    .select({ id: s.user.id, email: s.user.email, rate: s.consultantProfile.rateCents })
    .from(s.user)
    .innerJoin(s.consultantProfile, eq(s.consultantProfile.userId, s.user.id))
    .orderBy(asc(s.user.email));
  const franchises = await db
    .select({
      id: s.franchise.id,
      company: s.franchise.company,
      fee: s.franchise.franchiseFeeCents,
    })
    .from(s.franchise)
    .orderBy(asc(s.franchise.id));
  const meetings = await db
    .select({
      id: s.meeting.id,
      start: s.meeting.startAt,
      status: s.meeting.status,
      c: s.meeting.consultantId,
    })
    .from(s.meeting)
    .orderBy(asc(s.meeting.id));
  const messages = await db
    .select({ id: s.message.id, body: s.message.body })
    .from(s.message)
    .orderBy(asc(s.message.id));
  return createHash('sha256')
    .update(JSON.stringify({ consultants, franchises, meetings, messages }))
    .digest('hex');
}

describe('demo seed (rule 3)', () => {
  let server: TestServer;
  let counts: Record<string, number> | null = null;

  beforeAll(async () => {
    server = await startTestServer({
      seed: async (c) => {
        const started = performance.now();
        counts = await seedAtNow(c);
        console.info(`demo seed took ${Math.round(performance.now() - started)} ms`);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.container.db;
  const count = async (table: SQLiteTable) =>
    (await db().select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0;

  it('returns the number of rows per table it inserted', async () => {
    expect(counts).not.toBeNull();
    expect(counts?.user).toBe(await count(s.user));
    expect(counts?.meeting).toBe(await count(s.meeting));
    expect(counts?.ledger_entry).toBe(await count(s.ledgerEntry));
    expect(counts?.payout).toBe(await count(s.payout));
    // The monthly payout runs (March–May 2025) and the weekly charge runs, beside the seed's own lock row.
    const runs = await db().select({ key: s.jobRun.key }).from(s.jobRun);
    expect(runs.filter((r) => r.key.startsWith('payout:'))).toHaveLength(3);
    expect(runs.filter((r) => r.key.startsWith('charge:')).length).toBeGreaterThanOrEqual(12);
    expect(counts?.job_run).toBe(runs.length - 1);
  });

  it('has at least 1,000 consultants, 1,000 of them public, and at least 100 franchises', async () => {
    const consultants = await db().select().from(s.user).where(eq(s.user.role, 'consultant'));
    expect(consultants.length).toBeGreaterThanOrEqual(1000);
    const visible = consultants.filter(
      (u) => u.isVerified && u.status && !u.isDeleted && !u.isDeactivated,
    );
    expect(visible.length).toBeGreaterThanOrEqual(1000);
    for (const state of ['hidden', 'deactivated', 'deleted', 'invited'] as const) {
      const matching = consultants.filter((u) =>
        state === 'hidden'
          ? !u.status
          : state === 'deactivated'
            ? u.isDeactivated
            : state === 'deleted'
              ? u.isDeleted
              : !u.isVerified && u.tokenActivation && u.tokenActivationExpiresAt,
      );
      expect(matching.length, state).toBeGreaterThan(0);
    }
    expect(await count(s.franchise)).toBeGreaterThanOrEqual(100);
  });

  it('covers every region, broker group, industry and experience level', async () => {
    const values = (rows: { v: string }[]) => new Set(rows.map((r) => r.v));
    const regions = await db()
      .selectDistinct({ v: s.consultantRegion.value })
      .from(s.consultantRegion);
    const groups = await db()
      .selectDistinct({ v: s.consultantGroup.value })
      .from(s.consultantGroup);
    const industries = await db()
      .selectDistinct({ v: s.consultantIndustry.value })
      .from(s.consultantIndustry);
    expect(values(regions)).toEqual(new Set(REGIONS));
    expect(values(groups)).toEqual(new Set(BROKER_GROUPS));
    expect(values(industries)).toEqual(new Set(INDUSTRY_SPECIALTIES));
    const levels = await db()
      .selectDistinct({ v: s.consultantProfile.experienceLevel })
      .from(s.consultantProfile);
    expect(new Set(levels.map((r) => r.v))).toEqual(new Set(EXPERIENCE_LEVEL_VALUES));
    const rates = await db().select({ r: s.consultantProfile.rateCents }).from(s.consultantProfile);
    for (const { r } of rates) expect(r).toSatisfy((v: number) => v >= 2500 && v <= 15000);
  });

  it('fills every franchise: categories, registered states of its country, commissions, members', async () => {
    const franchises = await db().select().from(s.franchise);
    const categories = await db().select().from(s.franchiseCategory);
    const states = await db().select().from(s.franchiseState);
    const commissions = await db().select().from(s.franchiseCommission);
    const members = await db().select().from(s.user).where(eq(s.user.role, 'franchisor'));
    const statuses = new Set(franchises.map((f) => f.stripeSubscriptionStatus));
    expect(statuses).toEqual(new Set(['active', 'trialing', 'canceled', null]));
    for (const f of franchises) {
      for (const [key, value] of Object.entries(f)) {
        if (
          [
            'logo',
            'stripeSubscriptionStatus',
            'primaryPaymentMethodId',
            'providerCustomerId',
            'activatedBy',
          ].includes(key)
        )
          continue;
        expect(value, `${f.company}.${key}`).not.toBeNull();
      }
      const own = categories.filter((c) => c.franchiseId === f.id).map((c) => c.category);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const c of own) expect(INDUSTRY_SPECIALTIES).toContain(c);
      const codes = states.filter((r) => r.franchiseId === f.id).map((r) => r.stateCode);
      expect(codes.length).toBeGreaterThanOrEqual(3);
      expect(codes.length).toBeLessThanOrEqual(31);
      const valid = STATES_BY_COUNTRY[f.country ?? 'USA'].map((x) => x.code as string);
      for (const code of codes) expect(valid).toContain(code);
      expect(commissions.filter((c) => c.franchiseId === f.id)).toHaveLength(
        COMMISSION_KINDS.length * 2,
      );
      const users = members.filter((u) => u.franchiseId === f.id);
      expect(users.length).toBeGreaterThanOrEqual(1);
      expect(users.length).toBeLessThanOrEqual(3);
      expect(users.map((u) => u.id)).toContain(f.billingContactUserId);
    }
  });

  it('has meetings in every status, each where rule 8 puts it relative to now', async () => {
    const meetings = await db().select().from(s.meeting);
    expect(new Set(meetings.map((m) => m.status))).toEqual(new Set(BOOKING_STATUSES));
    const day = 24 * 3_600_000;
    for (const m of meetings) {
      expect(m.durationMinutes % 15).toBe(0);
      expect(m.endAt.getTime() - m.startAt.getTime()).toBe(m.durationMinutes * 60_000);
      expect(m.startAt.getTime()).toBeGreaterThan(NOW.getTime() - 92 * day);
      expect(m.startAt.getTime()).toBeLessThan(NOW.getTime() + 62 * day);
      if (m.status === 'future') expect(m.startAt.getTime()).toBeGreaterThan(NOW.getTime());
      if (m.status === 'pending' || m.status === 'completed')
        expect(m.endAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (m.status === 'completed') expect(m.markedAsCompletedAt).not.toBeNull();
      expect(m.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(await count(s.review)).toBeGreaterThan(100);
  });

  it('never lets two live meetings of one consultant overlap, and holds exactly their slots', async () => {
    const live = await db()
      .select()
      .from(s.meeting)
      .where(inArray(s.meeting.status, ['future', 'pending']))
      .orderBy(asc(s.meeting.consultantId), asc(s.meeting.startAt));
    for (let i = 1; i < live.length; i += 1) {
      const [prev, cur] = [live[i - 1]!, live[i]!];
      if (prev.consultantId === cur.consultantId) {
        expect(cur.startAt.getTime()).toBeGreaterThanOrEqual(prev.endAt.getTime());
      }
    }
    const slots = await db().select().from(s.meetingSlot);
    const expected = live.flatMap((m) =>
      Array.from(
        { length: m.durationMinutes / 15 },
        (_, k) => `${m.consultantId}|${m.startAt.getTime() / 60_000 + k * 15}|${m.id}`,
      ),
    );
    expect(slots.map((r) => `${r.consultantId}|${r.cellStart}|${r.meetingId}`).sort()).toEqual(
      expected.sort(),
    );
    for (const r of slots) expect(r.cellStart % 15).toBe(0);
  });

  it('prices payments by rule 10 and balances every ledger transaction to zero', async () => {
    const rows = await db()
      .select({ meeting: s.meeting, payment: s.payment })
      .from(s.payment)
      .innerJoin(s.meeting, eq(s.meeting.id, s.payment.meetingId));
    expect(rows.some((r) => r.payment.status === 'completed' && r.payment.isPaid)).toBe(true);
    expect(rows.some((r) => r.payment.status === 'pending' && !r.payment.isPaid)).toBe(true);
    for (const { meeting, payment } of rows) {
      expect(payment.amountCents).toBe(
        meetingAmountCents(meeting.durationMinutes, meeting.rateCents),
      );
      expect(payment.isPaid).toBe(meeting.isPaid);
      if (payment.isPaid) expect(meeting.status).toBe('completed');
    }
    // One capture per paid meeting, and one posting per monthly payout (seed/payouts.ts).
    const paid = rows.filter((r) => r.payment.isPaid).length;
    const captures = await db()
      .select({ id: s.ledgerTransaction.id })
      .from(s.ledgerTransaction)
      .where(eq(s.ledgerTransaction.kind, 'capture'));
    expect(captures.length).toBe(paid);
    expect(await count(s.ledgerTransaction)).toBe(paid + (await count(s.payout)));
    const unbalanced = await db()
      .select({
        tx: s.ledgerEntry.transactionId,
        total: sql<number>`sum(${s.ledgerEntry.amountCents})`,
      })
      .from(s.ledgerEntry)
      .groupBy(s.ledgerEntry.transactionId)
      .having(sql`sum(${s.ledgerEntry.amountCents}) != 0`);
    expect(unbalanced).toEqual([]);
    const revenue = await db()
      .select()
      .from(s.ledgerEntry)
      .where(eq(s.ledgerEntry.account, 'platform:revenue'))
      .limit(50);
    const entries = await db().select().from(s.ledgerEntry);
    for (const r of revenue) {
      const total =
        entries.find((e) => e.transactionId === r.transactionId && e.amountCents > 0)
          ?.amountCents ?? 0;
      expect(-r.amountCents).toBe(splitCharge(total).feeCents);
    }
  });

  it('lets the three demo accounts sign in through the API with the demo password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await server.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      expect(res.status, account.email).toBe(200);
      const body = (await res.json()) as AuthResult;
      expect(body.user.role).toBe(account.role);
      expect(body.user.firstName).toBe(account.firstName);
      expect(body.token).toBeTruthy();
    }
  });

  it('lets any verified seeded consultant sign in with the demo password', async () => {
    const [someone] = await db()
      .select({ email: s.user.email })
      .from(s.user)
      .where(
        and(
          eq(s.user.role, 'consultant'),
          eq(s.user.isVerified, true),
          eq(s.user.isDeleted, false),
          eq(s.user.isDeactivated, false),
        ),
      )
      .limit(1)
      .offset(500);
    const res = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: someone?.email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('gives the demo consultant $50, weekday hours in New York and meetings in every state', async () => {
    const res = await server.fetch(`/api/users/profile/${DEMO_USER_IDS.consultant}`);
    expect(res.status).toBe(200);
    const profile = (await res.json()) as { rate: number; role: string; reviewCount: number };
    expect(profile.role).toBe('consultant');
    expect(profile.rate).toBe(50);
    expect(profile.reviewCount).toBeGreaterThan(0);

    const settings = await db().query.availabilitySettings.findFirst({
      where: eq(s.availabilitySettings.userId, DEMO_USER_IDS.consultant),
    });
    expect(settings?.timeZone).toBe('America/New_York');
    const windows = await db()
      .select()
      .from(s.availabilityWindow)
      .where(eq(s.availabilityWindow.userId, DEMO_USER_IDS.consultant));
    expect(windows.map((w) => [w.weekday, w.startMinute, w.endMinute]).sort()).toEqual(
      [1, 2, 3, 4, 5].map((d) => [d, 540, 1020]),
    );
    const meetings = await db()
      .select()
      .from(s.meeting)
      .where(eq(s.meeting.consultantId, DEMO_USER_IDS.consultant));
    const pendingPast = meetings.filter((m) => m.status === 'pending' && m.startAt < NOW);
    expect(pendingPast.length).toBeGreaterThan(0);
    expect(meetings.filter((m) => m.status === 'future').length).toBeGreaterThan(0);
    const completed = meetings.filter((m) => m.status === 'completed');
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.some((m) => m.isPaid)).toBe(true);
    const reviews = await db()
      .select()
      .from(s.review)
      .where(eq(s.review.consultantId, DEMO_USER_IDS.consultant));
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) expect(r.rating).toSatisfy((v: number) => v >= 1 && v <= 5);
  });

  it('gives the demo franchisor an active subscription, a default pm_card_visa card and chats', async () => {
    const me = await db().query.user.findFirst({ where: eq(s.user.id, DEMO_USER_IDS.franchisor) });
    expect(me?.franchiseId).toBeTruthy();
    const franchise = await db().query.franchise.findFirst({
      where: eq(s.franchise.id, me?.franchiseId ?? ''),
    });
    expect(franchise?.stripeSubscriptionStatus).toBe('active');
    expect(franchise?.billingContactUserId).toBe(DEMO_USER_IDS.franchisor);
    const sub = await db().query.subscription.findFirst({
      where: eq(s.subscription.franchiseId, franchise?.id ?? ''),
    });
    expect(sub).toMatchObject({ provider: 'ledger', status: 'active', priceCents: 49_700 });
    expect(
      sub && sub.termEndsAt > NOW && sub.currentPeriodStart <= NOW && sub.currentPeriodEnd > NOW,
    ).toBe(true);
    const card = await db().query.paymentMethod.findFirst({
      where: eq(s.paymentMethod.franchiseId, franchise?.id ?? ''),
    });
    expect(card).toMatchObject({
      providerMethodId: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
      provider: 'ledger',
    });
    const chats = await db()
      .select()
      .from(s.chatParticipant)
      .where(eq(s.chatParticipant.userId, DEMO_USER_IDS.franchisor));
    expect(chats.length).toBeGreaterThan(0);
    // Both demo users have something waiting on the Messages badge and the dashboard.
    for (const userId of [DEMO_USER_IDS.franchisor, DEMO_USER_IDS.consultant]) {
      expect(await unreadMessageCount(db(), userId)).toBeGreaterThan(0);
    }
    const notes = await db()
      .select()
      .from(s.notification)
      .where(eq(s.notification.userId, DEMO_USER_IDS.franchisor));
    expect(notes.some((n) => n.isRead)).toBe(true);
    expect(notes.some((n) => !n.isRead)).toBe(true);
  });

  it('adds the early-access code, promotions, brand names and requests', async () => {
    const promo = await db().query.promoCode.findFirst({
      where: eq(s.promoCode.code, EARLY_ACCESS_PROMO_CODE),
    });
    expect(promo).toMatchObject({ priceCents: 30_000, active: true });
    const promotions = await db().select().from(s.promotion);
    expect(new Set(promotions.map((p) => p.effect))).toEqual(new Set(['Price', 'Gift']));
    expect(new Set(promotions.map((p) => p.affected))).toEqual(
      new Set(['Franchise', 'Consultant']),
    );
    expect(new Set(promotions.map((p) => p.status))).toEqual(new Set(['active', 'inactive']));
    const brands = await db().select().from(s.brandName);
    expect(new Set(brands.map((b) => b.status))).toEqual(
      new Set(['pending', 'approved', 'rejected']),
    );
    expect(await count(s.supportRequest)).toBeGreaterThan(0);
    expect(await count(s.userRequest)).toBeGreaterThan(0);
    const zones = await db()
      .selectDistinct({ z: s.availabilitySettings.timeZone })
      .from(s.availabilitySettings);
    for (const { z } of zones) expect(TIME_ZONES).toContain(z);
  });

  it('does nothing on a database that is not empty', async () => {
    const before = await count(s.user);
    expect(await seedAtNow(server.container)).toBeNull();
    expect(await seedIfEmpty(server.container)).toBeNull();
    expect(await count(s.user)).toBe(before);
  });

  it('seeds identical data into a fresh database, once when two processes start together', async () => {
    const fresh = await startTestServer();
    const second = await openDatabase({ url: fresh.container.env.DATABASE_URL });
    try {
      await migrateDatabase(second.db);
      const results = await Promise.all([
        seedIfEmpty(fresh.container, { now: NOW }),
        seedDatabaseIfEmpty(second.db, { now: NOW }),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await digest(fresh)).toBe(await digest(server));
      const users = await fresh.container.db.select({ n: sql<number>`count(*)` }).from(s.user);
      expect(users[0]?.n).toBe(counts?.user);
    } finally {
      second.close();
      await fresh.close();
    }
  });

  it('keeps accounts and franchises identical whatever the clock; only dated activity moves', () => {
    const a = buildDemoData({ now: NOW, passwordHash: 'x' });
    const b = buildDemoData({
      now: new Date(NOW.getTime() + 40 * 24 * 3_600_000),
      passwordHash: 'x',
    });
    const accounts = (d: typeof a) =>
      d.user.map((u) => [u.id, u.email, u.firstName, u.lastName, u.role]);
    expect(accounts(b)).toEqual(accounts(a));
    // Invitations are dated from `now`, so profile timestamps of invited consultants move with it.
    const undated = (d: typeof a) =>
      d.consultantProfile.map(({ createdAt, updatedAt, ...rest }) => rest);
    expect(undated(b)).toEqual(undated(a));
    expect(b.franchise).toEqual(a.franchise);
    expect(buildDemoData({ now: NOW, passwordHash: 'x' })).toEqual(a);
  });
});
