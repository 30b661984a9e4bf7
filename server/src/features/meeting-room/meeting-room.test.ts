import type {
  AdminSession,
  MeetingRoomInfo,
  PresenceEvent,
  PresenceSummary,
  Session,
} from '@fm/sdk/contracts';
import { meetingRoomId } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntry, ledgerTransaction, meeting, payment, user } from '../../db/schema/index.ts';
import { ACCOUNTS, meetingBalances } from '../../payments/ledger.ts';
import { json, signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { hourMeeting } from './test-fixtures.ts';

/**
 * The meeting room on the API (rule 16), on a real database with the ledger provider: who may enter
 * (page data and tickets), presence reports from the room server, the presence summary, and the
 * completion rules billing rests on (cap at measured, no-shows both ways), checked in charged cents.
 */

const MIN = 60_000;
// A Monday in the past of the real clock, so that sessions stay valid while the test clock moves.
const T0 = new Date(Date.UTC(2026, 0, 5, 15));
let clock = new Date(T0.getTime() - 60 * MIN);
let server: TestServer;
let secret: string;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  secret = server.container.env.REALTIME_SECRET;
});
afterAll(() => server.close());

interface Cast {
  meetingId: string;
  consultant: { id: string; token: string };
  franchisor: { id: string; token: string; franchiseId: string | null };
  colleague: { id: string; token: string };
  outsider: { id: string; token: string };
}

/** A one-hour meeting at T0 booked at $50 per 15 minutes, with its hold placed in the ledger. */
async function cast(): Promise<Cast> {
  const { consultant, franchisor, meeting: m } = await hourMeeting(server, T0);
  const colleagueAccount = await server.signUp('franchisor');
  await server.container.db
    .update(user)
    .set({ franchiseId: franchisor.franchiseId })
    .where(eq(user.id, colleagueAccount.user.id));
  const outsiderAccount = await server.signUp('franchisor');
  await server.container.payments?.meetings.onBooked(m, { now: clock });
  return {
    meetingId: m.id,
    consultant,
    franchisor: { id: franchisor.id, token: franchisor.token, franchiseId: franchisor.franchiseId },
    colleague: { id: colleagueAccount.user.id, token: colleagueAccount.token },
    outsider: { id: outsiderAccount.user.id, token: outsiderAccount.token },
  };
}

const at = (minutes: number) => T0.getTime() + minutes * MIN;

function report(meetingId: string, events: PresenceEvent[], bearer = secret) {
  return fetch(`${server.url}/api/realtime/presence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: json({ room: meetingRoomId(meetingId), events }),
  });
}

/** Reports one stretch of one person: a join, then a leave. */
async function present(meetingId: string, userId: string, from: number, to: number) {
  const connectionId = crypto.randomUUID();
  const res = await report(meetingId, [
    { kind: 'join', connectionId, userId, at: at(from) },
    { kind: 'leave', connectionId, userId, at: at(to) },
  ]);
  expect(res.status).toBe(200);
}

const get = (path: string, token: string) => server.fetch(path, { token });

async function complete(c: Cast, duration?: number) {
  return server.fetch(`/api/session/${c.meetingId}`, {
    method: 'PATCH',
    token: c.consultant.token,
    body: json(
      duration === undefined ? { status: 'completed' } : { status: 'completed', duration },
    ),
  });
}

async function captured(meetingId: string): Promise<number> {
  const lines = await server.container.db
    .select({ account: ledgerEntry.account, amount: ledgerEntry.amountCents })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(eq(ledgerTransaction.idempotencyKey, `capture:${meetingId}`));
  return lines.filter((l) => l.amount > 0).reduce((sum, l) => sum + l.amount, 0);
}

async function meetingRow(id: string) {
  const [row] = await server.container.db.select().from(meeting).where(eq(meeting.id, id));
  return row;
}

describe('who may enter the room, and when', () => {
  it('the consultant and every franchise member get the room; anyone else 404', async () => {
    clock = new Date(at(-5));
    const c = await cast();
    for (const who of [c.consultant, c.franchisor, c.colleague]) {
      const res = await get(`/api/session/${c.meetingId}/room`, who.token);
      expect(res.status).toBe(200);
      const info = (await res.json()) as MeetingRoomInfo;
      expect(info).toMatchObject({
        room: `meeting-${c.meetingId}`,
        state: 'open',
        rate: 50,
        durationMinutes: 60,
        iceServers: [],
        maxParticipants: 4,
        opensAt: new Date(at(-10)).toISOString(),
        closesAt: new Date(at(90)).toISOString(),
      });
      expect(info.self.userId).toBe(who.id);
      expect(info.members.map((m) => m.userId).sort()).toEqual(
        [c.consultant.id, c.franchisor.id, c.colleague.id].sort(),
      );
    }
    const refused = await get(`/api/session/${c.meetingId}/room`, c.outsider.token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(`/api/session/${c.meetingId}/presence`, c.outsider.token)).status).toBe(404);
    expect((await get('/api/session/nope/room', c.consultant.token)).status).toBe(404);
  });

  it('tickets for meeting-{id}: members inside the window only (404 outsider, 422 outside)', async () => {
    clock = new Date(at(-5));
    const c = await cast();
    const ticket = (token: string) =>
      server.fetch('/api/realtime/ticket', {
        method: 'POST',
        token,
        body: json({ room: meetingRoomId(c.meetingId) }),
      });
    expect((await ticket(c.consultant.token)).status).toBe(200);
    expect((await ticket(c.colleague.token)).status).toBe(200);
    expect((await ticket(c.outsider.token)).status).toBe(404);
    clock = new Date(at(-11));
    const early = await ticket(c.franchisor.token);
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ message: 'The meeting room is not open now.' });
    const info = (await (
      await get(`/api/session/${c.meetingId}/room`, c.franchisor.token)
    ).json()) as MeetingRoomInfo;
    expect(info.state).toBe('notYetOpen');
    clock = new Date(at(90));
    expect((await ticket(c.franchisor.token)).status).toBe(422);
    clock = new Date(at(89));
    expect((await ticket(c.franchisor.token)).status).toBe(200);
  });

  it('redeeming a meeting ticket tells the room server the side and the closing time', async () => {
    clock = new Date(at(-5));
    const c = await cast();
    const redeemed = async (token: string) => {
      const issued = await server.fetch('/api/realtime/ticket', {
        method: 'POST',
        token,
        body: json({ room: meetingRoomId(c.meetingId) }),
      });
      const { ticket } = (await issued.json()) as { ticket: string };
      const res = await fetch(`${server.url}/api/realtime/redeem`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: json({ ticket, room: meetingRoomId(c.meetingId) }),
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await redeemed(c.consultant.token)).toEqual({
      userId: c.consultant.id,
      role: 'consultant',
      meeting: { side: 'consultant', closesAt: at(90) },
    });
    expect(await redeemed(c.colleague.token)).toEqual({
      userId: c.colleague.id,
      role: 'franchisor',
      meeting: { side: 'franchise', closesAt: at(90) },
    });
  });
});

describe('presence reports from the room server', () => {
  it('are refused without the shared secret and for malformed bodies, storing nothing', async () => {
    clock = new Date(at(30));
    const c = await cast();
    const event: PresenceEvent = {
      kind: 'join',
      connectionId: 'x',
      userId: c.consultant.id,
      at: at(0),
    };
    expect((await report(c.meetingId, [event], 'wrong')).status).toBe(403);
    const bad = await fetch(`${server.url}/api/realtime/presence`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: json({ room: 'user-u1', events: [event] }),
    });
    expect(bad.status).toBe(400);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
    ).json()) as PresenceSummary;
    expect(summary.roomUsed).toBe(false);
  });

  it('builds the log: overlap measured, a heartbeat that stopped ends 30 s after it, outsiders dropped', async () => {
    clock = new Date(at(40));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, -3, 20);
    await present(c.meetingId, c.franchisor.id, 2, 12);
    // A reconnect of the colleague; the second stretch's heartbeat stopped at 25:00.
    await present(c.meetingId, c.colleague.id, 10, 15);
    const res = await report(c.meetingId, [
      { kind: 'join', connectionId: 'col-2', userId: c.colleague.id, at: at(16) },
      { kind: 'seen', connectionId: 'col-2', userId: c.colleague.id, at: at(25) },
      { kind: 'join', connectionId: 'intruder', userId: c.outsider.id, at: at(0) },
    ]);
    expect(res.status).toBe(200);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.franchisor.token)
    ).json()) as PresenceSummary;
    // Together: 2–15 (franchisor, colleague) and 16–20: 13 + 4 minutes.
    expect(summary).toMatchObject({
      roomUsed: true,
      measuredMinutes: 17,
      maxChargeableMinutes: 17,
      proposedMinutes: 17,
      consultantMinutesInBookedTime: 20,
      consultantNoShow: false,
      franchiseNoShow: false,
    });
    expect(summary.intervals).toHaveLength(4);
    const lost = summary.intervals.find((i) => i.joinedAt === new Date(at(16)).toISOString());
    expect(lost).toMatchObject({
      endedBy: 'heartbeat',
      leftAt: new Date(at(25) + 30_000).toISOString(),
    });
    expect(summary.intervals.some((i) => i.userId === c.outsider.id)).toBe(false);

    // The admin booking detail shows the same log.
    const admin = await signInAdmin(server);
    const detail = await server.fetch(`/api/admin/sessions/${c.meetingId}`, { token: admin });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as AdminSession;
    expect(body.presence?.measuredMinutes).toBe(17);
    expect(body.presence?.intervals).toEqual(summary.intervals);
  });

  it('a member removed from the franchise while in the room: later signs dropped, the leave kept', async () => {
    clock = new Date(at(40));
    const c = await cast();
    const res = await report(c.meetingId, [
      { kind: 'join', connectionId: 'col', userId: c.colleague.id, at: at(0) },
      { kind: 'seen', connectionId: 'col', userId: c.colleague.id, at: at(10) },
    ]);
    expect(res.status).toBe(200);
    await server.container.db
      .update(user)
      .set({ franchiseId: null })
      .where(eq(user.id, c.colleague.id));
    await report(c.meetingId, [
      { kind: 'seen', connectionId: 'col', userId: c.colleague.id, at: at(20) },
      { kind: 'leave', connectionId: 'col', userId: c.colleague.id, at: at(20) },
      // A leave for a stretch that never was stores nothing.
      { kind: 'leave', connectionId: 'ghost', userId: c.colleague.id, at: at(20) },
    ]);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
    ).json()) as PresenceSummary;
    expect(summary.intervals).toEqual([
      expect.objectContaining({
        userId: c.colleague.id,
        endedBy: 'leave',
        leftAt: new Date(at(20)).toISOString(),
      }),
    ]);
  });

  it('keeps the joins the room refused, apart from presence, for both sides and the admin', async () => {
    clock = new Date(at(40));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, 0, 30);
    await present(c.meetingId, c.franchisor.id, 0, 30);
    const refused: PresenceEvent = {
      kind: 'refused',
      connectionId: 'x-1',
      userId: c.colleague.id,
      at: at(5),
    };
    // Reported twice (a retry): kept once. An outsider's is dropped.
    for (let i = 0; i < 2; i++) expect((await report(c.meetingId, [refused])).status).toBe(200);
    await report(c.meetingId, [{ ...refused, connectionId: 'x-2', userId: c.outsider.id }]);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.franchisor.token)
    ).json()) as PresenceSummary;
    expect(summary.refusals).toEqual([
      {
        userId: c.colleague.id,
        name: expect.any(String),
        side: 'franchise',
        at: new Date(at(5)).toISOString(),
        reason: 'full',
      },
    ]);
    // Not presence: the log and the measure are the two who were there.
    expect(summary.intervals).toHaveLength(2);
    expect(summary.measuredMinutes).toBe(30);
    const admin = await signInAdmin(server);
    const detail = (await (
      await server.fetch(`/api/admin/sessions/${c.meetingId}`, { token: admin })
    ).json()) as AdminSession;
    expect(detail.presence?.refusals).toEqual(summary.refusals);
  });
});

describe('the measure stops when the room closes (booked end + 30 min)', () => {
  it('a call kept going after the close adds nothing to the measure or to what may be charged', async () => {
    // The room of the meeting at T0 (one hour) closes at 90:00.
    clock = new Date(at(95));
    const c = await cast();
    // Both joined at 85:00 and the room server still saw them at 94:30 (the browsers kept the call).
    const res = await report(c.meetingId, [
      { kind: 'join', connectionId: 'con', userId: c.consultant.id, at: at(85) },
      { kind: 'join', connectionId: 'fra', userId: c.franchisor.id, at: at(85) },
      { kind: 'seen', connectionId: 'con', userId: c.consultant.id, at: at(94.5) },
      { kind: 'seen', connectionId: 'fra', userId: c.franchisor.id, at: at(94.5) },
    ]);
    expect(res.status).toBe(200);
    const presence = async () =>
      (await (
        await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
      ).json()) as PresenceSummary;
    expect(await presence()).toMatchObject({
      measuredMinutes: 5,
      maxChargeableMinutes: 5,
      proposedMinutes: 5,
    });
    // Later, with their leaves reported, still five.
    clock = new Date(at(100));
    await report(c.meetingId, [
      { kind: 'leave', connectionId: 'con', userId: c.consultant.id, at: at(99) },
      { kind: 'leave', connectionId: 'fra', userId: c.franchisor.id, at: at(99) },
    ]);
    expect((await presence()).measuredMinutes).toBe(5);
    const room = (await (
      await get(`/api/session/${c.meetingId}/room`, c.franchisor.token)
    ).json()) as MeetingRoomInfo;
    expect(room).toMatchObject({ state: 'closed', presence: { measuredMinutes: 5 } });

    // The completion refuses the time after the close.
    expect((await complete(c, 6)).status).toBe(422);
    const done = await complete(c);
    expect(done.status).toBe(200);
    expect(((await done.json()) as Session).duration).toBe(5);
  });
});

describe('completion is billed from measured presence (ledger, charged cents)', () => {
  it('a duration above the measured one is 422 DURATION_EXCEEDS_MEASURED and changes nothing', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, 0, 40);
    await present(c.meetingId, c.franchisor.id, 1, 40); // 39 minutes together
    const refused = await complete(c, 45);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      code: 'DURATION_EXCEEDS_MEASURED',
      message: 'The duration is longer than the measured meeting time.',
    });
    expect(await meetingRow(c.meetingId)).toMatchObject({ status: 'future', durationMinutes: 60 });

    const done = await complete(c, 39);
    expect(done.status).toBe(200);
    expect((await done.json()) as Session).toMatchObject({
      status: 'completed',
      duration: 39,
      amount: 100,
    });
    expect(await server.container.payments?.charges.chargePayment(c.meetingId)).toBe('charged');
    // floor(39 / 15) × $50 = $100.
    expect(await captured(c.meetingId)).toBe(10_000);
  });

  it('without a duration the measured time (up to the booked length) is charged', async () => {
    clock = new Date(at(100));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, -8, 80);
    await present(c.meetingId, c.colleague.id, -8, 80); // 88 minutes together, 60 booked
    expect((await complete(c, 61)).status).toBe(422);
    const done = await complete(c);
    expect(((await done.json()) as Session).duration).toBe(60);
    await server.container.payments?.charges.chargePayment(c.meetingId);
    expect(await captured(c.meetingId)).toBe(20_000);
  });

  it('no presence at all keeps today’s behaviour: the booked duration is charged', async () => {
    clock = new Date(at(70));
    const c = await cast();
    const done = await complete(c, 15);
    expect(done.status).toBe(200);
    expect(((await done.json()) as Session).duration).toBe(60);
    await server.container.payments?.charges.chargePayment(c.meetingId);
    expect(await captured(c.meetingId)).toBe(20_000);
  });

  it('franchise no-show: the consultant waited 10 minutes inside the booked time and may charge it all', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, -5, 10);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
    ).json()) as PresenceSummary;
    expect(summary).toMatchObject({
      franchiseNoShow: true,
      maxChargeableMinutes: 60,
      proposedMinutes: 60,
    });
    // The franchise side cannot report the consultant.
    const report = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(report.status).toBe(422);
    const done = await complete(c, 60);
    expect(done.status).toBe(200);
    await server.container.payments?.charges.chargePayment(c.meetingId);
    expect(await captured(c.meetingId)).toBe(20_000);
  });

  it('consultant no-show: the franchisor reports it, nothing is charged, the hold is released', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.colleague.id, 0, 12);
    const franchiseId = c.franchisor.franchiseId ?? '';
    const held = await meetingBalances(server.container.db, c.meetingId);
    expect(held[ACCOUNTS.franchiseHold(franchiseId)]).toBe(20_000);
    // Only the franchise side reports, and only members (outsiders 404).
    const byConsultant = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.consultant.token,
    });
    expect(byConsultant.status).toBe(403);
    const byOutsider = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.outsider.token,
    });
    expect(byOutsider.status).toBe(404);

    const reported = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(reported.status).toBe(200);
    expect(((await reported.json()) as PresenceSummary).noShowReportedAt).toBe(clock.toISOString());
    expect(await meetingRow(c.meetingId)).toMatchObject({ status: 'declined' });
    const after = await meetingBalances(server.container.db, c.meetingId);
    expect(after[ACCOUNTS.franchiseHold(franchiseId)] ?? 0).toBe(0);
    const [pay] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, c.meetingId));
    expect(pay).toMatchObject({ status: 'declined', isPaid: false });

    // The consultant can no longer complete it, and nothing is ever charged.
    const late = await complete(c, 0);
    expect(late.status).toBe(422);
    expect(await server.container.payments?.charges.chargePayment(c.meetingId)).not.toBe('charged');
    expect(await captured(c.meetingId)).toBe(0);
    // Reporting twice is refused.
    const again = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(again.status).toBe(422);
  });

  it('a no-show cannot be reported when the consultant came, or the member waited under 10 minutes', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.franchisor.id, 0, 9);
    const short = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(short.status).toBe(422);
    await present(c.meetingId, c.franchisor.id, 20, 40);
    // Two minutes inside the booked time: the consultant joined.
    await present(c.meetingId, c.consultant.id, 45, 47);
    const came = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(came.status).toBe(422);
    expect(await meetingRow(c.meetingId)).toMatchObject({ status: 'future' });
  });

  it('a franchise pop-in before the start neither cancels the franchise no-show nor caps the bill', async () => {
    clock = new Date(at(70));
    const c = await cast();
    // Six seconds, eight minutes before the start; the consultant waits from 2 minutes before.
    await present(c.meetingId, c.franchisor.id, -8, -7.9);
    await present(c.meetingId, c.consultant.id, -2, 15);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
    ).json()) as PresenceSummary;
    expect(summary).toMatchObject({
      roomUsed: true,
      franchiseJoined: false,
      consultantJoined: true,
      franchiseNoShow: true,
      maxChargeableMinutes: 60,
      proposedMinutes: 60,
    });
    expect(summary.intervals).toHaveLength(2);
    const done = await complete(c, 60);
    expect(done.status).toBe(200);
    await server.container.payments?.charges.chargePayment(c.meetingId);
    expect(await captured(c.meetingId)).toBe(20_000);
  });

  it('a consultant pop-in (under two minutes) does not stop the franchise reporting a no-show', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.colleague.id, 0, 15);
    await present(c.meetingId, c.consultant.id, 14, 15);
    const reported = await server.fetch(`/api/session/${c.meetingId}/no-show`, {
      method: 'POST',
      token: c.franchisor.token,
    });
    expect(reported.status).toBe(200);
    expect(await meetingRow(c.meetingId)).toMatchObject({ status: 'declined' });
  });

  it('pop-ins that never met cap nothing: the booked duration, or less if the consultant enters less', async () => {
    clock = new Date(at(70));
    const c = await cast();
    await present(c.meetingId, c.consultant.id, -9, -8.5);
    await present(c.meetingId, c.franchisor.id, 3, 4);
    const summary = (await (
      await get(`/api/session/${c.meetingId}/presence`, c.consultant.token)
    ).json()) as PresenceSummary;
    expect(summary).toMatchObject({ roomUsed: true, maxChargeableMinutes: null });
    expect((await complete(c, 61)).status).toBe(422);
    const done = await complete(c, 45);
    expect(done.status).toBe(200);
    expect(((await done.json()) as Session).duration).toBe(45);
  });
});
