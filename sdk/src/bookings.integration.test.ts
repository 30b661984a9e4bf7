import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from './errors.ts';
import { signedUpClient } from './testing/booking-world.ts';

// A clock before the real date, so that sessions created now stay valid under it.
const clock = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

const clientFor = (role: 'franchisor' | 'consultant') => signedUpClient(server, role);

describe('booking through the SDK', () => {
  it('a subscribed franchisor books a slot, both list it, the consultant declines, the slot is free again', async () => {
    const consultant = await clientFor('consultant');
    await consultant.api.profile.update({ rate: 50 });
    const settings = await consultant.api.bookings.updateCalendarSettings({
      timeZone: 'America/New_York',
      weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday: weekday as 1 | 2 | 3 | 4 | 5,
        start: '09:00',
        end: '17:00',
      })),
      meetingLengths: [30],
    });
    expect(settings.weeklyHours).toHaveLength(5);

    const franchisor = await clientFor('franchisor');
    await franchisor.api.profile.update({ franchise: { company: 'Maple Bakery' } });
    const withoutSubscription = await franchisor.api.bookings
      .createSession({
        consultantId: consultant.id,
        start: '2026-03-03T15:00:00.000Z',
        end: '2026-03-03T15:30:00.000Z',
        timeZone: 'America/New_York',
      })
      .catch((e: unknown) => e);
    expect(isApiError(withoutSubscription) && withoutSubscription.code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
    await franchisor.api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    const subscription = await franchisor.api.payments.subscribe({});
    expect(subscription.status).toBe('active');

    const query = { date: '2026-03-03', timezone: 'America/New_York' as const };
    const page = await franchisor.api.bookings.getSlots(consultant.id, query);
    expect(page.hasMore).toBe(true);
    const slot = page.days[0]?.slots[4];
    if (!slot) throw new Error('no slot offered');
    expect(slot.start).toBe('2026-03-03T15:00:00.000Z');
    const more = await franchisor.api.bookings.getSlots(consultant.id, {
      ...query,
      from: page.days[0]?.slots.at(-1)?.end,
    });
    expect(more.hasMore).toBe(false);

    const booked = await franchisor.api.bookings.createSession({
      consultantId: consultant.id,
      ...slot,
      timeZone: 'America/New_York',
    });
    expect(booked).toMatchObject({
      status: 'future',
      amount: 100,
      franchise: { company: 'Maple Bakery' },
    });

    const again = await franchisor.api.bookings
      .createSession({ consultantId: consultant.id, ...slot, timeZone: 'America/New_York' })
      .catch((e: unknown) => e);
    expect(isApiError(again) && again.code).toBe('SLOT_TAKEN');
    expect(isApiError(again) && again.message).toBe(
      'Error creating booking: This time slot has just been taken',
    );

    for (const side of [franchisor, consultant]) {
      const list = await side.api.bookings.listSessions({ status: 'future' });
      expect(list.sessions.map((s) => s.id)).toEqual([booked.id]);
      expect((await side.api.bookings.getSession(booked.id)).id).toBe(booked.id);
    }
    const taken = await franchisor.api.bookings.getSlots(consultant.id, query);
    expect(taken.days[0]?.slots.map((s) => s.start)).not.toContain(slot.start);

    const declined = await consultant.api.bookings.declineSession(booked.id);
    expect(declined).toMatchObject({ status: 'declined', duration: 15 });
    const free = await franchisor.api.bookings.getSlots(consultant.id, query);
    expect(free.days[0]?.slots.map((s) => s.start)).toContain(slot.start);
    const declinedList = await franchisor.api.bookings.listSessions({ status: 'declined' });
    expect(declinedList.total).toBe(1);

    const { dates } = await franchisor.api.bookings.getAvailability(consultant.id, {
      month: '2026-03',
      timezone: 'Europe/London',
    });
    expect(dates).toContain('2026-03-03');
    const feed = await consultant.api.bookings.getCalendarFeed();
    expect(feed.icalFeedUrl).toMatch(/\.ics$/);
    // "Reset link": a new URL, and the old one is gone at once.
    const reset = await consultant.api.calendar.rotateFeed();
    expect(reset.icalFeedUrl).toMatch(/\.ics$/);
    expect(reset.icalFeedUrl).not.toBe(feed.icalFeedUrl);
    expect((await fetch(feed.icalFeedUrl)).status).toBe(404);
    expect((await fetch(reset.icalFeedUrl)).status).toBe(200);
  });
});
