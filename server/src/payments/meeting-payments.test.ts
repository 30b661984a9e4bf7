import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransaction, meeting, notification, payment } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { ACCOUNTS, meetingBalances, unbalancedTransactions } from './ledger.ts';
import { HOLD_LEAD_MS } from './money-rules.ts';
import {
  consultantAccount,
  franchisorWhoseCardDeclines,
  franchisorWithCard,
  insertMeeting,
  json,
  ok,
  setMeetingStatus,
} from './test-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let clock = new Date(Date.UTC(2026, 0, 5, 12));
const now = () => clock;

let server: TestServer;
let consultant: Awaited<ReturnType<typeof consultantAccount>>;

beforeAll(async () => {
  server = await startTestServer({ now });
  consultant = await consultantAccount(server);
});
afterAll(() => server.close());

const held = async (meetingId: string, franchiseId: string | null) =>
  (await meetingBalances(server.container.db, meetingId))[
    ACCOUNTS.franchiseHold(franchiseId ?? '')
  ] ?? 0;

/** Books as the booking feature does: the meeting insert and the hook in one transaction. */
async function book(
  franchisor: Awaited<ReturnType<typeof franchisorWithCard>>,
  startInHours: number,
  durationMinutes = 60,
) {
  const { db, payments } = server.container;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meeting)
      .values({
        consultantId: consultant.id,
        franchisorId: franchisor.id,
        franchiseId: franchisor.franchiseId,
        startAt: new Date(clock.getTime() + startInHours * HOUR),
        endAt: new Date(clock.getTime() + startInHours * HOUR + durationMinutes * 60_000),
        timeZone: 'America/Chicago',
        durationMinutes,
        rateCents: 5_000,
      })
      .returning();
    if (!row) throw new Error('no meeting');
    await payments.meetings.seam.onBooked(row, { tx, now: clock });
    return row;
  });
}

describe('the booking seam (MeetingPayments)', () => {
  it('refuses a declined card with 402 and leaves no meeting, payment or ledger row', async () => {
    const f = await franchisorWhoseCardDeclines(server, 'pm_card_chargeDeclined');
    for (const startInHours of [3, 24 * 20]) {
      const error = await book(f, startInHours).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(402);
      expect((error as AppError).code).toBe('PAYMENT_DECLINED');
      expect((error as AppError).message).toBe(
        'Your card was declined. (card_declined: generic_decline)',
      );
    }
    const { db } = server.container;
    expect(await db.select().from(meeting).where(eq(meeting.franchisorId, f.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(payment)
        .where(eq(payment.franchiseId, f.franchiseId ?? '')),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.franchiseId, f.franchiseId ?? '')),
    ).toEqual([]);
  });

  it('refuses insufficient funds with its decline code, and a franchise without a card with 422', async () => {
    const poor = await franchisorWhoseCardDeclines(
      server,
      'pm_card_chargeDeclinedInsufficientFunds',
    );
    const error = (await book(poor, 3).catch((e: unknown) => e)) as AppError;
    expect(error.message).toBe(
      'Your card has insufficient funds. (card_declined: insufficient_funds)',
    );
    const none = await franchisorWithCard(server, '');
    const refused = (await book(none, 3).catch((e: unknown) => e)) as AppError;
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Add a payment method before booking a meeting');
  });

  it('holds at booking within five days; further out it checks the card and holds 48 hours before', async () => {
    const f = await franchisorWithCard(server);
    const soon = await book(f, 30);
    expect(await held(soon.id, f.franchiseId)).toBe(20_000);
    const [soonPayment] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, soon.id));
    expect(soonPayment).toMatchObject({ amountCents: 20_000, status: 'pending', holdAttempts: 1 });
    expect(soonPayment?.holdId).toMatch(/^pi_ledger_/);

    const far = await book(f, 24 * 12);
    expect(await held(far.id, f.franchiseId)).toBe(0);
    const [farPayment] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, far.id));
    expect(farPayment?.holdDueAt).toEqual(new Date(far.startAt.getTime() - HOLD_LEAD_MS));

    const { payments } = server.container;
    await expect(payments.meetings.placeDueHolds()).resolves.toMatchObject({ held: 0 });
    clock = new Date(far.startAt.getTime() - HOLD_LEAD_MS + 60_000);
    await expect(payments.meetings.placeDueHolds()).resolves.toMatchObject({ held: 1 });
    await expect(payments.meetings.placeDueHolds()).resolves.toMatchObject({ held: 0 });
    expect(await held(far.id, f.franchiseId)).toBe(20_000);
  });

  it('tells both sides when a due hold fails, and places it once a new card is added', async () => {
    const f = await franchisorWithCard(server);
    const far = await book(f, 24 * 9);
    await ok(
      server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: f.token,
        body: json({ paymentMethodId: 'pm_card_chargeCustomerFail' }),
      }),
    );
    clock = new Date(far.startAt.getTime() - HOLD_LEAD_MS);
    await expect(server.container.payments.meetings.placeDueHolds()).resolves.toMatchObject({
      failed: 1,
    });
    const { db } = server.container;
    const notices = await db
      .select()
      .from(notification)
      .where(eq(notification.type, 'hold_failed'));
    expect(notices.map((n) => n.userId).sort()).toEqual([consultant.id, f.id].sort());
    expect(notices.find((n) => n.userId === f.id)?.message).toMatch(
      /Please update your card before the meeting/,
    );
    await ok(
      server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: f.token,
        body: json({ paymentMethodId: 'pm_card_visa' }),
      }),
    );
    expect(await held(far.id, f.franchiseId)).toBe(20_000);
  });

  it('releases the hold when the franchisor cancels early, and the meeting can be deleted', async () => {
    const f = await franchisorWithCard(server);
    const m = await book(f, 48);
    const { db, payments } = server.container;
    await db.transaction(async (tx) => {
      await payments.meetings.seam.onCancelled(m, { tx, now: clock });
      await tx.delete(meeting).where(eq(meeting.id, m.id));
    });
    expect(await db.select().from(payment).where(eq(payment.id, m.id))).toEqual([]);
    const keys = await db
      .select({ key: ledgerTransaction.idempotencyKey, meetingId: ledgerTransaction.meetingId })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.franchiseId, f.franchiseId ?? ''));
    expect(keys.map((k) => k.key).sort()).toEqual([`hold:${m.id}`, `release:${m.id}`]);
    // The ledger keeps its history; the deleted meeting's reference is cleared.
    expect(keys.every((k) => k.meetingId === null)).toBe(true);
  });

  it('releases the hold when the consultant declines', async () => {
    const f = await franchisorWithCard(server);
    const m = await book(f, 10);
    await setMeetingStatus(server.container.db, m.id, 'declined');
    await server.container.payments.meetings.onDeclined(m);
    expect(await held(m.id, f.franchiseId)).toBe(0);
    const [row] = await server.container.db.select().from(payment).where(eq(payment.id, m.id));
    expect(row).toMatchObject({ status: 'declined', holdId: null, isPaid: false });
  });

  it('leaves a late cancellation to the consultant: charge, or reschedule (release)', async () => {
    const f = await franchisorWithCard(server);
    const { db, payments } = server.container;
    const cancelLate = async () => {
      const m = await book(f, 5);
      await db.transaction(async (tx) => {
        await payments.meetings.seam.onCancelled(m, { tx, now: clock });
        await tx.delete(meeting).where(eq(meeting.id, m.id));
      });
      return m;
    };
    const charged = await cancelLate();
    const released = await cancelLate();
    const [detached] = await db.select().from(payment).where(eq(payment.id, charged.id));
    expect(detached).toMatchObject({ meetingId: null, status: 'pending', isPaid: false });
    expect(detached?.lateCancelledAt).toEqual(clock);

    const list = await ok<{ data: { paymentId: string; amount: number }[] }>(
      server.fetch('/api/users/late-cancellations', { token: consultant.token }),
    );
    expect(list.data.map((d) => d.paymentId)).toEqual(
      expect.arrayContaining([charged.id, released.id]),
    );
    // Written in the cancellation's own transaction: there when it commits, with no wait.
    const told = await db
      .select()
      .from(notification)
      .where(
        and(eq(notification.userId, consultant.id), eq(notification.type, 'late_cancellation')),
      );
    expect(told.length).toBeGreaterThanOrEqual(2);
    // …and gone with it when it rolls back.
    const rolledBack = await book(f, 5);
    await db
      .transaction(async (tx) => {
        await payments.meetings.seam.onCancelled(rolledBack, { tx, now: clock });
        throw new Error('the cancellation fails after its money step');
      })
      .catch(() => undefined);
    const afterRollback = await db
      .select()
      .from(notification)
      .where(
        and(eq(notification.userId, consultant.id), eq(notification.type, 'late_cancellation')),
      );
    expect(afterRollback.length).toBe(told.length);

    const decide = (id: string, decision: string, token = consultant.token) =>
      server.fetch(`/api/users/payments/${id}/late-cancellation`, {
        method: 'POST',
        token,
        body: json({ decision }),
      });
    expect((await decide(charged.id, 'maybe')).status).toBe(400);
    expect((await decide(charged.id, 'charge', f.token)).status).toBe(403);
    await expect(ok(decide(charged.id, 'charge'))).resolves.toEqual({ result: 'charged' });
    expect((await decide(charged.id, 'charge')).status).toBe(409);
    await expect(ok(decide(released.id, 'reschedule'))).resolves.toEqual({ result: 'released' });
    const [paid] = await db.select().from(payment).where(eq(payment.id, charged.id));
    expect(paid).toMatchObject({ isPaid: true, amountCents: 20_000 });
    expect(await db.select().from(payment).where(eq(payment.id, released.id))).toEqual([]);
    const releaseKeys = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `release:${released.id}`));
    expect(releaseKeys).toHaveLength(1);
  });

  it('fixes the amount at completion from the final duration', async () => {
    const f = await franchisorWithCard(server);
    const m = await insertMeeting(server.container.db, {
      consultantId: consultant.id,
      franchisorId: f.id,
      franchiseId: f.franchiseId,
      startAt: new Date(clock.getTime() - DAY),
      durationMinutes: 50,
      rateCents: 3_000,
      status: 'completed',
    });
    // Booked before payments were wired: completion creates the payment row.
    await server.container.payments.meetings.onCompleted(m);
    const [row] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, m.id));
    expect(row).toMatchObject({ status: 'completed', amountCents: 9_000 });
    expect(await unbalancedTransactions(server.container.db)).toEqual([]);
  });
});
