import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from './errors.ts';
import { officeHoursConsultant, signedUpClient } from './testing/booking-world.ts';

// A clock before the real date, so that sessions created now stay valid under it.
const clock = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

const NY = 'America/New_York' as const;

describe('rescheduling through the SDK (rule 20)', () => {
  it('the franchisor proposes from the open slots, the consultant accepts one, both see the new time', async () => {
    const consultant = await officeHoursConsultant(server);
    const franchisor = await signedUpClient(server, 'franchisor');
    await franchisor.api.profile.update({ franchise: { company: 'Maple Bakery' } });
    await franchisor.api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    await franchisor.api.payments.subscribe({});
    const booked = await franchisor.api.meetings.book({
      consultantId: consultant.id,
      start: '2026-03-03T15:00:00.000Z',
      end: '2026-03-03T15:30:00.000Z',
      timeZone: NY,
    });

    // The same slot call the booking modal makes gives the times to propose.
    const wednesday = await franchisor.api.bookings.getSlots(consultant.id, {
      date: '2026-03-04',
      timezone: NY,
    });
    const [first, second] = wednesday.days[0]?.slots ?? [];
    if (!first || !second) throw new Error('no slots on Wednesday');
    const request = await franchisor.api.reschedules.propose(booked.id, {
      starts: [first.start, second.start],
    });
    expect(request).toMatchObject({ status: 'open', proposedBy: 'franchisor' });

    const again = await consultant.api.reschedules
      .propose(booked.id, { starts: [second.start] })
      .catch((e: unknown) => e);
    expect(isApiError(again) && again.code).toBe('RESCHEDULE_OPEN_EXISTS');
    expect(isApiError(again) && again.message).toBe(
      'Error proposing new times: There is already an open proposal for this meeting',
    );
    const invalid = await franchisor.api.reschedules
      .propose(booked.id, { starts: [] })
      .catch((e: unknown) => e);
    expect(isApiError(invalid) && invalid.status).toBe(400);

    const seen = await consultant.api.reschedules.list(booked.id);
    expect(seen.data.map((r) => r.id)).toEqual([request.id]);
    expect(seen.canPropose).toBe(false);

    const moved = await consultant.api.reschedules.accept(booked.id, request.id, {
      start: second.start,
    });
    expect(moved).toMatchObject({ start: second.start, end: second.end });
    for (const side of [franchisor, consultant]) {
      expect((await side.api.meetings.get(booked.id)).start).toBe(second.start);
      const history = await side.api.reschedules.list(booked.id);
      expect(history).toMatchObject({ rescheduleCount: 1, canPropose: true });
      expect(history.data[0]).toMatchObject({ status: 'accepted', acceptedStart: second.start });
    }

    const next = await consultant.api.reschedules.propose(booked.id, { starts: [first.start] });
    expect(next.proposedBy).toBe('consultant');
    const declined = await franchisor.api.reschedules.decline(booked.id, next.id);
    expect(declined.status).toBe('declined');
    expect((await franchisor.api.meetings.get(booked.id)).start).toBe(second.start);
  });

  it('after a late cancellation the consultant proposes times and the franchisor books one of them again', async () => {
    const consultant = await officeHoursConsultant(server);
    const franchisor = await signedUpClient(server, 'franchisor');
    await franchisor.api.profile.update({ franchise: { company: 'Birch Cafe' } });
    await franchisor.api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    await franchisor.api.payments.subscribe({});
    // Monday 10:00 in New York, three hours away: cancelling now is a late cancellation.
    const booked = await franchisor.api.meetings.book({
      consultantId: consultant.id,
      start: '2026-03-02T15:00:00.000Z',
      end: '2026-03-02T15:30:00.000Z',
      timeZone: NY,
    });
    await franchisor.api.meetings.cancel(booked.id);
    const [late] = await consultant.api.payments.listLateCancellations();
    if (!late) throw new Error('no late cancellation');

    const wednesday = await consultant.api.bookings.getSlots(consultant.id, {
      date: '2026-03-04',
      timezone: NY,
    });
    const [first, second] = wednesday.days[0]?.slots ?? [];
    if (!first || !second) throw new Error('no slots on Wednesday');
    const request = await consultant.api.reschedules.proposeAfterLateCancellation(late.paymentId, {
      starts: [first.start, second.start],
    });
    expect(request).toMatchObject({ status: 'open', proposedBy: 'consultant', meetingId: null });
    const refused = await franchisor.api.reschedules
      .proposeAfterLateCancellation(late.paymentId, { starts: [first.start] })
      .catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(403);

    const { data } = await franchisor.api.reschedules.lateCancellationProposals();
    expect(data).toEqual([
      expect.objectContaining({ paymentId: late.paymentId, durationMinutes: 30 }),
    ]);
    const meeting = await franchisor.api.reschedules.acceptAfterLateCancellation(
      late.paymentId,
      request.id,
      { start: second.start },
    );
    expect(meeting).toMatchObject({ start: second.start, end: second.end, status: 'future' });
    expect((await consultant.api.meetings.get(meeting.id)).start).toBe(second.start);
    expect(await consultant.api.payments.listLateCancellations()).toEqual([]);
    expect((await franchisor.api.reschedules.lateCancellationProposals()).data).toEqual([]);
  });
});
