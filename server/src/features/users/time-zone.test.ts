import type { OwnProfile } from '@fm/sdk/contracts';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, user } from '../../db/schema/index.ts';
import { adminTestWorld } from '../../testing/test-world.ts';
import {
  book,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';

// Rule 20, one zone per person: the profile keeps the zone a franchisor or an admin reads times
// in, and what they are mailed follows it.
const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = adminTestWorld({ start: START });
const NY = 'America/New_York';
/** 10:00 New York, 9:00 Chicago on Tuesday 2026-03-03. */
const TEN_AM = '2026-03-03T15:00:00.000Z';
const TEN_THIRTY = '2026-03-03T15:30:00.000Z';

const setZone = (token: string, timeZone: unknown) =>
  world.server.fetch('/api/users', { method: 'PATCH', token, body: json({ timeZone }) });
/** The newest mail to an address. */
const newestMailTo = async (to: string) =>
  (
    await world.server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
  )[0];
const ownProfile = async (token: string) =>
  (await (await world.server.fetch('/api/users/profile', { token })).json()) as OwnProfile;

describe('the profile zone (PATCH /api/users, GET /api/users/profile)', () => {
  it('keeps a franchisor’s and an admin’s chosen zone, reads it back, and forgets it on null', async () => {
    const franchisor = await makeFranchisor(world.server);
    expect((await ownProfile(franchisor.token)).timeZone).toBeNull();
    const res = await setZone(franchisor.token, 'America/Chicago');
    expect(res.status).toBe(200);
    expect(((await res.json()) as OwnProfile).timeZone).toBe('America/Chicago');
    expect((await ownProfile(franchisor.token)).timeZone).toBe('America/Chicago');
    const stored = await world.server.container.db.query.user.findFirst({
      where: eq(user.id, franchisor.id),
    });
    expect(stored?.timeZone).toBe('America/Chicago');

    expect((await setZone(world.adminToken(), 'Europe/London')).status).toBe(200);
    expect((await ownProfile(world.adminToken())).timeZone).toBe('Europe/London');

    expect((await setZone(franchisor.token, null)).status).toBe(200);
    expect((await ownProfile(franchisor.token)).timeZone).toBeNull();
  });

  it('refuses a zone outside the offered ones with 400 and a field message, keeping the old one', async () => {
    const franchisor = await makeFranchisor(world.server);
    await setZone(franchisor.token, 'America/Denver');
    for (const bad of ['Mars/Olympus', 'Europe/Paris', 42]) {
      const res = await setZone(franchisor.token, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        errors: { timeZone: 'Please choose one of the offered time zones' },
      });
    }
    expect((await ownProfile(franchisor.token)).timeZone).toBe('America/Denver');
  });

  it('reads a consultant’s zone from their calendar settings and refuses a second one here', async () => {
    const consultant = await makeConsultant(world.server, {
      settings: { timeZone: 'America/Halifax', weeklyHours: OFFICE_HOURS },
    });
    expect((await ownProfile(consultant.token)).timeZone).toBe('America/Halifax');
    const res = await setZone(consultant.token, 'America/Chicago');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { timeZone: 'This field is not part of your profile' },
    });
    expect((await ownProfile(consultant.token)).timeZone).toBe('America/Halifax');
  });
});

describe('mail to a franchisor in their chosen zone', () => {
  it('names the start in the profile zone, not the booking’s, in the mail and the invitation', async () => {
    const consultant = await makeConsultant(world.server, {
      rateCents: 5_000,
      settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
    });
    const franchisor = await makeFranchisor(world.server);
    expect((await setZone(franchisor.token, 'America/Chicago')).status).toBe(200);
    const booked = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: TEN_AM,
      end: TEN_THIRTY,
      timeZone: NY,
    });
    expect(booked.status).toBe(201);
    const mail = await newestMailTo(franchisor.email);
    expect(mail?.text).toContain('9:00 am');
    expect(mail?.text).toContain('America/Chicago');
    expect(mail?.text).not.toContain('10:00 am');
    const ics = Buffer.from(mail?.attachments?.[0]?.content ?? '', 'base64')
      .toString('utf8')
      .replace(/\r\n /g, '');
    expect(ics).toContain('Booked for 3 Mar\\, 2026\\, 9:00 am (America/Chicago).');
    // The consultant's notice stays in their own zone.
    const theirs = await newestMailTo(consultant.email);
    expect(theirs?.text).toContain('10:00 am (America/New York)');
  });
});
