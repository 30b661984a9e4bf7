import {
  type CalendarSettings,
  ERROR_CODES,
  type Session,
  type SessionList,
  SLOT_PAGE_SIZE,
  TIME_ZONES,
} from '@fm/sdk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, meetingSlot, notification } from '../../db/schema/index.ts';
import { testServerWorld } from '../../testing/test-world.ts';
import {
  ALWAYS,
  book,
  getSlots,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from './test-fixtures.ts';

// A clock the tests move. It stays before the real date, so real sessions stay valid.
const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = testServerWorld({ start: START });

const NY = 'America/New_York';
const TUESDAY = '2026-03-03';
/** 10:00 New York on Tuesday 2026-03-03 (EST, UTC−5). */
const TEN_AM = '2026-03-03T15:00:00.000Z';
const TEN_THIRTY = '2026-03-03T15:30:00.000Z';

const officeConsultant = (rateCents = 5_000, extra = {}) =>
  makeConsultant(world.server, {
    rateCents,
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30, 60], ...extra },
  });

const sessionOf = async (res: Response) => (await res.json()) as Session;

/** The notifications of one type a user has. */
const notificationsOf = (userId: string, type: (typeof notification.$inferSelect)['type']) =>
  world.server.container.db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)));

/** The mails sent to an address, newest first. */
const mailsTo = (to: string) =>
  world.server.container.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));

describe('calendar settings (GET/PATCH /api/users/calendars)', () => {
  it('gives defaults with a private feed URL, saves changes, and refuses franchisors', async () => {
    const consultant = await makeConsultant(world.server);
    const res = await world.server.fetch('/api/users/calendars', { token: consultant.token });
    expect(res.status).toBe(200);
    const settings = (await res.json()) as CalendarSettings;
    expect(settings).toMatchObject({
      timeZone: 'America/New_York',
      weeklyHours: [],
      meetingLengths: [30],
      minNoticeMinutes: 0,
      bufferMinutes: 0,
      datesOff: [],
      connections: [],
      configuredProviders: [],
    });
    expect(settings.icalFeedUrl).toMatch(/\/api\/calendar\/feed\/[\w-]{40,}\.ics$/);
    // The same URL on every read (the token is derived, only its hash is stored).
    const again = (await (
      await world.server.fetch('/api/users/calendars', { token: consultant.token })
    ).json()) as CalendarSettings;
    expect(again.icalFeedUrl).toBe(settings.icalFeedUrl);

    const afternoon = { weekday: 1, start: '13:00', end: '17:30' };
    const morning = { weekday: 1, start: '08:00', end: '12:00' };
    const changes = {
      timeZone: 'America/St_Johns',
      weeklyHours: [afternoon, morning],
      meetingLengths: [45, 15],
      minNoticeMinutes: 120,
      bufferMinutes: 10,
      datesOff: ['2026-03-16'],
    };
    const patched = await world.server.fetch('/api/users/calendars', {
      method: 'PATCH',
      token: consultant.token,
      body: json(changes),
    });
    expect(patched.status).toBe(200);
    // Saved as sent, but the hours of a day come back in order.
    expect(await patched.json()).toMatchObject({ ...changes, weeklyHours: [morning, afternoon] });

    const franchisor = await makeFranchisor(world.server);
    const refused = await world.server.fetch('/api/users/calendars', { token: franchisor.token });
    expect(refused.status).toBe(403);
    const refusedPatch = await world.server.fetch('/api/users/calendars', {
      method: 'PATCH',
      token: franchisor.token,
      body: json({ bufferMinutes: 5 }),
    });
    expect(refusedPatch.status).toBe(403);
    expect((await world.server.fetch('/api/users/calendars')).status).toBe(401);
  });

  it('refuses overlapping hours, odd lengths and unknown zones with field messages', async () => {
    const consultant = await makeConsultant(world.server);
    const send = (body: unknown) =>
      world.server.fetch('/api/users/calendars', {
        method: 'PATCH',
        token: consultant.token,
        body: json(body),
      });
    const overlap = await send({
      weeklyHours: [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect((await overlap.json()).errors).toEqual({
      weeklyHours: 'Hours of one day must not overlap',
    });
    const odd = await send({ meetingLengths: [20] });
    expect(odd.status).toBe(400);
    expect((await send({ timeZone: 'Europe/Paris' })).status).toBe(400);
  });
});

describe('slots (GET /api/booking/consultant/{id}/slots)', () => {
  it('answers 20 quarter-hour slots a page, continues after `from`, needs no sign-in', async () => {
    const consultant = await officeConsultant();
    const first = await getSlots(world.server, consultant.id, { date: TUESDAY, timezone: NY });
    expect(first.days).toHaveLength(1);
    expect(first.days[0]?.date).toBe(TUESDAY);
    const slots = first.days[0]?.slots ?? [];
    expect(slots).toHaveLength(SLOT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(slots[0]).toEqual({
      start: '2026-03-03T14:00:00.000Z',
      end: '2026-03-03T14:30:00.000Z',
    });
    expect(slots[1]?.start).toBe('2026-03-03T14:15:00.000Z');
    const last = slots.at(-1)?.end ?? '';
    const second = await getSlots(world.server, consultant.id, {
      date: TUESDAY,
      timezone: NY,
      from: last,
    });
    expect(second.hasMore).toBe(false);
    const rest = second.days[0]?.slots ?? [];
    expect(rest).toHaveLength(11);
    expect(rest[0]?.start).toBe('2026-03-03T19:00:00.000Z');
    expect(rest.at(-1)).toEqual({
      start: '2026-03-03T21:30:00.000Z',
      end: '2026-03-03T22:00:00.000Z',
    });

    const hour = await getSlots(world.server, consultant.id, {
      date: TUESDAY,
      timezone: NY,
      duration: '60',
    });
    expect(hour.days[0]?.slots[0]).toEqual({
      start: '2026-03-03T14:00:00.000Z',
      end: '2026-03-03T15:00:00.000Z',
    });
    const notOffered = await world.server.fetch(
      `/api/booking/consultant/${consultant.id}/slots?date=${TUESDAY}&timezone=${NY}&duration=45`,
    );
    expect(notOffered.status).toBe(400);
  });

  it('gives nothing on weekends or past days, and 404 for unknown or hidden consultants', async () => {
    const consultant = await makeConsultant(world.server, { settings: { weeklyHours: ALWAYS } });
    const saturday = await getSlots(world.server, consultant.id, {
      date: '2026-03-07',
      timezone: NY,
    });
    expect(saturday.days[0]?.slots).toEqual([]);
    const yesterday = await getSlots(world.server, consultant.id, {
      date: '2026-03-01',
      timezone: NY,
    });
    expect(yesterday.days[0]?.slots).toEqual([]);
    // Today: from now (07:00 New York) on.
    const today = await getSlots(world.server, consultant.id, { date: '2026-03-02', timezone: NY });
    expect(today.days[0]?.slots[0]?.start).toBe('2026-03-02T12:00:00.000Z');

    const missing = await world.server.fetch(
      `/api/booking/consultant/nobody/slots?date=${TUESDAY}&timezone=${NY}`,
    );
    expect(missing.status).toBe(404);
    const franchisor = await makeFranchisor(world.server);
    const notAConsultant = await world.server.fetch(
      `/api/booking/consultant/${franchisor.id}/slots?date=${TUESDAY}&timezone=${NY}`,
    );
    expect(notAConsultant.status).toBe(404);
    const bad = await world.server.fetch(
      `/api/booking/consultant/${consultant.id}/slots?date=2026-02-30&timezone=${NY}`,
    );
    expect(bad.status).toBe(400);
  });

  it('never offers a weekend or past slot in any of the 13 zones across DST', async () => {
    const consultant = await makeConsultant(world.server, {
      settings: { weeklyHours: ALWAYS, timeZone: 'America/St_Johns' },
    });
    const saved = world.now;
    try {
      for (const now of ['2026-03-06T20:00:00Z', '2026-10-30T23:00:00Z', '2026-03-27T10:00:00Z']) {
        world.now = new Date(now);
        for (const timezone of TIME_ZONES) {
          for (const offset of [0, 2, 3]) {
            const d = new Date(Date.parse(now) + offset * 86_400_000);
            const date = d.toISOString().slice(0, 10);
            let from: string | undefined;
            for (let page = 0; page < 10; page++) {
              const res = await getSlots(world.server, consultant.id, {
                date,
                timezone,
                ...(from ? { from } : {}),
              });
              for (const slot of res.days[0]?.slots ?? []) {
                const start = new Date(slot.start);
                expect(start.getTime()).toBeGreaterThanOrEqual(world.now.getTime());
                expect(Date.parse(slot.end) - start.getTime()).toBe(30 * 60_000);
                const local = new Intl.DateTimeFormat('en-CA', {
                  timeZone: timezone,
                  weekday: 'short',
                  year: 'numeric',
                  month: '2-digit',
                  day: '2-digit',
                }).formatToParts(start);
                const part = (t: string) => local.find((p) => p.type === t)?.value;
                expect(['Sat', 'Sun']).not.toContain(part('weekday'));
                expect(`${part('year')}-${part('month')}-${part('day')}`).toBe(date);
              }
              if (!res.hasMore) break;
              from = res.days[0]?.slots.at(-1)?.end;
            }
          }
        }
      }
    } finally {
      world.now = saved;
    }
  });

  it('highlights the days of a month with free slots', async () => {
    const consultant = await officeConsultant();
    const res = await world.server.fetch(
      `/api/booking/consultant/${consultant.id}/availability?month=2026-03&timezone=${NY}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { dates: string[]; meetingLengths: number[] };
    expect(body.meetingLengths).toEqual([30, 60]);
    // From today (Monday 2 March) on, weekdays only.
    expect(body.dates.slice(0, 6)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
    ]);
    expect(body.dates).not.toContain('2026-03-01');
    expect(body.dates).not.toContain('2026-03-07');
    expect(body.dates).toHaveLength(22);
  });
});

describe('booking (POST /api/session)', () => {
  it('books an offered slot for a subscribed franchisor; both parties see it, nobody else', async () => {
    const consultant = await officeConsultant(5_000);
    const franchisor = await makeFranchisor(world.server, {
      company: 'Maple Bakery',
      firstName: 'Olivia',
    });
    const created = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: TEN_AM,
      end: TEN_THIRTY,
      timeZone: 'Europe/London',
    });
    expect(created.status).toBe(201);
    const session = created.body;
    expect(session).toMatchObject({
      consultantId: consultant.id,
      start: TEN_AM,
      end: TEN_THIRTY,
      timeZone: 'Europe/London',
      duration: 30,
      status: 'future',
      amount: 100,
      paidAmount: 0,
      isPaid: false,
      markedAsCompletedAt: null,
      review: [],
      reviewRequested: false,
      consultant: { id: consultant.id, rate: 50, company: 'Reed Advisory' },
      franchisor: { id: franchisor.id, firstName: 'Olivia' },
      franchise: { id: franchisor.franchiseId, company: 'Maple Bakery' },
    });
    expect(session._id).toBe(session.id);

    // The cells are held in the database.
    const cells = await world.server.container.db
      .select()
      .from(meetingSlot)
      .where(eq(meetingSlot.meetingId, session.id));
    expect(cells.map((c) => c.cellStart)).toEqual([
      Date.parse(TEN_AM) / 60_000,
      Date.parse(TEN_AM) / 60_000 + 15,
    ]);

    // No longer offered, nor are the overlapping starts.
    const slots = await getSlots(world.server, consultant.id, { date: TUESDAY, timezone: NY });
    const starts = (slots.days[0]?.slots ?? []).map((s) => s.start);
    expect(starts).toContain('2026-03-03T14:30:00.000Z');
    expect(starts).not.toContain('2026-03-03T14:45:00.000Z');
    expect(starts).not.toContain(TEN_AM);
    expect(starts).not.toContain('2026-03-03T15:15:00.000Z');

    // Both parties and a colleague of the franchise read it; others get 404.
    const colleague = await makeFranchisor(world.server, { franchiseId: franchisor.franchiseId });
    for (const token of [consultant.token, franchisor.token, colleague.token]) {
      const res = await world.server.fetch(`/api/session/${session.id}`, { token });
      expect(res.status).toBe(200);
      // The booking's answer (built from what it wrote, not read back) is exactly the stored one.
      expect(await sessionOf(res)).toEqual(session);
    }
    const stranger = await makeFranchisor(world.server);
    const otherConsultant = await officeConsultant();
    for (const token of [stranger.token, otherConsultant.token]) {
      expect((await world.server.fetch(`/api/session/${session.id}`, { token })).status).toBe(404);
    }
    expect((await world.server.fetch(`/api/session/${session.id}`)).status).toBe(401);

    // Both list it.
    for (const token of [consultant.token, franchisor.token, colleague.token]) {
      const list = (await (
        await world.server.fetch('/api/session', { token })
      ).json()) as SessionList;
      expect(list.total).toBe(1);
      expect(list.sessions[0]?.id).toBe(session.id);
    }
    const strangerList = (await (
      await world.server.fetch('/api/session', { token: stranger.token })
    ).json()) as SessionList;
    expect(strangerList.total).toBe(0);

    // The consultant is notified, with a link to the meeting.
    const [note] = await world.server.container.db
      .select()
      .from(notification)
      .where(eq(notification.userId, consultant.id));
    expect(note).toMatchObject({
      type: 'meeting_booked',
      actorId: franchisor.id,
      link: `/bookings/${session.id}`,
      message: 'Olivia franchisor booked a meeting on 3 Mar, 2026, 10:00 am (America/New York)',
    });

    // Both parties get an invitation (.ics) naming both attendees.
    for (const to of [consultant.email, franchisor.email]) {
      const [mail] = await mailsTo(to);
      const attachment = mail?.attachments?.[0];
      expect(attachment).toMatchObject({
        filename: 'invite.ics',
        contentType: 'text/calendar; method=REQUEST',
      });
      const ics = Buffer.from(attachment?.content ?? '', 'base64').toString('utf8');
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`UID:${session.id}`);
      expect(ics).toContain('DTSTART:20260303T150000Z');
      expect(ics).toContain('DTEND:20260303T153000Z');
      expect(ics.replace(/\r\n /g, '')).toContain(
        'SUMMARY:Franchise Meet: Maple Bakery × Test consultant',
      );
      const unfolded = ics.replace(/\r\n /g, '').toLowerCase();
      expect(unfolded).toMatch(new RegExp(`^attendee;.*:mailto:${consultant.email}\r$`, 'm'));
      expect(unfolded).toMatch(new RegExp(`^attendee;.*:mailto:${franchisor.email}\r$`, 'm'));
      expect(unfolded).toContain(
        'organizer;cn="franchise meet":mailto:no-reply@franchisemeet.example',
      );
    }
  });

  it('answers 403 SUBSCRIPTION_REQUIRED without an active or trialing subscription', async () => {
    const consultant = await officeConsultant();
    const body = { consultantId: consultant.id, start: TEN_AM, end: TEN_THIRTY, timeZone: NY };
    for (const subscription of ['canceled', null] as const) {
      const franchisor = await makeFranchisor(world.server, { subscription });
      const res = await book(world.server, franchisor.token, body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SUBSCRIPTION_REQUIRED');
    }
    const noFranchise = await world.server.signUp('franchisor');
    expect((await book(world.server, noFranchise.token, body)).body.code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
    const trialing = await makeFranchisor(world.server, { subscription: 'trialing' });
    expect((await book(world.server, trialing.token, body)).status).toBe(201);
    // Consultants do not book.
    expect((await book(world.server, consultant.token, body)).status).toBe(403);
  });

  it('answers 422 SLOT_NOT_OFFERED for times outside the offered slots, 404 for unknown consultants', async () => {
    const consultant = await officeConsultant();
    const franchisor = await makeFranchisor(world.server);
    const attempt = (start: string, end: string, timeZone = NY, consultantId = consultant.id) =>
      book(world.server, franchisor.token, { consultantId, start, end, timeZone });
    const cases: [string, string][] = [
      ['2026-03-03T12:00:00.000Z', '2026-03-03T12:30:00.000Z'], // 07:00, before hours
      ['2026-03-03T15:05:00.000Z', '2026-03-03T15:35:00.000Z'], // not on a quarter hour
      ['2026-03-03T15:00:00.000Z', '2026-03-03T15:45:00.000Z'], // 45 minutes: not offered
      ['2026-03-02T11:00:00.000Z', '2026-03-02T11:30:00.000Z'], // in the past
      ['2026-03-03T21:45:00.000Z', '2026-03-03T22:15:00.000Z'], // runs past 17:00
      ['2026-03-03T15:30:00.000Z', '2026-03-03T15:00:00.000Z'], // end before start
    ];
    for (const [start, end] of cases) {
      const res = await attempt(start, end);
      expect(res.status, `${start} → ${end}`).toBe(422);
      expect(res.body.code).toBe('SLOT_NOT_OFFERED');
    }
    // A consultant's Saturday hours are never offered (a weekend in the viewer's zone).
    const saturdayHours = await makeConsultant(world.server, {
      settings: { weeklyHours: [{ weekday: 6, start: '09:00', end: '17:00' }] },
    });
    const weekend = await attempt(
      '2026-03-07T15:00:00.000Z',
      '2026-03-07T15:30:00.000Z',
      NY,
      saturdayHours.id,
    );
    expect(weekend.body.code).toBe('SLOT_NOT_OFFERED');
    expect((await attempt(TEN_AM, TEN_THIRTY, NY, 'no-such-consultant')).status).toBe(404);
    const invalid = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: 'tomorrow',
      end: TEN_THIRTY,
      timeZone: NY,
    });
    expect(invalid.status).toBe(400);
  });

  it('answers 409 for a time a meeting holds even once the consultant no longer offers it', async () => {
    const consultant = await officeConsultant();
    const first = await makeFranchisor(world.server);
    const slot = { consultantId: consultant.id, start: TEN_AM, end: TEN_THIRTY, timeZone: NY };
    expect((await book(world.server, first.token, slot)).status).toBe(201);
    const closed = await world.server.fetch('/api/users/calendars', {
      method: 'PATCH',
      token: consultant.token,
      body: json({ weeklyHours: [] }),
    });
    expect(closed.status).toBe(200);
    const second = await makeFranchisor(world.server);
    expect((await book(world.server, second.token, slot)).body.code).toBe('SLOT_TAKEN');
    const free = { ...slot, start: '2026-03-03T16:00:00.000Z', end: '2026-03-03T16:30:00.000Z' };
    expect((await book(world.server, second.token, free)).body.code).toBe('SLOT_NOT_OFFERED');
  });

  it('lets exactly one of 20 concurrent bookings of one slot win; the others get 409', async () => {
    const consultant = await officeConsultant();
    const franchisors = await Promise.all(
      Array.from({ length: 20 }, () => makeFranchisor(world.server)),
    );
    const results = await Promise.all(
      franchisors.map((f) =>
        book(world.server, f.token, {
          consultantId: consultant.id,
          start: TEN_AM,
          end: TEN_THIRTY,
          timeZone: NY,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({
      code: 'SLOT_TAKEN',
      message: ERROR_CODES.SLOT_TAKEN.message,
    });
    // An overlapping hour-long booking is taken too (another cell of the same meeting).
    const late = await makeFranchisor(world.server);
    const overlapping = await book(world.server, late.token, {
      consultantId: consultant.id,
      start: '2026-03-03T14:45:00.000Z',
      end: '2026-03-03T15:45:00.000Z',
      timeZone: NY,
    });
    expect(overlapping.status).toBe(409);
    const cells = await world.server.container.db
      .select()
      .from(meetingSlot)
      .where(eq(meetingSlot.consultantId, consultant.id));
    expect(cells).toHaveLength(2);
  });

  it('keeps the buffer free around booked meetings (409 next to one)', async () => {
    const consultant = await officeConsultant(5_000, { bufferMinutes: 15 });
    const [a, b] = [await makeFranchisor(world.server), await makeFranchisor(world.server)];
    expect(
      (
        await book(world.server, a.token, {
          consultantId: consultant.id,
          start: TEN_AM,
          end: TEN_THIRTY,
          timeZone: NY,
        })
      ).status,
    ).toBe(201);
    const adjacent = await book(world.server, b.token, {
      consultantId: consultant.id,
      start: TEN_THIRTY,
      end: '2026-03-03T16:00:00.000Z',
      timeZone: NY,
    });
    expect(adjacent.status).toBe(409);
    const slots = await getSlots(world.server, consultant.id, { date: TUESDAY, timezone: NY });
    const starts = (slots.days[0]?.slots ?? []).map((s) => s.start);
    expect(starts).not.toContain(TEN_THIRTY);
    expect(starts).toContain('2026-03-03T15:45:00.000Z');
  });
});

describe('meeting life cycle (PATCH, DELETE, reviews)', () => {
  async function booked(options: { rateCents?: number } = {}) {
    const consultant = await officeConsultant(options.rateCents ?? 5_000);
    const franchisor = await makeFranchisor(world.server);
    const res = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: TEN_AM,
      end: TEN_THIRTY,
      timeZone: NY,
    });
    expect(res.status).toBe(201);
    return { consultant, franchisor, id: res.body.id };
  }
  const patch = (token: string, id: string, body: unknown) =>
    world.server.fetch(`/api/session/${id}`, { method: 'PATCH', token, body: json(body) });
  const at = (iso: string) => {
    world.now = new Date(iso);
  };

  it('refuses completion before the start, derives pending after it, then completes once', async () => {
    world.now = new Date(START);
    const { consultant, franchisor, id } = await booked();
    const early = await patch(consultant.token, id, { status: 'completed' });
    expect(early.status).toBe(422);
    expect(await early.json()).toEqual({
      code: 'RULE_VIOLATION',
      message: 'A meeting cannot be completed before it starts',
    });
    const byFranchisor = await patch(franchisor.token, id, { status: 'completed' });
    expect(byFranchisor.status).toBe(403);

    at('2026-03-03T15:10:00Z');
    try {
      const read = await sessionOf(
        await world.server.fetch(`/api/session/${id}`, { token: franchisor.token }),
      );
      expect(read.status).toBe('pending');
      const pending = (await (
        await world.server.fetch('/api/session?status=pending', { token: consultant.token })
      ).json()) as SessionList;
      expect(pending.sessions.map((s) => s.id)).toEqual([id]);
      const future = (await (
        await world.server.fetch('/api/session?status=future', { token: consultant.token })
      ).json()) as SessionList;
      expect(future.total).toBe(0);

      const done = await patch(consultant.token, id, { status: 'finished' });
      expect(done.status).toBe(200);
      const completed = await sessionOf(done);
      expect(completed.status).toBe('completed');
      expect(completed.markedAsCompletedAt).toBe('2026-03-03T15:10:00.000Z');
      const again = await patch(consultant.token, id, {
        status: 'declined',
        duration: 15,
        dateTime: world.now.toISOString(),
      });
      expect(again.status).toBe(422);
      const finished = (await (
        await world.server.fetch('/api/session?status=finished', { token: franchisor.token })
      ).json()) as SessionList;
      expect(finished.sessions.map((s) => s.id)).toEqual([id]);
      const latest = await world.server.fetch('/api/session/latest-completed', {
        token: franchisor.token,
      });
      expect((await sessionOf(latest)).id).toBe(id);
      // The franchisor is told.
      const notes = await notificationsOf(franchisor.id, 'meeting_completed');
      expect(notes).toHaveLength(1);
    } finally {
      world.now = new Date(START);
    }
  });

  it('lets exactly one of a racing decline and completion win', async () => {
    const { consultant, id } = await booked();
    at('2026-03-03T15:10:00Z');
    try {
      const [a, b] = await Promise.all([
        patch(consultant.token, id, {
          status: 'declined',
          duration: 15,
          dateTime: world.now.toISOString(),
        }),
        patch(consultant.token, id, { status: 'completed' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 422]);
    } finally {
      world.now = new Date(START);
    }
  });

  it('declining frees the slot, records 15 minutes and tells the franchisor with a CANCEL invitation', async () => {
    const { consultant, franchisor, id } = await booked();
    const res = await patch(consultant.token, id, {
      status: 'declined',
      duration: 15,
      dateTime: world.now.toISOString(),
    });
    expect(res.status).toBe(200);
    const declined = await sessionOf(res);
    expect(declined).toMatchObject({ status: 'declined', duration: 15 });
    const cells = await world.server.container.db
      .select()
      .from(meetingSlot)
      .where(eq(meetingSlot.meetingId, id));
    expect(cells).toEqual([]);
    const slots = await getSlots(world.server, consultant.id, { date: TUESDAY, timezone: NY });
    expect((slots.days[0]?.slots ?? []).map((s) => s.start)).toContain(TEN_AM);
    const [mail] = await mailsTo(franchisor.email);
    expect(mail?.attachments?.[0]?.contentType).toBe('text/calendar; method=CANCEL');
    expect(Buffer.from(mail?.attachments?.[0]?.content ?? '', 'base64').toString()).toContain(
      'METHOD:CANCEL',
    );
    // The slot can be booked again.
    const other = await makeFranchisor(world.server);
    expect(
      (
        await book(world.server, other.token, {
          consultantId: consultant.id,
          start: TEN_AM,
          end: TEN_THIRTY,
          timeZone: NY,
        })
      ).status,
    ).toBe(201);
  });

  it('cancelling (DELETE) by the franchisor side deletes the meeting and frees the slot', async () => {
    const { consultant, franchisor, id } = await booked();
    expect(
      (
        await world.server.fetch(`/api/session/${id}`, {
          method: 'DELETE',
          token: consultant.token,
        })
      ).status,
    ).toBe(403);
    const stranger = await makeFranchisor(world.server);
    expect(
      (await world.server.fetch(`/api/session/${id}`, { method: 'DELETE', token: stranger.token }))
        .status,
    ).toBe(404);
    const res = await world.server.fetch(`/api/session/${id}`, {
      method: 'DELETE',
      token: franchisor.token,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(
      (await world.server.fetch(`/api/session/${id}`, { token: franchisor.token })).status,
    ).toBe(404);
    const slots = await getSlots(world.server, consultant.id, { date: TUESDAY, timezone: NY });
    expect((slots.days[0]?.slots ?? []).map((s) => s.start)).toContain(TEN_AM);
    const notes = await notificationsOf(consultant.id, 'meeting_cancelled');
    expect(notes).toHaveLength(1);
  });

  it('reviews once, only completed meetings, by the franchisor side; review requests are idempotent', async () => {
    const { consultant, franchisor, id } = await booked();
    const review = (token: string, body: unknown = { rating: 5, comment: 'Great advice' }) =>
      world.server.fetch(`/api/session/${id}/review`, { method: 'POST', token, body: json(body) });
    const request = (token: string) =>
      world.server.fetch(`/api/session/${id}/review-request`, { method: 'POST', token });

    expect((await review(franchisor.token)).status).toBe(422);
    expect((await request(consultant.token)).status).toBe(422);
    at('2026-03-03T15:40:00Z');
    try {
      expect((await patch(consultant.token, id, { status: 'completed' })).status).toBe(200);
      expect((await request(franchisor.token)).status).toBe(403);
      const asked = await request(consultant.token);
      expect(asked.status).toBe(200);
      expect((await sessionOf(asked)).reviewRequested).toBe(true);
      expect((await request(consultant.token)).status).toBe(200);
      const asks = await notificationsOf(franchisor.id, 'review_requested');
      expect(asks).toHaveLength(1);

      expect((await review(consultant.token)).status).toBe(403);
      expect((await review(franchisor.token, { rating: 9 })).status).toBe(400);
      const reviewed = await review(franchisor.token);
      expect(reviewed.status).toBe(200);
      expect((await sessionOf(reviewed)).review).toMatchObject([
        { rating: 5, comment: 'Great advice' },
      ]);
      const twice = await review(franchisor.token, { rating: 4 });
      expect(twice.status).toBe(409);
      expect((await twice.json()).code).toBe('CONFLICT');
      // A colleague cannot add a second review either.
      const colleague = await makeFranchisor(world.server, { franchiseId: franchisor.franchiseId });
      expect((await review(colleague.token, { rating: 3 })).status).toBe(409);
      expect((await request(consultant.token)).status).toBe(409);
      const reviewedNote = await notificationsOf(consultant.id, 'meeting_reviewed');
      expect(reviewedNote).toHaveLength(1);
      // Completed meetings cannot be cancelled.
      const del = await world.server.fetch(`/api/session/${id}`, {
        method: 'DELETE',
        token: franchisor.token,
      });
      expect(del.status).toBe(422);
    } finally {
      world.now = new Date(START);
    }
  });

  it('lists upcoming meetings soonest first and past ones newest first, paged', async () => {
    const consultant = await makeConsultant(world.server, {
      settings: { weeklyHours: OFFICE_HOURS, meetingLengths: [15] },
    });
    const franchisor = await makeFranchisor(world.server);
    const starts = [
      '2026-03-04T15:00:00.000Z',
      '2026-03-03T15:00:00.000Z',
      '2026-03-05T15:00:00.000Z',
      '2026-03-02T15:00:00.000Z',
    ];
    for (const start of starts) {
      const res = await book(world.server, franchisor.token, {
        consultantId: consultant.id,
        start,
        end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
        timeZone: NY,
      });
      expect(res.status).toBe(201);
    }
    at('2026-03-03T18:00:00Z');
    try {
      const list = async (query: string) =>
        (
          (await (
            await world.server.fetch(`/api/session?${query}`, { token: consultant.token })
          ).json()) as SessionList
        ).sessions.map((s) => `${s.start.slice(0, 10)} ${s.status}`);
      expect(await list('status=future')).toEqual(['2026-03-04 future', '2026-03-05 future']);
      expect(await list('status=pending')).toEqual(['2026-03-03 pending', '2026-03-02 pending']);
      expect(await list('')).toEqual([
        '2026-03-04 future',
        '2026-03-05 future',
        '2026-03-03 pending',
        '2026-03-02 pending',
      ]);
      const page = (await (
        await world.server.fetch('/api/session?limit=3&page=2', { token: consultant.token })
      ).json()) as SessionList;
      expect(page).toMatchObject({ total: 4, page: 2, limit: 3 });
      expect(page.sessions).toHaveLength(1);
      expect(
        (await world.server.fetch('/api/session?status=unknown', { token: consultant.token }))
          .status,
      ).toBe(400);
      expect(
        (await world.server.fetch('/api/session/latest-completed', { token: consultant.token }))
          .status,
      ).toBe(404);
    } finally {
      world.now = new Date(START);
    }
  });
});

describe('private iCalendar feed', () => {
  it('serves the owner’s meetings at the secret URL; an unknown token is 404', async () => {
    const consultant = await officeConsultant();
    const franchisor = await makeFranchisor(world.server, { company: 'Feed Brand' });
    const created = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: TEN_AM,
      end: TEN_THIRTY,
      timeZone: NY,
    });
    const settings = (await (
      await world.server.fetch('/api/users/calendars', { token: consultant.token })
    ).json()) as CalendarSettings;
    const path = new URL(settings.icalFeedUrl).pathname;
    const res = await world.server.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const body = await res.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain(`UID:${created.body.id}`);
    expect(body).toContain('DTSTART:20260303T150000Z');

    // The franchisor has a feed too, with the same meeting.
    const feed = (await (
      await world.server.fetch('/api/users/calendars/feed', { token: franchisor.token })
    ).json()) as { icalFeedUrl: string };
    const theirs = await (await world.server.fetch(new URL(feed.icalFeedUrl).pathname)).text();
    expect(theirs).toContain(`UID:${created.body.id}`);

    expect((await world.server.fetch(`/api/calendar/feed/${'x'.repeat(43)}.ics`)).status).toBe(404);
    expect((await world.server.fetch('/api/calendar/feed/short.ics')).status).toBe(404);
  });
});
