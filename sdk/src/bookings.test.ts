import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBookingsApi } from './bookings.ts';
import type { Session } from './contracts/index.ts';
import { createHttp } from './http.ts';
import { fixtures, rejection, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const NOW = new Date('2026-03-03T16:00:00.000Z');
const api = () =>
  createBookingsApi(
    createHttp({
      baseUrl: server.baseUrl,
      tokenStore: memoryTokenStore({ token: 'tok', refreshToken: 'ref', user: fixtures.user }),
    }),
    () => NOW,
  );

const session: Session = {
  _id: 'm/1',
  id: 'm/1',
  consultantId: 'c1',
  consultant: {
    id: 'c1',
    firstName: 'Marcus',
    lastName: 'Reed',
    profilePhoto: null,
    company: null,
    rate: 50,
  },
  franchisor: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', profilePhoto: null },
  franchise: null,
  start: '2026-03-03T15:00:00.000Z',
  end: '2026-03-03T15:30:00.000Z',
  timeZone: 'America/New_York',
  duration: 30,
  status: 'future',
  amount: 100,
  paidAmount: 0,
  isPaid: false,
  markedAsCompletedAt: null,
  createdAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-02T12:00:00.000Z',
  review: [],
  reviewRequested: false,
};

describe('bookings calls', () => {
  it('asks for slots without credentials, with the query as URL parameters', async () => {
    server.route('GET /api/booking/consultant/c%2F1/slots', () => ({
      json: { days: [{ date: '2026-03-03', slots: [] }], hasMore: false },
    }));
    await api().getSlots('c/1', {
      date: '2026-03-03',
      timezone: 'America/St_Johns',
      from: '2026-03-03T15:00:00.000Z',
      duration: 60,
    });
    const [request] = server.requests;
    expect(request?.url).toBe(
      '/api/booking/consultant/c%2F1/slots?date=2026-03-03&timezone=America%2FSt_Johns&from=2026-03-03T15%3A00%3A00.000Z&duration=60',
    );
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('refuses a bad query before sending', async () => {
    const error = await rejection(
      api().getSlots('c1', { date: '3 March', timezone: 'America/New_York' }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Error fetching available slots: Please give a date as YYYY-MM-DD');
    expect(server.requests).toHaveLength(0);
  });

  it('declines with the spec payload: status declined, 15 minutes, the current time', async () => {
    server.route('PATCH /api/session/m%2F1', () => ({
      json: { ...session, status: 'declined', duration: 15 },
    }));
    const declined = await api().declineSession('m/1');
    expect(declined.status).toBe('declined');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      status: 'declined',
      duration: 15,
      dateTime: NOW.toISOString(),
    });
  });

  it('completes, cancels (DELETE), reviews and requests reviews on the right paths', async () => {
    server.route('PATCH /api/session/m1', () => ({ json: { ...session, status: 'completed' } }));
    server.route('DELETE /api/session/m1', () => ({ json: { ok: true } }));
    server.route('POST /api/session/m1/review', () => ({ json: session }));
    server.route('POST /api/session/m1/review-request', () => ({ json: session }));
    await api().completeSession('m1');
    await api().cancelSession('m1');
    await api().reviewSession('m1', { rating: 5, comment: 'Great' });
    await api().requestReview('m1');
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'PATCH /api/session/m1 {"status":"completed"}',
      'DELETE /api/session/m1 ',
      'POST /api/session/m1/review {"rating":5,"comment":"Great"}',
      'POST /api/session/m1/review-request ',
    ]);
  });

  it('reports a taken slot with the operation text and the server message', async () => {
    server.route('POST /api/session', () => ({
      status: 409,
      json: { code: 'SLOT_TAKEN', message: 'This time slot has just been taken' },
    }));
    const error = await rejection(
      api().createSession({
        consultantId: 'c1',
        start: session.start,
        end: session.end,
        timeZone: 'America/New_York',
      }),
    );
    expect(error).toMatchObject({ status: 409, code: 'SLOT_TAKEN' });
    expect(error.message).toBe('Error creating booking: This time slot has just been taken');
  });

  it('uses the spec’s operation texts for calendars and reviews', async () => {
    server.route('GET /api/users/calendars', () => ({
      status: 403,
      json: { code: 'FORBIDDEN', message: 'No' },
    }));
    expect((await rejection(api().getCalendarSettings())).message).toBe(
      'Error getting calendars: No',
    );
    expect((await rejection(api().updateCalendarSettings({ meetingLengths: [20] }))).message).toBe(
      'Error updating calendar: Meeting lengths are multiples of 15 minutes',
    );
    expect((await rejection(api().reviewSession('m1', { rating: 0 }))).message).toBe(
      'Error reviewing booking: Please choose a rating',
    );
  });

  it('lists with status, limit and page, and answers the connect URL', async () => {
    server.route('GET /api/session', () => ({
      json: { sessions: [session], total: 1, page: 2, limit: 5 },
    }));
    server.route('POST /api/users/calendars/connect-url', () => ({
      json: { url: 'https://x.test/connect' },
    }));
    const list = await api().listSessions({ status: 'finished', limit: 5, page: 2 });
    expect(list.total).toBe(1);
    expect(server.requests[0]?.url).toBe('/api/session?status=finished&limit=5&page=2');
    expect(await api().calendarConnectUrl('google')).toBe('https://x.test/connect');
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ calendar: 'google' });
  });
});
