import {
  ERROR_CODES,
  RESCHEDULE_RULES,
  type RescheduleHistory,
  type RescheduleRequest,
  type Session,
} from '@fm/sdk/contracts';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mailOutbox,
  meeting,
  meetingSlot,
  notification,
  payment,
  providerAttempt,
  rescheduleRequest,
} from '../../db/schema/index.ts';
import { unbalancedTransactions } from '../../payments/ledger.ts';
import { heldCents } from '../../payments/payment-rows.ts';
import { insertMeeting } from '../../testing/index.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import {
  book,
  getSlots,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';

// Monday 07:00 in New York; tests set the clock they need, before the real date.
const START = new Date('2026-03-02T12:00:00Z');
const world = adminTestWorld({ start: START });
const NY = 'America/New_York';
const HOUR = 3_600_000;

/** 10:00 New York (EST, UTC−5) on Tuesday 3 March. */
const TUE_10 = '2026-03-03T15:00:00.000Z';
const WED_10 = '2026-03-04T15:00:00.000Z';
const WED_11 = '2026-03-04T16:00:00.000Z';
const WED_14 = '2026-03-04T19:00:00.000Z';
const THU_10 = '2026-03-05T15:00:00.000Z';
const FRI_10 = '2026-03-06T15:00:00.000Z';
/** 10:00 New York (EDT, UTC−4 from 8 March) on the Mondays and Tuesday after. */
const MON_9_10 = '2026-03-09T14:00:00.000Z';
const TUE_10_10 = '2026-03-10T14:00:00.000Z';

const hourLater = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();

/** A consultant with office hours and hour-long meetings, and a franchisor who booked `start`. */
async function bookedMeeting(start = TUE_10) {
  const consultant = await makeConsultant(world.server, {
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [60] },
  });
  const franchisor = await makeFranchisor(world.server);
  const res = await book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start,
    end: hourLater(start),
    timeZone: NY,
  });
  expect(res.status).toBe(201);
  return { consultant, franchisor, id: res.body.id };
}

const call = (path: string, token: string, body?: unknown) =>
  world.server.fetch(`/api/session/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    ...(body === undefined ? {} : { body: json(body) }),
  });

async function propose(id: string, token: string, starts: string[]) {
  const res = await call(`${id}/reschedule-requests`, token, { starts });
  return {
    status: res.status,
    body: (await res.json()) as RescheduleRequest & { code?: string; message?: string },
  };
}

async function accept(id: string, requestId: string, token: string, start: string) {
  const res = await call(`${id}/reschedule-requests/${requestId}/accept`, token, { start });
  return {
    status: res.status,
    body: (await res.json()) as Session & { code?: string; message?: string },
  };
}

async function history(id: string, token: string) {
  const res = await call(`${id}/reschedule-requests`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as RescheduleHistory;
}

const db = () => world.server.container.db;
const cellsOf = async (id: string) =>
  (await db().select().from(meetingSlot).where(eq(meetingSlot.meetingId, id)))
    .map((c) => c.cellStart)
    .sort();
const meetingRow = async (id: string) =>
  (await db().select().from(meeting).where(eq(meeting.id, id)))[0];
const paymentOf = async (id: string) =>
  (await db().select().from(payment).where(eq(payment.meetingId, id)))[0];
const attemptsOf = (id: string, kind: 'hold' | 'release') =>
  db()
    .select()
    .from(providerAttempt)
    .where(and(eq(providerAttempt.subjectId, id), eq(providerAttempt.kind, kind)));

/** Moves a meeting once: the franchisor proposes `start`, the consultant accepts it. */
async function move(
  m: Awaited<ReturnType<typeof bookedMeeting>>,
  start: string,
): Promise<Session & { code?: string }> {
  const proposal = await propose(m.id, m.franchisor.token, [start]);
  expect(proposal.status).toBe(201);
  return (await accept(m.id, proposal.body.id, m.consultant.token, start)).body;
}

describe('rescheduling a meeting (rule 20)', () => {
  it('moves the meeting to the accepted time: old time offered again, new time taken, both told', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const cellsBefore = await cellsOf(m.id);
    const holdBefore = await paymentOf(m.id);
    expect(holdBefore?.holdId).toBeTruthy();

    const proposal = await propose(m.id, m.franchisor.token, [WED_10, WED_11]);
    expect(proposal.status).toBe(201);
    expect(proposal.body).toMatchObject({
      proposedBy: 'franchisor',
      starts: [WED_10, WED_11],
      status: 'open',
    });
    // The consultant is told, live and by e-mail.
    const [told] = await db()
      .select()
      .from(notification)
      .where(
        and(eq(notification.userId, m.consultant.id), eq(notification.type, 'reschedule_proposed')),
      );
    expect(told?.link).toBe(`/bookings/${m.id}`);

    // One open proposal per meeting, from either side.
    const second = await propose(m.id, m.consultant.token, [THU_10]);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('RESCHEDULE_OPEN_EXISTS');
    expect((await history(m.id, m.consultant.token)).canPropose).toBe(false);

    // Only the other side answers; only a proposed time.
    const own = await accept(m.id, proposal.body.id, m.franchisor.token, WED_11);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(RESCHEDULE_RULES.ownProposal);
    const other = await accept(m.id, proposal.body.id, m.consultant.token, THU_10);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(RESCHEDULE_RULES.notProposed);

    const moved = await accept(m.id, proposal.body.id, m.consultant.token, WED_11);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: WED_11, end: hourLater(WED_11), duration: 60 });

    // The old time is offered again, the new one is not.
    const tuesday = await getSlots(world.server, m.consultant.id, {
      date: '2026-03-03',
      timezone: NY,
    });
    expect(tuesday.days[0]?.slots.map((s) => s.start)).toContain(TUE_10);
    const wednesday = await getSlots(world.server, m.consultant.id, {
      date: '2026-03-04',
      timezone: NY,
    });
    expect(wednesday.days[0]?.slots.map((s) => s.start)).not.toContain(WED_11);
    const cellsAfter = await cellsOf(m.id);
    expect(cellsAfter).toHaveLength(cellsBefore.length);
    expect(cellsAfter[0]).toBe(Date.parse(WED_11) / 60_000);

    expect(await meetingRow(m.id)).toMatchObject({ rescheduleCount: 1, icsSequence: 1 });
    const h = await history(m.id, m.franchisor.token);
    expect(h.data[0]).toMatchObject({ status: 'accepted', acceptedStart: WED_11 });
    expect(h.rescheduleCount).toBe(1);
    expect(h.canPropose).toBe(true);
    // The admin's booking detail shows the same history.
    const admin = (await (await world.asAdmin(`/api/admin/sessions/${m.id}`)).json()) as {
      reschedules?: RescheduleRequest[];
    };
    expect(admin.reschedules).toEqual(h.data);

    // The franchisor is told, with the invitation of the same event at a higher SEQUENCE.
    const [moveNotice] = await db()
      .select()
      .from(notification)
      .where(
        and(eq(notification.userId, m.franchisor.id), eq(notification.type, 'meeting_rescheduled')),
      );
    expect(moveNotice?.message).toContain('moved the meeting to 4 Mar, 2026, 11:00 am');
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, m.franchisor.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const ics = Buffer.from(mail?.attachments?.[0]?.content ?? '', 'base64').toString();
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${m.id}`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART:20260304T160000Z');

    // The hold, placed at booking, still covers Wednesday: it is kept, and no second one is asked for.
    const after = await paymentOf(m.id);
    expect(after?.holdId).toBe(holdBefore?.holdId);
    expect(after?.startAt?.toISOString()).toBe(WED_11);
    expect(await attemptsOf(m.id, 'release')).toEqual([]);

    // A cancellation now outranks the moved invitation.
    const cancel = await world.server.fetch(`/api/session/${m.id}`, {
      method: 'DELETE',
      token: m.franchisor.token,
    });
    expect(cancel.status).toBe(200);
    const [cancelMail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, m.consultant.email), like(mailOutbox.subject, '%cancelled%')))
      .limit(1);
    const cancelIcs = Buffer.from(cancelMail?.attachments?.[0]?.content ?? '', 'base64').toString();
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain('SEQUENCE:2');
  });

  it('answers 409 when the new time was taken meanwhile, and changes nothing', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const proposal = await propose(m.id, m.consultant.token, [WED_14]);
    expect(proposal.status).toBe(201);
    expect(proposal.body.proposedBy).toBe('consultant');
    const cellsBefore = await cellsOf(m.id);
    const rival = await makeFranchisor(world.server);
    const taken = await book(world.server, rival.token, {
      consultantId: m.consultant.id,
      start: WED_14,
      end: hourLater(WED_14),
      timeZone: NY,
    });
    expect(taken.status).toBe(201);

    const res = await accept(m.id, proposal.body.id, m.franchisor.token, WED_14);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SLOT_TAKEN');
    expect(res.body.message).toBe(ERROR_CODES.SLOT_TAKEN.message);
    expect(await meetingRow(m.id)).toMatchObject({
      startAt: new Date(TUE_10),
      rescheduleCount: 0,
      icsSequence: 0,
    });
    expect(await cellsOf(m.id)).toEqual(cellsBefore);
    const [request] = await db()
      .select()
      .from(rescheduleRequest)
      .where(eq(rescheduleRequest.id, proposal.body.id));
    expect(request?.status).toBe('open');
  });

  it('is refused by the meeting_slot cells themselves when the time is held past every earlier check', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const proposal = await propose(m.id, m.franchisor.token, [THU_10]);
    const cellsBefore = await cellsOf(m.id);
    // A row the availability read does not count (declined) still holding Thursday's first cell:
    // only the cells' primary key, inside the move's transaction, stands in the way.
    const holder = await insertMeeting(db(), {
      consultantId: m.consultant.id,
      franchisorId: m.franchisor.id,
      franchiseId: m.franchisor.franchiseId,
      startAt: new Date(THU_10),
      durationMinutes: 15,
      rateCents: 5_000,
      status: 'declined',
    });
    await db()
      .insert(meetingSlot)
      .values({
        consultantId: m.consultant.id,
        cellStart: Date.parse(THU_10) / 60_000,
        meetingId: holder.id,
      });

    const res = await accept(m.id, proposal.body.id, m.consultant.token, THU_10);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SLOT_TAKEN');
    expect(await meetingRow(m.id)).toMatchObject({ startAt: new Date(TUE_10), rescheduleCount: 0 });
    expect(await cellsOf(m.id)).toEqual(cellsBefore);
    const [request] = await db()
      .select()
      .from(rescheduleRequest)
      .where(eq(rescheduleRequest.id, proposal.body.id));
    expect(request?.status).toBe('open');
    expect((await paymentOf(m.id))?.startAt?.toISOString()).toBe(TUE_10);
  });

  it('refuses a taken or unoffered time at the proposal, and lets the other side decline', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const rival = await makeFranchisor(world.server);
    await book(world.server, rival.token, {
      consultantId: m.consultant.id,
      start: THU_10,
      end: hourLater(THU_10),
      timeZone: NY,
    });
    expect((await propose(m.id, m.franchisor.token, [THU_10])).status).toBe(409);
    // Saturday: outside the consultant's hours.
    const saturday = await propose(m.id, m.franchisor.token, ['2026-03-07T15:00:00.000Z']);
    expect(saturday.status).toBe(422);
    expect(saturday.body.code).toBe('SLOT_NOT_OFFERED');
    const tooMany = await propose(m.id, m.franchisor.token, [WED_10, WED_11, WED_14, FRI_10]);
    expect(tooMany.status).toBe(400);

    const proposal = await propose(m.id, m.franchisor.token, [WED_10]);
    const declined = await call(
      `${m.id}/reschedule-requests/${proposal.body.id}/decline`,
      m.consultant.token,
      {},
    );
    expect(declined.status).toBe(200);
    expect(((await declined.json()) as RescheduleRequest).status).toBe('declined');
    const [told] = await db()
      .select()
      .from(notification)
      .where(
        and(eq(notification.userId, m.franchisor.id), eq(notification.type, 'reschedule_declined')),
      );
    expect(told).toBeDefined();
    const late = await accept(m.id, proposal.body.id, m.consultant.token, WED_10);
    expect(late.status).toBe(409);
    expect((await meetingRow(m.id))?.startAt.toISOString()).toBe(TUE_10);
    // Someone else's meeting: not found.
    const stranger = await makeFranchisor(world.server);
    expect((await propose(m.id, stranger.token, [WED_10])).status).toBe(404);
  });

  it('withdraws the open proposal when the consultant declines the meeting', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const proposal = await propose(m.id, m.franchisor.token, [WED_10]);
    const declined = await world.server.fetch(`/api/session/${m.id}`, {
      method: 'PATCH',
      token: m.consultant.token,
      body: json({ status: 'declined', duration: 15, dateTime: START.toISOString() }),
    });
    expect(declined.status).toBe(200);
    const h = await history(m.id, m.franchisor.token);
    expect(h.data[0]).toMatchObject({ id: proposal.body.id, status: 'withdrawn' });
    expect(h.canPropose).toBe(false);
    expect((await accept(m.id, proposal.body.id, m.consultant.token, WED_10)).status).toBe(409);
  });

  it('moves a meeting at most three times', async () => {
    world.now = START;
    const m = await bookedMeeting();
    for (const start of [WED_10, THU_10, FRI_10]) {
      expect((await move(m, start)).start).toBe(start);
    }
    const fourth = await propose(m.id, m.franchisor.token, [WED_14]);
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toBe(RESCHEDULE_RULES.limitReached);
    expect(await meetingRow(m.id)).toMatchObject({ rescheduleCount: 3, icsSequence: 3 });
    expect((await history(m.id, m.consultant.token)).canPropose).toBe(false);
  });

  it('refuses once the meeting room has opened', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const proposal = await propose(m.id, m.franchisor.token, [WED_10]);
    world.now = new Date(Date.parse(TUE_10) - 5 * 60_000);
    const res = await accept(m.id, proposal.body.id, m.consultant.token, WED_10);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(RESCHEDULE_RULES.roomOpened);
    expect((await meetingRow(m.id))?.startAt.toISOString()).toBe(TUE_10);
    world.now = START;
  });

  it('releases a hold that does not cover the new time and places the next one by the 48-hour rule, once', async () => {
    world.now = START;
    const m = await bookedMeeting();
    const first = await paymentOf(m.id);
    expect(first?.holdId).toBeTruthy();
    // The hold placed now lapses before 10 March: it is given back, the next one is due 48 h before.
    expect((await move(m, TUE_10_10)).start).toBe(TUE_10_10);
    const moved = await paymentOf(m.id);
    expect(moved).toMatchObject({ holdId: null, startAt: new Date(TUE_10_10) });
    expect(moved?.holdDueAt?.toISOString()).toBe(
      new Date(Date.parse(TUE_10_10) - 48 * HOUR).toISOString(),
    );
    const releases = await attemptsOf(m.id, 'release');
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ state: 'succeeded', intentId: first?.holdId });
    // The ledger follows the provider: nothing held between the release and the next hold.
    const franchiseId = (await meetingRow(m.id))?.franchiseId ?? '';
    expect(await heldCents(db(), m.id, franchiseId)).toBe(0);
    expect(await unbalancedTransactions(db())).toEqual([]);

    world.now = new Date(Date.parse(TUE_10_10) - 47 * HOUR);
    const meetings = world.server.container.payments?.meetings;
    await meetings?.placeDueHolds();
    await meetings?.placeDueHolds();
    const placed = await paymentOf(m.id);
    expect(placed?.holdId).toBeTruthy();
    expect(placed?.holdId).not.toBe(first?.holdId);
    expect(await attemptsOf(m.id, 'hold')).toHaveLength(1);
    expect(await heldCents(db(), m.id, franchiseId)).toBe(placed?.amountCents);
    expect(await unbalancedTransactions(db())).toEqual([]);
    // Cancelled early enough: the hold placed again is released in the ledger too, once.
    world.now = START;
    const cancelled = await world.server.fetch(`/api/session/${m.id}`, {
      method: 'DELETE',
      token: m.franchisor.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await heldCents(db(), m.id, franchiseId)).toBe(0);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('places the next hold at once when the new time is within the booking window', async () => {
    world.now = START;
    const m = await bookedMeeting(FRI_10);
    const first = await paymentOf(m.id);
    // Three days on, Monday 9 March is within five days, and past the first hold's seven.
    world.now = new Date('2026-03-05T12:00:00Z');
    expect((await move(m, MON_9_10)).start).toBe(MON_9_10);
    const moved = await paymentOf(m.id);
    expect(moved?.holdId).toBeTruthy();
    expect(moved?.holdId).not.toBe(first?.holdId);
    expect(await attemptsOf(m.id, 'release')).toHaveLength(1);
    expect(await attemptsOf(m.id, 'hold')).toHaveLength(1);
    await world.server.container.payments?.meetings.placeDueHolds();
    expect((await paymentOf(m.id))?.holdId).toBe(moved?.holdId);
    world.now = START;
  });
});
