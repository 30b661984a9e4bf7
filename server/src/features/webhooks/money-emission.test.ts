import type { Dispute } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payment, payout } from '../../db/schema/index.ts';
import { earn, markReady } from '../../payments/payout-test-fixtures.ts';
import {
  consultantAccount,
  franchisorWhoseCardDeclines,
  franchisorWithCard,
  insertMeeting,
  json,
  ok,
  setMeetingStatus,
} from '../../payments/test-fixtures.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import { chargedMeeting, openDispute } from '../disputes/test-fixtures.ts';
import { queuedFor, queuedOf, subscribe } from './emission-fixtures.ts';

// Rule 21: charges, payouts and disputes queue their events in the transaction that records them,
// for the meeting's franchise and consultant (a payout: the consultant only).
const START = new Date('2026-03-02T12:00:00Z');
const world = adminTestWorld({ start: START });
const db = () => world.server.container.db;
const payments = () => world.server.container.payments;

/** Endpoints of a franchise and a consultant for `events`, and one of each that must hear nothing. */
async function listeners(
  owners: { franchiseId: string; consultantId: string },
  events: Parameters<typeof subscribe>[2],
) {
  const stranger = await consultantAccount(world.server);
  return {
    franchise: await subscribe(db(), { franchiseId: owners.franchiseId }, events),
    consultant: await subscribe(db(), { consultantId: owners.consultantId }, events),
    disabled: await subscribe(db(), { consultantId: owners.consultantId }, events, {
      enabled: false,
    }),
    meetingsOnly: await subscribe(db(), { franchiseId: owners.franchiseId }, ['meeting.booked']),
    stranger: await subscribe(db(), { consultantId: stranger.id }, events),
  };
}

async function expectSilent(...endpointIds: string[]) {
  for (const id of endpointIds) expect(await queuedFor(db(), id)).toEqual([]);
}

describe('money events (rule 21)', () => {
  it('a charged meeting queues charge.succeeded once, with the amount charged', async () => {
    world.now = new Date(START);
    const { f, c } = await chargedMeeting(world.server, { rateCents: 10_000 });
    // The first charge ran before any endpoint: its event went to nobody.
    const franchiseId = f.franchiseId ?? '';
    const ears = await listeners({ franchiseId, consultantId: c.id }, ['charge.succeeded']);
    expect(await queuedFor(db(), ears.franchise)).toEqual([]);
    // A second meeting of theirs, charged now; a second run charges nothing more.
    const next = await insertMeeting(db(), {
      consultantId: c.id,
      franchisorId: f.id,
      franchiseId,
      startAt: new Date(START.getTime() + 3_600_000),
      durationMinutes: 45,
      rateCents: 10_000,
    });
    await payments().meetings.onBooked(next);
    await setMeetingStatus(db(), next.id, 'completed');
    expect(await payments().charges.chargePayment(next.id)).toBe('charged');
    expect(await payments().charges.chargePayment(next.id)).toBe('skipped');
    for (const endpoint of [ears.franchise, ears.consultant]) {
      const events = await queuedOf(db(), endpoint, 'charge.succeeded');
      expect(events.map((e) => e.data.charge)).toEqual([
        {
          id: next.id,
          meetingId: next.id,
          franchiseId,
          consultantId: c.id,
          amountCents: 30_000,
          currency: 'usd',
          failureMessage: null,
        },
      ]);
    }
    await expectSilent(ears.disabled, ears.meetingsOnly, ears.stranger);
  });

  it('a declined charge queues charge.failed with why, once per counted attempt', async () => {
    world.now = new Date(START);
    const f = await franchisorWhoseCardDeclines(world.server, 'pm_card_chargeDeclined');
    const c = await consultantAccount(world.server);
    const franchiseId = f.franchiseId ?? '';
    const ears = await listeners({ franchiseId, consultantId: c.id }, [
      'charge.failed',
      'charge.succeeded',
    ]);
    const m = await insertMeeting(db(), {
      consultantId: c.id,
      franchisorId: f.id,
      franchiseId,
      startAt: new Date(START.getTime() - 7_200_000),
      durationMinutes: 30,
      rateCents: 5_000,
      status: 'completed',
    });
    await payments().meetings.onCompleted(m);
    expect(await payments().charges.chargePayment(m.id)).toBe('failed');
    // Not retried until a new card: nothing more queued.
    expect(await payments().charges.chargePayment(m.id)).toBe('skipped');
    const [failed, ...more] = await queuedFor(db(), ears.franchise);
    expect(more).toEqual([]);
    expect(failed?.type).toBe('charge.failed');
    if (failed?.type !== 'charge.failed') throw new Error('not a charge.failed event');
    expect(failed.data.charge).toMatchObject({
      id: m.id,
      meetingId: m.id,
      franchiseId,
      consultantId: c.id,
      amountCents: 10_000,
    });
    expect(failed.data.charge.failureMessage).toEqual(expect.stringMatching(/\S/));
    expect((await queuedFor(db(), ears.consultant)).map((e) => e.type)).toEqual(['charge.failed']);
    const [row] = await db().select().from(payment).where(eq(payment.id, m.id));
    expect(row?.isPaid).toBe(false);
    await expectSilent(ears.disabled, ears.meetingsOnly, ears.stranger);
  });

  it("a payout paid queues payout.paid for the consultant's endpoints only", async () => {
    world.now = new Date('2026-02-03T08:00:00Z');
    const f = await franchisorWithCard(world.server);
    const c = await consultantAccount(world.server);
    const franchiseId = f.franchiseId ?? '';
    const ears = await listeners({ franchiseId, consultantId: c.id }, ['payout.paid']);
    await earn(db(), {
      consultantId: c.id,
      franchiseId,
      cents: 10_000,
      at: '2026-01-15T12:00:00Z',
    });
    await markReady(db(), c.id);
    await payments().payouts.runPayouts('2026-01');
    await payments().payouts.runPayouts('2026-01');
    const [row] = await db().select().from(payout).where(eq(payout.consultantId, c.id));
    expect(row?.status).toBe('paid');
    const events = await queuedOf(db(), ears.consultant, 'payout.paid');
    expect(events.map((e) => e.data.payout)).toEqual([
      {
        id: row?.id,
        consultantId: c.id,
        amountCents: 8_000,
        currency: 'usd',
        paidAt: row?.updatedAt.toISOString(),
      },
    ]);
    // The franchise's endpoint, though subscribed, is not the payout's audience.
    await expectSilent(ears.franchise, ears.disabled, ears.meetingsOnly, ears.stranger);
  });

  it('opening and deciding a dispute queue dispute.opened and dispute.resolved; a refused opening nothing', async () => {
    world.now = new Date(START);
    const { f, c, m } = await chargedMeeting(world.server, { rateCents: 10_000 });
    const franchiseId = f.franchiseId ?? '';
    const ears = await listeners({ franchiseId, consultantId: c.id }, [
      'dispute.opened',
      'dispute.resolved',
    ]);
    // The consultant may not open one: refused, nothing queued.
    expect((await openDispute(world.server, c.token, m.id)).status).toBe(403);
    await expectSilent(ears.franchise, ears.consultant);

    world.tick(60_000);
    const opened = await ok<Dispute>(openDispute(world.server, f.token, m.id));
    expect((await openDispute(world.server, f.token, m.id)).status).toBe(409);
    const [open] = await queuedOf(db(), ears.franchise, 'dispute.opened');
    expect(open?.data.dispute).toEqual({
      id: opened.id,
      meetingId: m.id,
      paymentId: m.id,
      status: 'open',
      reason: 'ended_early',
      refundedCents: 0,
      currency: 'usd',
      openedAt: world.now.toISOString(),
      decidedAt: null,
    });

    world.tick(60_000);
    const decided = await world.asAdmin(`/api/admin/disputes/${opened.id}/decision`, {
      method: 'POST',
      body: json({ decision: 'partial_refund', refundCents: 15_000, note: 'Half' }),
    });
    expect(decided.status).toBe(200);
    const [resolved] = await queuedOf(db(), ears.consultant, 'dispute.resolved');
    expect(resolved?.data.dispute).toMatchObject({
      id: opened.id,
      status: 'partially_refunded',
      refundedCents: 15_000,
      decidedAt: world.now.toISOString(),
    });
    expect((await queuedFor(db(), ears.franchise)).map((e) => e.type)).toEqual([
      'dispute.opened',
      'dispute.resolved',
    ]);
    await expectSilent(ears.disabled, ears.meetingsOnly, ears.stranger);
  });
});
