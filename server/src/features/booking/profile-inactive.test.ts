import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meeting, reviewRequest, user } from '../../db/schema/index.ts';
import { testServerWorld } from '../../testing/test-world.ts';
import { book, json, makeConsultant, makeFranchisor, OFFICE_HOURS } from './test-fixtures.ts';

// A clock the tests move, before the real date so that real sessions stay valid.
const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = testServerWorld({ start: START });

const NY = 'America/New_York';

/** A meeting on Tuesday 10:00–10:30 New York, booked while the consultant was activated. */
async function booked() {
  world.now = new Date(START);
  const consultant = await makeConsultant(world.server, {
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
  });
  const franchisor = await makeFranchisor(world.server);
  const res = await book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start: '2026-03-03T15:00:00.000Z',
    end: '2026-03-03T15:30:00.000Z',
    timeZone: NY,
  });
  expect(res.status).toBe(201);
  return { consultant, franchisor, id: res.body.id };
}

const setVerified = (id: string, isVerified: boolean) =>
  world.server.container.db.update(user).set({ isVerified }).where(eq(user.id, id));

const statusOf = async (id: string) =>
  (await world.server.container.db.query.meeting.findFirst({ where: eq(meeting.id, id) }))?.status;

describe('rule 11 for consultants: meeting actions need an activated profile', () => {
  it('refuses completing, declining and asking for a review with 403 PROFILE_INACTIVE, changing nothing', async () => {
    const { consultant, id } = await booked();
    world.now = new Date('2026-03-03T15:40:00Z');
    await setVerified(consultant.id, false);
    const attempts = [
      ['PATCH', `/api/session/${id}`, { status: 'completed' }],
      [
        'PATCH',
        `/api/session/${id}`,
        { status: 'declined', duration: 15, dateTime: world.now.toISOString() },
      ],
      ['POST', `/api/session/${id}/review-request`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await world.server.fetch(path, {
        method,
        token: consultant.token,
        ...(body ? { body: json(body) } : {}),
      });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
      expect(await res.json()).toEqual({
        code: 'PROFILE_INACTIVE',
        message: 'Activate your profile to unlock messaging and bookings',
      });
    }
    expect(await statusOf(id)).toBe('future');
    expect(
      await world.server.container.db
        .select()
        .from(reviewRequest)
        .where(eq(reviewRequest.meetingId, id)),
    ).toEqual([]);

    // Reading stays allowed, and once activated the same actions work.
    expect(
      (await world.server.fetch(`/api/session/${id}`, { token: consultant.token })).status,
    ).toBe(200);
    await setVerified(consultant.id, true);
    const done = await world.server.fetch(`/api/session/${id}`, {
      method: 'PATCH',
      token: consultant.token,
      body: json({ status: 'completed' }),
    });
    expect(done.status).toBe(200);
    const asked = await world.server.fetch(`/api/session/${id}/review-request`, {
      method: 'POST',
      token: consultant.token,
    });
    expect(asked.status).toBe(200);
  });

  it('still answers 404 to a consultant who is not part of the meeting', async () => {
    const { id } = await booked();
    const stranger = await makeConsultant(world.server);
    await setVerified(stranger.id, false);
    const res = await world.server.fetch(`/api/session/${id}`, {
      method: 'PATCH',
      token: stranger.token,
      body: json({ status: 'completed' }),
    });
    expect(res.status).toBe(404);
  });
});
