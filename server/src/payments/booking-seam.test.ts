import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransaction, meeting, payment } from '../db/schema/index.ts';
import {
  book,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../features/booking/test-fixtures.ts';
import { testServerWorld } from '../testing/test-world.ts';
import { ACCOUNTS, meetingBalances, unbalancedTransactions } from './ledger.ts';
import { json, ok, signInAdmin } from './test-fixtures.ts';

/**
 * The booking routes with this feature's `MeetingPayments` plugged in: through the
 * real `POST/PATCH/DELETE /api/session`.
 */

const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = testServerWorld({ start: START });

const NY = 'America/New_York';
const slot = { start: '2026-03-03T15:00:00.000Z', end: '2026-03-03T15:30:00.000Z', timeZone: NY };

async function addCard(token: string, paymentMethodId: string) {
  await ok(
    world.server.fetch('/api/users/payment-method', {
      method: 'POST',
      token,
      body: json({ paymentMethodId }),
    }),
  );
}

describe('booking with the payments seam wired', () => {
  it('refuses a declined card with 402 and no meeting; holds, releases on cancel, charges once', async () => {
    const consultant = await makeConsultant(world.server, {
      rateCents: 5_000,
      settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30, 60] },
    });
    const franchisor = await makeFranchisor(world.server, { company: 'Maple Bakery' });
    // A card that attaches and declines every charge (Stripe's pm_card_chargeCustomerFail); the
    // newest card becomes the default.
    await addCard(franchisor.token, 'pm_card_chargeCustomerFail');
    const refused = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      ...slot,
    });
    const { db } = world.server.container;
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined. (card_declined: generic_decline)',
    });
    expect(await db.select().from(meeting).where(eq(meeting.franchisorId, franchisor.id))).toEqual(
      [],
    );

    // A good card: the booking holds $100 (30 minutes at $50 per 15).
    await addCard(franchisor.token, 'pm_card_visa');
    const first = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      ...slot,
    });
    expect(first.status).toBe(201);
    const hold = ACCOUNTS.franchiseHold(franchisor.franchiseId);
    expect((await meetingBalances(db, first.body.id))[hold]).toBe(10_000);

    // Cancelled more than 24 hours ahead: the meeting is deleted and the hold released.
    const cancelled = await world.server.fetch(`/api/session/${first.body.id}`, {
      method: 'DELETE',
      token: franchisor.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await db.select().from(payment).where(eq(payment.id, first.body.id))).toEqual([]);
    const released = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `release:${first.body.id}`));
    expect(released).toHaveLength(1);

    // Booked again, held by the consultant, completed, charged once by the manual run.
    const second = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      ...slot,
    });
    expect(second.status).toBe(201);
    world.now = new Date('2026-03-03T16:00:00Z');
    const done = await world.server.fetch(`/api/session/${second.body.id}`, {
      method: 'PATCH',
      token: consultant.token,
      body: json({ status: 'completed' }),
    });
    expect(done.status).toBe(200);
    const admin = await signInAdmin(world.server);
    const run = () =>
      ok(
        world.server.fetch('/api/users/cron-manual-trigger', {
          method: 'POST',
          token: admin,
          body: '{}',
        }),
      );
    await expect(run()).resolves.toEqual({ charged: 1, failed: 0, skipped: 0 });
    await expect(run()).resolves.toEqual({ charged: 0, failed: 0, skipped: 0 });
    const balances = await meetingBalances(db, second.body.id);
    expect(balances).toMatchObject({
      [ACCOUNTS.franchiseCard(franchisor.franchiseId)]: 10_000,
      [ACCOUNTS.platformRevenue]: -2_000,
      [ACCOUNTS.consultantPayable(consultant.id)]: -8_000,
      [hold]: 0,
    });
    const [paid] = await db
      .select()
      .from(meeting)
      .where(and(eq(meeting.id, second.body.id), eq(meeting.isPaid, true)));
    expect(paid?.paidAmountCents).toBe(10_000);
    expect(await unbalancedTransactions(db)).toEqual([]);
  });
});
