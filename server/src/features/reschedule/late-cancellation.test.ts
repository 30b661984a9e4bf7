import {
  LATE_RESCHEDULE_NOTIFICATION_TYPES,
  LATE_RESCHEDULE_RULES,
  type LateRescheduleList,
  type RescheduleRequest,
  type Session,
} from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mailOutbox,
  meeting,
  meetingSlot,
  notification,
  payment,
  providerAttempt,
  rescheduleRequest,
  user,
} from '../../db/schema/index.ts';
import { unbalancedTransactions } from '../../payments/ledger.ts';
import { heldCents, startLabel } from '../../payments/payment-rows.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import {
  book,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';

// Monday 07:00 in New York.
const START = new Date('2026-03-02T12:00:00Z');
const world = adminTestWorld({ start: START });
const NY = 'America/New_York';
const HOUR = 3_600_000;
/** 10:00 New York on Tuesday 3 March: cancelled at midnight UTC, 15 hours before. */
const TUE_10 = '2026-03-03T15:00:00.000Z';
const CANCELLED_AT = new Date('2026-03-03T00:00:00Z');
const WED_10 = '2026-03-04T15:00:00.000Z';
const THU_10 = '2026-03-05T15:00:00.000Z';
const hourLater = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();

type Reply<T> = { status: number; body: T & { code?: string; message?: string } };

async function send<T>(path: string, token: string, body?: unknown): Promise<Reply<T>> {
  const res = await world.server.fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    ...(body === undefined ? {} : { body: json(body) }),
  });
  return { status: res.status, body: (await res.json()) as T & { code?: string } };
}

const propose = (paymentId: string, token: string, starts: string[]) =>
  send<RescheduleRequest>(`/api/users/payments/${paymentId}/reschedule-requests`, token, {
    starts,
  });
const answer = (
  paymentId: string,
  requestId: string,
  token: string,
  action: 'accept' | 'decline',
  start?: string,
) =>
  send<Session & RescheduleRequest>(
    `/api/users/late-cancellations/${paymentId}/reschedule-requests/${requestId}/${action}`,
    token,
    start ? { start } : {},
  );
const decide = (paymentId: string, token: string, decision: 'charge' | 'reschedule') =>
  send<{ result: string }>(`/api/users/payments/${paymentId}/late-cancellation`, token, {
    decision,
  });

const db = () => world.server.container.db;
const paymentRow = async (id: string) =>
  (await db().select().from(payment).where(eq(payment.id, id)))[0];
const requestRow = async (id: string) =>
  (await db().select().from(rescheduleRequest).where(eq(rescheduleRequest.id, id)))[0];
const noticesOf = (userId: string, type: string) =>
  db()
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)));
const attemptsOf = (id: string, kind: 'hold' | 'release') =>
  db()
    .select()
    .from(providerAttempt)
    .where(and(eq(providerAttempt.subjectId, id), eq(providerAttempt.kind, kind)));

/** A meeting booked on Monday for Tuesday 10:00 and cancelled by its franchisor 15 hours before. */
async function lateCancellation() {
  world.now = START;
  const consultant = await makeConsultant(world.server, {
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [60] },
  });
  const franchisor = await makeFranchisor(world.server);
  const booked = await book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start: TUE_10,
    end: hourLater(TUE_10),
    timeZone: NY,
  });
  expect(booked.status).toBe(201);
  const id = booked.body.id;
  world.now = CANCELLED_AT;
  const cancelled = await world.server.fetch(`/api/session/${id}`, {
    method: 'DELETE',
    token: franchisor.token,
  });
  expect(cancelled.status).toBe(200);
  const p = await paymentRow(id);
  expect(p).toMatchObject({ meetingId: null, lateCancelledAt: CANCELLED_AT });
  return { consultant, franchisor, id, holdId: p?.holdId ?? null, amountCents: p?.amountCents };
}

describe('rescheduling a late cancellation (admin-panel: reschedule or charge; rule 20)', () => {
  it('books the accepted time as a new meeting carrying the payment and its hold once; a taken time is 409 and changes nothing', async () => {
    const late = await lateCancellation();
    expect(late.holdId).toBeTruthy();
    // Only its consultant proposes.
    expect((await propose(late.id, late.franchisor.token, [WED_10])).status).toBe(403);
    const otherConsultant = await makeConsultant(world.server, {
      settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [60] },
    });
    expect((await propose(late.id, otherConsultant.token, [WED_10])).status).toBe(404);

    const proposal = await propose(late.id, late.consultant.token, [WED_10, THU_10]);
    expect(proposal.status).toBe(201);
    expect(proposal.body).toMatchObject({
      meetingId: null,
      proposedBy: 'consultant',
      status: 'open',
      starts: [WED_10, THU_10],
    });
    const waiting = await send<{ data: { paymentId: string }[] }>(
      '/api/users/late-cancellations',
      late.consultant.token,
    );
    expect(waiting.body.data).toContainEqual(
      expect.objectContaining({
        paymentId: late.id,
        durationMinutes: 60,
        proposedStarts: [WED_10, THU_10],
      }),
    );
    const again = await propose(late.id, late.consultant.token, [WED_10]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RESCHEDULE_OPEN_EXISTS');
    // The consultant's decision waits for the franchisor's answer.
    const charge = await decide(late.id, late.consultant.token, 'charge');
    expect(charge.status).toBe(409);
    expect(charge.body.message).toBe(LATE_RESCHEDULE_RULES.openExists);

    // The franchisor is told (live and by e-mail) and finds it in its list.
    const proposedNotices = await noticesOf(
      late.franchisor.id,
      LATE_RESCHEDULE_NOTIFICATION_TYPES.proposed,
    );
    expect(proposedNotices).toHaveLength(1);
    // In the franchisor's zone (none chosen: the consultant's), never the server's UTC.
    expect(proposedNotices[0]?.message).toContain(startLabel(new Date(TUE_10), NY));
    const [franchisorUser] = await db().select().from(user).where(eq(user.id, late.franchisor.id));
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, franchisorUser?.email ?? ''));
    expect(mails.some((m) => m.subject.includes('New times for your cancelled meeting'))).toBe(
      true,
    );
    const list = await send<LateRescheduleList>(
      '/api/users/late-cancellations/reschedule-requests',
      late.franchisor.token,
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({
        paymentId: late.id,
        durationMinutes: 60,
        cancelledStart: TUE_10,
        request: expect.objectContaining({ id: proposal.body.id }),
      }),
    ]);

    // Only its franchisor answers.
    const stranger = await makeFranchisor(world.server);
    expect((await answer(late.id, proposal.body.id, stranger.token, 'accept', WED_10)).status).toBe(
      404,
    );
    expect(
      (await answer(late.id, proposal.body.id, late.consultant.token, 'accept', WED_10)).status,
    ).toBe(403);
    expect(
      (await answer(late.id, proposal.body.id, late.franchisor.token, 'accept', TUE_10)).status,
    ).toBe(422);

    // Thursday is taken meanwhile: 409, and nothing changed.
    const rival = await makeFranchisor(world.server);
    const taken = await book(world.server, rival.token, {
      consultantId: late.consultant.id,
      start: THU_10,
      end: hourLater(THU_10),
      timeZone: NY,
    });
    expect(taken.status).toBe(201);
    const refused = await answer(
      late.id,
      proposal.body.id,
      late.franchisor.token,
      'accept',
      THU_10,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SLOT_TAKEN');
    expect(await db().select().from(meeting).where(eq(meeting.id, late.id))).toEqual([]);
    expect(await paymentRow(late.id)).toMatchObject({
      meetingId: null,
      lateCancelledAt: CANCELLED_AT,
      holdId: late.holdId,
    });
    expect((await requestRow(proposal.body.id))?.status).toBe('open');

    const accepted = await answer(
      late.id,
      proposal.body.id,
      late.franchisor.token,
      'accept',
      WED_10,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: late.id, start: WED_10, status: 'future' });
    const [booked] = await db().select().from(meeting).where(eq(meeting.id, late.id));
    expect(booked).toMatchObject({
      consultantId: late.consultant.id,
      franchisorId: late.franchisor.id,
      durationMinutes: 60,
      startAt: new Date(WED_10),
    });
    const cells = await db().select().from(meetingSlot).where(eq(meetingSlot.meetingId, late.id));
    expect(cells).toHaveLength(4);
    // The payment carries on: same hold (it covers Wednesday), nothing released or placed again.
    expect(await paymentRow(late.id)).toMatchObject({
      meetingId: late.id,
      lateCancelledAt: null,
      status: 'pending',
      holdId: late.holdId,
      startAt: new Date(WED_10),
    });
    expect(await attemptsOf(late.id, 'hold')).toHaveLength(0);
    expect(await attemptsOf(late.id, 'release')).toHaveLength(0);
    // The ledger files the payment's hold under its key, which the new meeting's id keeps.
    expect(await heldCents(db(), late.id, booked?.franchiseId ?? '')).toBe(late.amountCents);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect((await requestRow(proposal.body.id))?.status).toBe('accepted');
    // The consultant is told of the meeting; its late cancellation is no longer waiting.
    expect(await noticesOf(late.consultant.id, 'meeting_booked')).not.toHaveLength(0);
    const pending = await send<{ data: { paymentId: string }[] }>(
      '/api/users/late-cancellations',
      late.consultant.token,
    );
    expect(pending.body.data.map((d) => d.paymentId)).not.toContain(late.id);
    // Once only.
    expect(
      (await answer(late.id, proposal.body.id, late.franchisor.token, 'accept', WED_10)).status,
    ).toBe(409);
  });

  it('keeps one open proposal per payment when two are sent at once', async () => {
    const late = await lateCancellation();
    const answers = await Promise.all([
      propose(late.id, late.consultant.token, [WED_10]),
      propose(late.id, late.consultant.token, [THU_10]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const open = await db()
      .select()
      .from(rescheduleRequest)
      .where(and(eq(rescheduleRequest.paymentId, late.id), eq(rescheduleRequest.status, 'open')));
    expect(open).toHaveLength(1);
  });

  it('after a decline the consultant decides again and may charge', async () => {
    const late = await lateCancellation();
    const proposal = await propose(late.id, late.consultant.token, [WED_10]);
    expect((await answer(late.id, proposal.body.id, late.consultant.token, 'decline')).status).toBe(
      403,
    );
    const declined = await answer(late.id, proposal.body.id, late.franchisor.token, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    const declinedNotices = await noticesOf(
      late.consultant.id,
      LATE_RESCHEDULE_NOTIFICATION_TYPES.declined,
    );
    expect(declinedNotices).toHaveLength(1);
    expect(declinedNotices[0]?.message).toContain(startLabel(new Date(TUE_10), NY));
    expect(await paymentRow(late.id)).toMatchObject({ meetingId: null, holdId: late.holdId });
    expect(await db().select().from(meeting).where(eq(meeting.id, late.id))).toEqual([]);
    expect((await decide(late.id, late.consultant.token, 'charge')).body).toEqual({
      result: 'charged',
    });
    expect(await paymentRow(late.id)).toMatchObject({ isPaid: true });
    // Settled: no more proposals.
    expect((await propose(late.id, late.consultant.token, [WED_10])).status).toBe(409);
  });

  it('refuses to reschedule a payment that does not keep its booking, which can still be charged', async () => {
    const late = await lateCancellation();
    await db().update(payment).set({ franchisorId: null }).where(eq(payment.id, late.id));
    const refused = await propose(late.id, late.consultant.token, [WED_10]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(LATE_RESCHEDULE_RULES.noBooking);
    expect(
      await db().select().from(rescheduleRequest).where(eq(rescheduleRequest.paymentId, late.id)),
    ).toEqual([]);
    expect((await decide(late.id, late.consultant.token, 'charge')).body).toEqual({
      result: 'charged',
    });
  });
});
