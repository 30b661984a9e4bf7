import type {
  AdminDisputeDetail,
  AdminDisputeList,
  Dispute,
  MeetingDispute,
} from '@fm/sdk/contracts';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  chat,
  dispute,
  ledgerEntry,
  ledgerTransaction,
  mailOutbox,
  message,
  notification,
  payment,
  rescheduleRequest,
  user,
} from '../../db/schema/index.ts';
import { ACCOUNTS, consultantBalance, unbalancedTransactions } from '../../payments/ledger.ts';
import { startLabel } from '../../payments/payment-rows.ts';
import { earn, payoutsOf } from '../../payments/payout-test-fixtures.ts';
import { json, ok } from '../../payments/test-fixtures.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import { pairKeyOf } from '../messaging/chat-repository.ts';
import { chargedMeeting, openDispute } from './test-fixtures.ts';

const DAY = 86_400_000;
// In the past of the real clock, so that sessions signed in at the test clock stay valid.
const world = adminTestWorld({ start: new Date('2026-03-02T12:00:00Z') });
const db = () => world.server.container.db;

const decide = (id: string, body: unknown) =>
  world.asAdmin(`/api/admin/disputes/${id}/decision`, { method: 'POST', body: json(body) });

async function errorOf(response: Promise<Response>) {
  const res = await response;
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
}

/** A charged meeting and its open dispute. */
async function disputed() {
  const parts = await chargedMeeting(world.server);
  world.tick(60_000);
  const opened = await ok<Dispute>(openDispute(world.server, parts.f.token, parts.m.id));
  world.tick(60_000);
  return { ...parts, dispute: opened };
}

/** The refund's ledger lines of a meeting, by account. */
async function refundLinesOf(meetingId: string) {
  const rows = await db()
    .select({ account: ledgerEntry.account, amount: ledgerEntry.amountCents })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(eq(ledgerTransaction.idempotencyKey, `refund:${meetingId}`));
  return Object.fromEntries(rows.map((r) => [r.account, r.amount]));
}

const noticesOf = (userId: string, type: string) =>
  db()
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)));

async function mailsTo(userId: string, subject: string) {
  const row = await db().select({ email: user.email }).from(user).where(eq(user.id, userId)).get();
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, row?.email ?? ''), like(mailOutbox.subject, `%${subject}`)));
}

describe('rule 20: opening a dispute', () => {
  it('the franchisor who booked a charged meeting opens one; the consultant is told and both see it open', async () => {
    const { f, c, m } = await chargedMeeting(world.server);
    const before = await ok<MeetingDispute>(
      world.server.fetch(`/api/session/${m.id}/dispute`, { token: f.token }),
    );
    expect(before).toMatchObject({ dispute: null, canOpen: true });
    expect(Date.parse(before.openUntil ?? '')).toBe(world.now.getTime() + 14 * DAY);
    const res = await openDispute(world.server, f.token, m.id);
    expect(res.status).toBe(201);
    const opened = (await res.json()) as Dispute;
    expect(opened).toMatchObject({ status: 'open', reason: 'ended_early', chargedCents: 40_000 });
    for (const token of [f.token, c.token]) {
      const seen = await ok<MeetingDispute>(
        world.server.fetch(`/api/session/${m.id}/dispute`, { token }),
      );
      expect(seen).toMatchObject({ canOpen: false, dispute: { id: opened.id, status: 'open' } });
    }
    expect(await noticesOf(c.id, 'dispute_opened')).toHaveLength(1);
    expect(await mailsTo(c.id, 'A charge was disputed')).toHaveLength(1);
  });

  it('only once per payment, only by its own franchisor, only on a charge', async () => {
    const { f, c, m } = await chargedMeeting(world.server);
    const stranger = await world.server.signUp('franchisor');
    expect(await errorOf(openDispute(world.server, stranger.token, m.id))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect((await openDispute(world.server, c.token, m.id)).status).toBe(403);
    const [first, second] = await Promise.all([
      openDispute(world.server, f.token, m.id),
      openDispute(world.server, f.token, m.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect(await errorOf(openDispute(world.server, f.token, m.id))).toEqual({
      status: 409,
      code: 'DISPUTE_EXISTS',
    });
    const rows = await db().select().from(dispute).where(eq(dispute.meetingId, m.id));
    expect(rows).toHaveLength(1);

    const unpaid = await chargedMeeting(world.server);
    await db()
      .update(payment)
      .set({ isPaid: false, chargedAt: null })
      .where(eq(payment.meetingId, unpaid.m.id));
    expect(await errorOf(openDispute(world.server, unpaid.f.token, unpaid.m.id))).toEqual({
      status: 409,
      code: 'DISPUTE_NOT_CHARGED',
    });
    expect(
      await errorOf(openDispute(world.server, f.token, m.id, { reason: 'bored', text: '' })),
    ).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('within 14 days of the charge: on the last moment yes, a moment later no', async () => {
    const late = await chargedMeeting(world.server);
    const inTime = await chargedMeeting(world.server);
    world.tick(14 * DAY);
    expect((await openDispute(world.server, inTime.f.token, inTime.m.id)).status).toBe(201);
    world.tick(1);
    expect(await errorOf(openDispute(world.server, late.f.token, late.m.id))).toEqual({
      status: 409,
      code: 'DISPUTE_WINDOW_CLOSED',
    });
    const view = await ok<MeetingDispute>(
      world.server.fetch(`/api/session/${late.m.id}/dispute`, { token: late.f.token }),
    );
    expect(view).toMatchObject({ canOpen: false, openUntil: null });
  });
});

describe('rule 20: replies and the admin list', () => {
  it('the consultant replies, the franchisor is told; the admin lists, searches and downloads it', async () => {
    const { f, c, m, dispute: opened } = await disputed();
    const replied = await ok<Dispute>(
      world.server.fetch(`/api/session/${m.id}/dispute/replies`, {
        method: 'POST',
        token: c.token,
        body: json({ body: 'We met for the full hour; see the room log.' }),
      }),
    );
    expect(replied.messages).toMatchObject([
      { authorRole: 'consultant', body: 'We met for the full hour; see the room log.' },
    ]);
    expect(await noticesOf(f.id, 'dispute_reply')).toHaveLength(1);
    const consultant = await db().select().from(user).where(eq(user.id, c.id)).get();
    const list = await ok<AdminDisputeList>(
      world.asAdmin(
        `/api/admin/disputes?status=open&search=${encodeURIComponent(consultant?.email ?? '')}`,
      ),
    );
    expect(list.disputes.map((d) => d.id)).toEqual([opened.id]);
    const none = await ok<AdminDisputeList>(
      world.asAdmin(`/api/admin/disputes?status=rejected&search=${consultant?.email ?? ''}`),
    );
    expect(none.total).toBe(0);
    const detail = await ok<AdminDisputeDetail>(world.asAdmin(`/api/admin/disputes/${opened.id}`));
    expect(detail.timeline.map((e) => e.kind)).toEqual(['booked', 'charge', 'dispute', 'reply']);
    // Times in the reading admin's own zone, named (rule 20: one zone per person).
    const setZone = (timeZone: string | null) =>
      ok(world.asAdmin('/api/users', { method: 'PATCH', body: json({ timeZone }) }));
    await setZone('America/Chicago');
    const inChicago = await ok<AdminDisputeDetail>(
      world.asAdmin(`/api/admin/disputes/${opened.id}`),
    );
    await setZone(null);
    expect(inChicago.timeline[0]?.text).toContain(
      `${startLabel(new Date(detail.meetingStart ?? 0), 'America/Chicago')} (America/Chicago)`,
    );
    const file = await ok<{ fileName: string; file: string }>(
      world.asAdmin(`/api/admin/disputes/download?search=${consultant?.email ?? ''}`),
    );
    const csv = Buffer.from(file.file, 'base64').toString('utf8');
    expect(csv.split('\n')[0]).toContain('id');
    expect(csv).toContain(opened.id);
    expect(file.fileName).toMatch(/^disputes/);
    // Not an admin: refused.
    expect((await world.server.fetch('/api/admin/disputes', { token: f.token })).status).toBe(403);
  });
});

describe("rule 20: the dispute page tells the meeting's whole life", () => {
  it('the chat between the two, the reschedule, the charge, the dispute and its replies, in order', async () => {
    const { f, c, m } = await chargedMeeting(world.server);
    // Booked an hour before the charge (the fixture), charged at the clock's now.
    const booked = world.now.getTime() - 3_600_000;
    const at = (minutes: number) => new Date(booked + minutes * 60_000);
    const [room] = await db()
      .insert(chat)
      .values({ pairKey: pairKeyOf(f.id, c.id), createdAt: at(-30), updatedAt: at(-30) })
      .returning();
    await db()
      .insert(message)
      .values({
        chatId: room?.id ?? '',
        senderId: f.id,
        body: 'Can we talk about item 19?',
        createdAt: at(-20),
      });
    await db()
      .insert(rescheduleRequest)
      .values({
        meetingId: m.id,
        proposedById: c.id,
        starts: [m.startAt.toISOString()],
        status: 'declined',
        decidedById: f.id,
        decidedAt: at(10),
        createdAt: at(5),
        updatedAt: at(10),
      });
    world.tick(60_000);
    const d = await ok<Dispute>(openDispute(world.server, f.token, m.id));
    const detail = await ok<AdminDisputeDetail>(world.asAdmin(`/api/admin/disputes/${d.id}`));
    expect(detail.timeline.map((e) => e.kind)).toEqual([
      'message',
      'booked',
      'reschedule',
      'reschedule',
      'charge',
      'dispute',
    ]);
    expect(detail.timeline[0]).toMatchObject({ text: 'Can we talk about item 19?' });
    expect(detail.presence).toMatchObject({ roomUsed: false });
  });
});

describe('rule 20: the admin decides', () => {
  it('reject: nothing moves, the decision is audited and both sides are told', async () => {
    const { f, c, m, dispute: d } = await disputed();
    const decided = await ok<Dispute>(
      decide(d.id, { decision: 'reject', note: 'Room log shows 60 min' }),
    );
    expect(decided).toMatchObject({ status: 'rejected', refundCents: 0 });
    expect(await refundLinesOf(m.id)).toEqual({});
    const trail = await db().select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(trail.map((t) => [t.action, t.entityType])).toEqual([['dispute.rejected', 'dispute']]);
    for (const id of [f.id, c.id]) expect(await noticesOf(id, 'dispute_decided')).toHaveLength(1);
    expect(await errorOf(decide(d.id, { decision: 'full_refund' }))).toEqual({
      status: 409,
      code: 'DISPUTE_DECIDED',
    });
  });

  it('a full refund reverses the capture exactly, once, and is recorded on the payment', async () => {
    const { f, c, m, dispute: d } = await disputed();
    const decided = await ok<Dispute>(decide(d.id, { decision: 'full_refund' }));
    expect(decided).toMatchObject({ status: 'refunded', refundCents: 40_000 });
    expect(await refundLinesOf(m.id)).toEqual({
      [ACCOUNTS.franchiseCard(f.franchiseId ?? '')]: -40_000,
      [ACCOUNTS.platformRevenue]: 8_000,
      [ACCOUNTS.consultantPayable(c.id)]: 32_000,
    });
    const p = await db().select().from(payment).where(eq(payment.meetingId, m.id)).get();
    expect(p?.refundedCents).toBe(40_000);
    expect(await consultantBalance(db(), c.id)).toMatchObject({ earned: 0, owed: 0 });
    expect(await unbalancedTransactions(db())).toEqual([]);
    for (const id of [f.id, c.id]) {
      expect(await noticesOf(id, 'dispute_decided')).toHaveLength(1);
      expect(await mailsTo(id, 'A dispute was decided')).toHaveLength(1);
    }
  });

  it('a partial refund reduces fee and share in proportion, the lines summing to the refund', async () => {
    const { f, c, m, dispute: d } = await disputed();
    expect(await errorOf(decide(d.id, { decision: 'partial_refund' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(
      await errorOf(decide(d.id, { decision: 'partial_refund', refundCents: 40_000 })),
    ).toEqual({ status: 422, code: 'REFUND_TOO_LARGE' });
    world.tick(60_000);
    const decided = await ok<Dispute>(
      decide(d.id, { decision: 'partial_refund', refundCents: 12_345 }),
    );
    expect(decided).toMatchObject({ status: 'partially_refunded', refundCents: 12_345 });
    expect(await refundLinesOf(m.id)).toEqual({
      [ACCOUNTS.franchiseCard(f.franchiseId ?? '')]: -12_345,
      [ACCOUNTS.platformRevenue]: 2_469,
      [ACCOUNTS.consultantPayable(c.id)]: 9_876,
    });
    expect(await consultantBalance(db(), c.id)).toMatchObject({ earned: 32_000 - 9_876 });
    expect(await unbalancedTransactions(db())).toEqual([]);
    const detail = await ok<AdminDisputeDetail>(world.asAdmin(`/api/admin/disputes/${d.id}`));
    expect(detail.timeline.map((e) => e.kind)).toEqual([
      'booked',
      'charge',
      'dispute',
      'refund',
      'decision',
    ]);
  });

  it('a refund after the consultant was paid is taken back from the next payout', async () => {
    const { f, c, dispute: d } = await disputed();
    const { payments } = world.server.container;
    const march = world.now.toISOString().slice(0, 7);
    await payments.payouts.runPayouts(march);
    expect(await consultantBalance(db(), c.id)).toMatchObject({ paid: 32_000, owed: 0 });
    world.tick(31 * DAY);
    await ok(decide(d.id, { decision: 'partial_refund', refundCents: 10_000 }));
    // The next month: the refund took $80 of the share back, and a new $400 meeting earned $320.
    await earn(db(), {
      consultantId: c.id,
      franchiseId: f.franchiseId ?? '',
      cents: 40_000,
      at: world.now.toISOString(),
    });
    const next = world.now.toISOString().slice(0, 7);
    world.tick(31 * DAY);
    await payments.payouts.runPayouts(next);
    expect((await payoutsOf(db(), c.id)).map((p) => [p.period, p.amountCents])).toEqual([
      [march, 32_000],
      [next, 32_000 - 8_000],
    ]);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('a refund larger than what the consultant earns next is carried on, never paid as a negative', async () => {
    const { c, dispute: d } = await disputed();
    const { payments } = world.server.container;
    const month = world.now.toISOString().slice(0, 7);
    world.tick(31 * DAY);
    await payments.payouts.runPayouts(month);
    await ok(decide(d.id, { decision: 'full_refund' }));
    const next = world.now.toISOString().slice(0, 7);
    world.tick(31 * DAY);
    await payments.payouts.runPayouts(next);
    expect((await payoutsOf(db(), c.id)).map((p) => p.amountCents)).toEqual([32_000]);
    expect(await consultantBalance(db(), c.id)).toMatchObject({ owed: -32_000 });
  });
});
