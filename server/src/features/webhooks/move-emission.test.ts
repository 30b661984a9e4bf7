import { meetingRoomId, type RescheduleRequest } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import {
  book,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';
import { queuedFor, queuedOf, subscribe } from './emission-fixtures.ts';

// Rule 21: a move queues meeting.rescheduled with the times before; a late cancellation moved to a
// new time is a new booking (meeting.booked); a consultant's no-show queues meeting.no_show.
const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = adminTestWorld({ start: START });
const db = () => world.server.container.db;
const NY = 'America/New_York';
const HOUR = 3_600_000;
const TUE_10 = '2026-03-03T15:00:00.000Z';
const WED_10 = '2026-03-04T15:00:00.000Z';
const THU_10 = '2026-03-05T15:00:00.000Z';
const hourLater = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();

/** An hour at `start`, booked through the API, and endpoints of both sides for every meeting event. */
async function bookedHour(start = TUE_10) {
  const consultant = await makeConsultant(world.server, {
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [60] },
  });
  const franchisor = await makeFranchisor(world.server);
  const events = [
    'meeting.booked',
    'meeting.rescheduled',
    'meeting.cancelled',
    'meeting.no_show',
  ] as const;
  const ears = {
    franchise: await subscribe(db(), { franchiseId: franchisor.franchiseId }, [...events]),
    consultant: await subscribe(db(), { consultantId: consultant.id }, [...events]),
    bookedOnly: await subscribe(db(), { franchiseId: franchisor.franchiseId }, ['meeting.booked']),
  };
  const res = await book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start,
    end: hourLater(start),
    timeZone: NY,
  });
  expect(res.status).toBe(201);
  return { consultant, franchisor, ears, id: res.body.id };
}

const post = (path: string, token: string, body: unknown = {}) =>
  world.server.fetch(path, { method: 'POST', token, body: json(body) });

const types = async (endpointId: string) => (await queuedFor(db(), endpointId)).map((e) => e.type);

describe('moves and no-shows (rule 21)', () => {
  it('an accepted move queues meeting.rescheduled with the new and previous times; a refused accept nothing', async () => {
    world.now = new Date(START);
    const m = await bookedHour();
    const proposed = await post(`/api/session/${m.id}/reschedule-requests`, m.franchisor.token, {
      starts: [WED_10],
    });
    expect(proposed.status).toBe(201);
    const request = (await proposed.json()) as RescheduleRequest;
    const accept = (token: string, start: string) =>
      post(`/api/session/${m.id}/reschedule-requests/${request.id}/accept`, token, { start });
    // Not a proposed time: refused, nothing queued.
    expect((await accept(m.consultant.token, THU_10)).status).toBe(422);
    expect(await types(m.ears.franchise)).toEqual(['meeting.booked']);

    world.tick(60_000);
    expect((await accept(m.consultant.token, WED_10)).status).toBe(200);
    for (const endpoint of [m.ears.franchise, m.ears.consultant]) {
      const [moved, ...more] = await queuedOf(db(), endpoint, 'meeting.rescheduled');
      expect(more).toEqual([]);
      expect(moved?.timestamp).toBe(world.now.toISOString());
      expect(moved?.data).toMatchObject({
        meeting: {
          id: m.id,
          status: 'future',
          startAt: WED_10,
          endAt: hourLater(WED_10),
          durationMinutes: 60,
        },
        previousStartAt: TUE_10,
        previousEndAt: hourLater(TUE_10),
      });
    }
    expect(await types(m.ears.bookedOnly)).toEqual(['meeting.booked']);
  });

  it('a late cancellation moved to a new time queues meeting.booked for the new meeting', async () => {
    world.now = new Date(START);
    const m = await bookedHour();
    world.now = new Date('2026-03-03T00:00:00Z'); // 15 hours before
    expect(
      (
        await world.server.fetch(`/api/session/${m.id}`, {
          method: 'DELETE',
          token: m.franchisor.token,
        })
      ).status,
    ).toBe(200);
    const [cancelled] = await queuedOf(db(), m.ears.franchise, 'meeting.cancelled');
    expect(cancelled?.data.late).toBe(true);

    const proposed = await post(
      `/api/users/payments/${m.id}/reschedule-requests`,
      m.consultant.token,
      { starts: [WED_10] },
    );
    expect(proposed.status).toBe(201);
    const request = (await proposed.json()) as RescheduleRequest;
    world.tick(60_000);
    const accepted = await post(
      `/api/users/late-cancellations/${m.id}/reschedule-requests/${request.id}/accept`,
      m.franchisor.token,
      { start: WED_10 },
    );
    expect(accepted.status).toBe(200);
    const booked = await queuedOf(db(), m.ears.franchise, 'meeting.booked');
    expect(
      booked.map((e) => [e.data.meeting.id, e.data.meeting.startAt, e.data.meeting.status]),
    ).toEqual([
      [m.id, TUE_10, 'future'],
      [m.id, WED_10, 'future'],
    ]);
    expect(booked[1]?.data.meeting.priceCents).toBe(20_000);
    expect(await types(m.ears.consultant)).toEqual([
      'meeting.booked',
      'meeting.cancelled',
      'meeting.booked',
    ]);
    expect(await types(m.ears.bookedOnly)).toEqual(['meeting.booked', 'meeting.booked']);
  });

  it("a consultant's no-show queues meeting.no_show (the meeting declined); a refused report nothing", async () => {
    world.now = new Date(START);
    const m = await bookedHour();
    await db().update(user).set({ isVerified: true }).where(eq(user.id, m.consultant.id));
    const report = () =>
      world.server.fetch(`/api/session/${m.id}/no-show`, {
        method: 'POST',
        token: m.franchisor.token,
      });
    // Before anyone waited: refused.
    world.now = new Date(Date.parse(TUE_10) + 5 * 60_000);
    expect((await report()).status).toBe(422);
    expect(await types(m.ears.franchise)).toEqual(['meeting.booked']);

    // The franchisor waited twelve minutes; the consultant never came.
    const connectionId = crypto.randomUUID();
    const presence = await fetch(`${world.server.url}/api/realtime/presence`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.server.container.env.REALTIME_SECRET}`,
        'content-type': 'application/json',
      },
      body: json({
        room: meetingRoomId(m.id),
        events: [
          { kind: 'join', connectionId, userId: m.franchisor.id, at: Date.parse(TUE_10) },
          {
            kind: 'leave',
            connectionId,
            userId: m.franchisor.id,
            at: Date.parse(TUE_10) + 12 * 60_000,
          },
        ],
      }),
    });
    expect(presence.status).toBe(200);
    world.now = new Date(Date.parse(TUE_10) + 15 * 60_000);
    expect((await report()).status).toBe(200);
    for (const endpoint of [m.ears.franchise, m.ears.consultant]) {
      const [noShow, ...more] = await queuedOf(db(), endpoint, 'meeting.no_show');
      expect(more).toEqual([]);
      expect(noShow?.data.meeting).toMatchObject({ id: m.id, status: 'declined', startAt: TUE_10 });
    }
    expect(await types(m.ears.bookedOnly)).toEqual(['meeting.booked']);
  });
});
