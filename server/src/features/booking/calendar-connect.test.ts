import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarSettings } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEnv, createSessionMiddleware } from '../../auth/session.ts';
import { calendarConnection, meeting } from '../../db/schema/index.ts';
import { EnvError, loadEnv } from '../../env.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createAvailabilityService } from './availability-service.ts';
import { createCalendarConnections } from './calendar-connections.ts';
import {
  busyIntervals,
  configuredProviders,
  createEvent,
  deleteEvent,
  type EndpointOverrides,
} from './calendar-providers.ts';
import { bookingRoutes } from './routes.ts';
import { createSecretBox } from './secret-box.ts';
import { json, makeConsultant, makeFranchisor, OFFICE_HOURS } from './test-fixtures.ts';

/** A fake Google + Microsoft on 127.0.0.1: records every request, answers like the real APIs. */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const requests: Recorded[] = [];
let busyAnswer: { start: string; end: string }[] = [];
let fake: Server;
let fakeUrl = '';

const idToken = (claims: object) =>
  ['{"alg":"none"}', JSON.stringify(claims), 'sig']
    .map((p, k) => (k < 2 ? Buffer.from(p).toString('base64url') : p))
    .join('.');

function startFake(): Promise<void> {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
      if (body.length > 100_000) req.destroy();
    });
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      const form = new URLSearchParams(body);
      if (path.endsWith('/token')) {
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          return send(200, {
            access_token: 'ya29.fake-access',
            refresh_token: '1//fake-refresh',
            expires_in: 3600,
            id_token: idToken({ email: 'olivia@gmail.test', sub: '42' }),
          });
        }
        if (
          form.get('grant_type') === 'refresh_token' &&
          form.get('refresh_token') === '1//fake-refresh'
        ) {
          return send(200, { access_token: 'ya29.refreshed', expires_in: 3600 });
        }
        return send(400, { error: 'invalid_grant' });
      }
      if (path === '/google/calendar/v3/freeBusy') {
        return send(200, {
          kind: 'calendar#freeBusy',
          calendars: { primary: { busy: busyAnswer } },
        });
      }
      if (path === '/graph/v1.0/me/calendar/getSchedule') {
        return send(200, {
          value: [
            {
              scheduleId: 'olivia@contoso.test',
              scheduleItems: [
                {
                  status: 'busy',
                  start: { dateTime: '2026-03-03T15:00:00.0000000', timeZone: 'UTC' },
                  end: { dateTime: '2026-03-03T16:00:00.0000000', timeZone: 'UTC' },
                },
                {
                  status: 'free',
                  start: { dateTime: '2026-03-03T17:00:00.0000000', timeZone: 'UTC' },
                  end: { dateTime: '2026-03-03T18:00:00.0000000', timeZone: 'UTC' },
                },
                {
                  status: 'tentative',
                  start: { dateTime: '2026-03-03T19:00:00.0000000', timeZone: 'UTC' },
                  end: { dateTime: '2026-03-03T19:30:00.0000000', timeZone: 'UTC' },
                },
              ],
            },
          ],
        });
      }
      if (
        req.method === 'POST' &&
        path.startsWith('/google/calendar/v3/calendars/primary/events')
      ) {
        return send(200, { id: 'google-event-1' });
      }
      if (req.method === 'POST' && path === '/graph/v1.0/me/events') {
        return send(201, { id: 'graph-event-1' });
      }
      if (req.method === 'DELETE') return send(204);
      return send(404, { error: 'not found' });
    });
  });
  return new Promise((ready) => {
    fake.listen(0, '127.0.0.1', () => {
      fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      ready();
    });
  });
}

const OAUTH_ENV = {
  GOOGLE_CLIENT_ID: 'google-client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  MS_CLIENT_ID: '00000000-1111-2222-3333-444444444444',
  MS_CLIENT_SECRET: 'ms-secret',
};

let bare: TestServer;
let server: TestServer;
let clock = new Date('2026-03-02T12:00:00Z');
const endpoints = (): EndpointOverrides => ({
  google: { token: `${fakeUrl}/google/token`, api: `${fakeUrl}/google/calendar/v3` },
  office365: { token: `${fakeUrl}/ms/token`, api: `${fakeUrl}/graph/v1.0` },
});

beforeAll(async () => {
  await startFake();
  bare = await startTestServer();
  server = await startTestServer({ env: OAUTH_ENV, now: () => clock });
});
afterAll(async () => {
  await Promise.all([bare.close(), server.close()]);
  await new Promise((done) => fake.close(done));
});

const connectUrl = async (s: TestServer, token: string, calendar: string) =>
  s.fetch('/api/users/calendars/connect-url', {
    method: 'POST',
    token,
    body: json({ calendar }),
  });

describe('configuration', () => {
  it('takes OAuth credentials in pairs and Microsoft’s tenant as "common" by default', () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'x' })).toThrow(EnvError);
    expect(() => loadEnv({ MS_CLIENT_SECRET: 'x' })).toThrow(
      /MS_CLIENT_ID and MS_CLIENT_SECRET go together/,
    );
    const env = loadEnv(OAUTH_ENV);
    expect(env.MS_TENANT).toBe('common');
    expect(Object.keys(configuredProviders(env))).toEqual(['google', 'office365']);
    expect(configuredProviders(loadEnv({}))).toEqual({});
  });
});

describe('connect calendar without OAuth configured', () => {
  it('answers 422 RULE_VIOLATION naming the provider (the server does not offer it; retrying will not help)', async () => {
    const consultant = await makeConsultant(bare);
    const res = await connectUrl(bare, consultant.token, 'google');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'RULE_VIOLATION',
      message: 'Google calendar is not configured on this server',
    });
    const nav = await bare.fetch(
      `/api/auth/consultant/connect-calendar?consultantId=${consultant.id}&calendar=office365`,
      { redirect: 'manual' },
    );
    expect(nav.status).toBe(422);
    expect((await nav.json()).message).toBe('Office 365 calendar is not configured on this server');
    const settings = (await (
      await bare.fetch('/api/users/calendars', { token: consultant.token })
    ).json()) as CalendarSettings;
    expect(settings.configuredProviders).toEqual([]);
  });
});

describe('connect calendar with OAuth configured', () => {
  it('hands a signed one-time URL to the consultant, which redirects to Google’s consent page', async () => {
    const consultant = await makeConsultant(server);
    const franchisor = await makeFranchisor(server);
    expect((await connectUrl(server, franchisor.token, 'google')).status).toBe(403);
    expect((await connectUrl(server, consultant.token, 'yahoo')).status).toBe(400);
    const res = await connectUrl(server, consultant.token, 'google');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const target = new URL(url);
    expect(target.pathname).toBe('/api/auth/consultant/connect-calendar');
    expect(target.searchParams.get('consultantId')).toBe(consultant.id);
    expect(target.searchParams.get('calendar')).toBe('google');

    // A browser navigation: no bearer header.
    const nav = await fetch(url, { redirect: 'manual' });
    expect(nav.status).toBe(302);
    const consent = new URL(nav.headers.get('location') ?? '');
    expect(`${consent.origin}${consent.pathname}`).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    const p = consent.searchParams;
    expect(p.get('client_id')).toBe(OAUTH_ENV.GOOGLE_CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(
      `${server.url}/api/auth/consultant/connect-calendar/callback`,
    );
    expect(p.get('response_type')).toBe('code');
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('prompt')).toBe('consent');
    expect(p.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.freebusy',
      ]),
    );
    expect(p.get('state')).toBe(target.searchParams.get('state'));
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('redirects to Microsoft’s authorize endpoint with Calendars.ReadWrite and offline access', async () => {
    const consultant = await makeConsultant(server);
    const { url } = (await (await connectUrl(server, consultant.token, 'office365')).json()) as {
      url: string;
    };
    const nav = await fetch(url, { redirect: 'manual' });
    const consent = new URL(nav.headers.get('location') ?? '');
    expect(`${consent.origin}${consent.pathname}`).toBe(
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    );
    expect(consent.searchParams.get('client_id')).toBe(OAUTH_ENV.MS_CLIENT_ID);
    expect(consent.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['Calendars.ReadWrite', 'offline_access']),
    );
  });

  it('refuses a navigation without a valid state unless the consultant is signed in', async () => {
    const consultant = await makeConsultant(server);
    const other = await makeConsultant(server);
    const base = `/api/auth/consultant/connect-calendar?consultantId=${consultant.id}&calendar=google`;
    expect((await server.fetch(base, { redirect: 'manual' })).status).toBe(401);
    const { url } = (await (await connectUrl(server, consultant.token, 'google')).json()) as {
      url: string;
    };
    const state = new URL(url).searchParams.get('state') ?? '';
    const tampered = `${state.slice(0, -2)}xx`;
    expect((await server.fetch(`${base}&state=${tampered}`, { redirect: 'manual' })).status).toBe(
      401,
    );
    // Someone else's state does not connect this consultant.
    const foreign = await server.fetch(
      `/api/auth/consultant/connect-calendar?consultantId=${other.id}&calendar=google&state=${state}`,
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(401);
    // Expired after ten minutes.
    const saved = clock;
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect((await server.fetch(`${base}&state=${state}`, { redirect: 'manual' })).status).toBe(
        401,
      );
    } finally {
      clock = saved;
    }
    // An API client with the bearer header needs no state.
    const direct = await server.fetch(base, { redirect: 'manual', token: consultant.token });
    expect(direct.status).toBe(302);
  });

  it('exchanges the code on callback, stores the tokens encrypted, and works only once', async () => {
    const consultant = await makeConsultant(server, {
      settings: { weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
    });
    const started = await connectUrl(server, consultant.token, 'google');
    const { url } = (await started.json()) as { url: string };
    // The browser that asked carries the binding cookie back on the provider's redirect.
    const setCookie = started.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/fm_calendar_binding=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/consultant\/connect-calendar/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = { cookie: setCookie.split(';')[0] ?? '' };
    // The same wiring as the server, with the provider endpoints pointing at the local fake.
    const { db, env, mailer, logger } = server.container;
    const routes = bookingRoutes({
      db,
      env,
      mailer,
      logger,
      now: () => clock,
      calendarEndpoints: endpoints(),
    });
    const target = new URL(url);
    const nav = await routes.connect.request(
      `${target.pathname.replace('/api/auth/consultant', '')}${target.search}`,
    );
    expect(nav.status).toBe(302);
    const challenge = new URL(nav.headers.get('location') ?? '').searchParams.get('code_challenge');
    const state = target.searchParams.get('state') ?? '';

    requests.length = 0;
    const callback = `/connect-calendar/callback?code=good-code&state=${encodeURIComponent(state)}`;
    // Another browser (a victim handed this consent link) cannot complete it: no code exchange.
    for (const other of [{}, { cookie: 'fm_calendar_binding=someone-elses' }]) {
      const refused = await routes.connect.request(callback, { headers: other });
      expect(refused.headers.get('location')).toBe('/my-profile/calendar?error=invalid_state');
    }
    expect(requests).toHaveLength(0);
    const done = await routes.connect.request(callback, { headers: cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/my-profile/calendar?connected=google');

    const [tokenCall] = requests;
    expect(tokenCall?.path).toBe('/google/token');
    const form = new URLSearchParams(tokenCall?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('good-code');
    expect(form.get('client_id')).toBe(OAUTH_ENV.GOOGLE_CLIENT_ID);
    expect(form.get('client_secret')).toBe(OAUTH_ENV.GOOGLE_CLIENT_SECRET);
    expect(form.get('redirect_uri')).toBe(
      `${server.url}/api/auth/consultant/connect-calendar/callback`,
    );
    const verifier = form.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);

    const [row] = await db
      .select()
      .from(calendarConnection)
      .where(eq(calendarConnection.userId, consultant.id));
    expect(row).toMatchObject({
      provider: 'google',
      accountId: 'olivia@gmail.test',
      calendarId: 'primary',
    });
    expect(row?.accessTokenEnc).not.toContain('ya29');
    expect(row?.refreshTokenEnc).not.toContain('fake-refresh');
    const box = createSecretBox(env.AUTH_SECRET);
    expect(box.open(row?.accessTokenEnc ?? '')).toBe('ya29.fake-access');
    expect(box.open(row?.refreshTokenEnc ?? '')).toBe('1//fake-refresh');
    expect(row?.tokenExpiry?.getTime()).toBe(clock.getTime() + 3_600_000);

    // The state is spent.
    const replay = await routes.connect.request(callback, { headers: cookie });
    expect(replay.headers.get('location')).toBe('/my-profile/calendar?error=invalid_state');
    const denied = await routes.connect.request(
      `/connect-calendar/callback?error=access_denied&state=x`,
    );
    expect(denied.headers.get('location')).toBe('/my-profile/calendar?error=invalid_state');

    const settings = (await (
      await server.fetch('/api/users/calendars', { token: consultant.token })
    ).json()) as CalendarSettings;
    expect(settings.configuredProviders).toEqual(['google', 'office365']);
    expect(settings.connections).toEqual([
      { provider: 'google', connected: true, hasCalendarId: true, accountId: 'olivia@gmail.test' },
    ]);

    // Busy times from the connected calendar are not offered, and tokens refresh when expired.
    const connections = createCalendarConnections({
      db,
      secret: env.AUTH_SECRET,
      publicUrl: env.PUBLIC_URL,
      providers: configuredProviders(env, endpoints()),
      box,
      fetch: (input, init) => fetch(input, init),
      logger,
      now: () => clock,
    });
    busyAnswer = [{ start: '2026-03-03T15:00:00Z', end: '2026-03-03T16:00:00Z' }];
    const availability = createAvailabilityService({
      db,
      secret: env.AUTH_SECRET,
      publicUrl: env.PUBLIC_URL,
      busyTimes: connections.busyTimes,
      now: () => clock,
    });
    requests.length = 0;
    const slots = await availability.slots(consultant.id, {
      date: '2026-03-03',
      timezone: 'America/New_York',
    });
    const starts = (slots.days[0]?.slots ?? []).map((s) => s.start);
    expect(starts).toContain('2026-03-03T14:30:00.000Z');
    expect(starts).not.toContain('2026-03-03T14:45:00.000Z');
    expect(starts).not.toContain('2026-03-03T15:30:00.000Z');
    const freeBusy = requests.find((r) => r.path === '/google/calendar/v3/freeBusy');
    expect(freeBusy?.headers.authorization).toBe('Bearer ya29.fake-access');
    expect(JSON.parse(freeBusy?.body ?? '{}')).toMatchObject({ items: [{ id: 'primary' }] });

    await db
      .update(calendarConnection)
      .set({ tokenExpiry: new Date(clock.getTime() - 1000) })
      .where(eq(calendarConnection.userId, consultant.id));
    requests.length = 0;
    await connections.busyTimes.busy(consultant.id, {
      start: Date.parse('2026-03-03T00:00:00Z'),
      end: Date.parse('2026-03-04T00:00:00Z'),
    });
    expect(new URLSearchParams(requests[0]?.body).get('grant_type')).toBe('refresh_token');
    expect(requests[1]?.headers.authorization).toBe('Bearer ya29.refreshed');
    const [refreshed] = await db
      .select()
      .from(calendarConnection)
      .where(eq(calendarConnection.userId, consultant.id));
    expect(box.open(refreshed?.accessTokenEnc ?? '')).toBe('ya29.refreshed');
    expect(box.open(refreshed?.refreshTokenEnc ?? '')).toBe('1//fake-refresh');

    // A booked meeting is written to the calendar and removed again.
    const franchisor = await makeFranchisor(server);
    const [m] = await db
      .insert(meeting)
      .values({
        consultantId: consultant.id,
        franchisorId: franchisor.id,
        startAt: new Date('2026-03-03T18:00:00Z'),
        endAt: new Date('2026-03-03T18:30:00Z'),
        timeZone: 'America/New_York',
        durationMinutes: 30,
        rateCents: 5_000,
      })
      .returning();
    requests.length = 0;
    await connections.events.meetingBooked({
      id: m?.id ?? '',
      consultantId: consultant.id,
      event: {
        summary: 'Franchise Meet: Blue Fin Swim × Test consultant',
        description: 'Details',
        start: new Date('2026-03-03T18:00:00Z'),
        end: new Date('2026-03-03T18:30:00Z'),
        attendees: [{ email: franchisor.email, name: 'Test franchisor' }],
        meetingId: m?.id ?? '',
      },
    });
    const created = requests.find((r) => r.method === 'POST' && r.path.includes('/events'));
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      summary: 'Franchise Meet: Blue Fin Swim × Test consultant',
      start: { dateTime: '2026-03-03T18:00:00.000Z' },
      attendees: [{ email: franchisor.email }],
    });
    const [withEvent] = await db
      .select()
      .from(meeting)
      .where(eq(meeting.id, m?.id ?? ''));
    expect(withEvent?.externalEventId).toBe('google:google-event-1');
    requests.length = 0;
    await connections.events.meetingRemoved({
      id: m?.id ?? '',
      consultantId: consultant.id,
      externalEventId: withEvent?.externalEventId ?? null,
    });
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      path: '/google/calendar/v3/calendars/primary/events/google-event-1?sendUpdates=none',
    });

    // A booking through the API writes its event into the connected calendar.
    const booker = await makeFranchisor(server);
    const { auth, refreshTokens } = server.container;
    const api = new Hono<AppEnv>()
      .use('*', createSessionMiddleware({ db, auth, refreshTokens, now: () => clock }))
      .route('/api/session', routes.session);
    requests.length = 0;
    const booked = await api.request('/api/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${booker.token}`, 'content-type': 'application/json' },
      body: json({
        consultantId: consultant.id,
        start: '2026-03-03T19:00:00.000Z',
        end: '2026-03-03T19:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    });
    expect(booked.status).toBe(201);
    const written = requests.find((r) => r.method === 'POST' && r.path.includes('/events'));
    expect(JSON.parse(written?.body ?? '{}')).toMatchObject({
      start: { dateTime: '2026-03-03T19:00:00.000Z' },
      attendees: expect.arrayContaining([expect.objectContaining({ email: booker.email })]),
    });

    // Moved (rule 20): the calendar's event of the old time is deleted, one at the new time written.
    const movedId = ((await booked.json()) as { id: string }).id;
    const asUser = (token: string, path: string, body: unknown) =>
      api.request(`/api/session/${movedId}/reschedule-requests${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: json(body),
      });
    const proposal = await asUser(booker.token, '', { starts: ['2026-03-04T19:00:00.000Z'] });
    expect(proposal.status).toBe(201);
    const { id: requestId } = (await proposal.json()) as { id: string };
    requests.length = 0;
    const moved = await asUser(consultant.token, `/${requestId}/accept`, {
      start: '2026-03-04T19:00:00.000Z',
    });
    expect(moved.status).toBe(200);
    const eventCalls = requests.filter((r) => r.path.includes('/events'));
    expect(eventCalls.map((r) => r.method)).toEqual(['DELETE', 'POST']);
    expect(eventCalls[0]?.path).toBe(
      '/google/calendar/v3/calendars/primary/events/google-event-1?sendUpdates=none',
    );
    expect(JSON.parse(eventCalls[1]?.body ?? '{}')).toMatchObject({
      start: { dateTime: '2026-03-04T19:00:00.000Z' },
      end: { dateTime: '2026-03-04T19:30:00.000Z' },
    });
    const [afterMove] = await db.select().from(meeting).where(eq(meeting.id, movedId));
    expect(afterMove?.externalEventId).toBe('google:google-event-1');
  });

  it('reads Microsoft Graph schedules (busy and tentative, not free) and writes Graph events', async () => {
    const ms = configuredProviders(loadEnv(OAUTH_ENV), endpoints()).office365;
    if (!ms) throw new Error('office365 not configured');
    const send = (input: string, init?: RequestInit) => fetch(input, init);
    requests.length = 0;
    const busy = await busyIntervals(ms, send, {
      accessToken: 'eyJ.graph',
      calendarId: 'primary',
      accountId: 'olivia@contoso.test',
      window: {
        start: Date.parse('2026-03-03T00:00:00Z'),
        end: Date.parse('2026-03-04T00:00:00Z'),
      },
    });
    expect(busy).toEqual([
      { start: Date.parse('2026-03-03T15:00:00Z'), end: Date.parse('2026-03-03T16:00:00Z') },
      { start: Date.parse('2026-03-03T19:00:00Z'), end: Date.parse('2026-03-03T19:30:00Z') },
    ]);
    const call = requests[0];
    expect(call?.headers.authorization).toBe('Bearer eyJ.graph');
    expect(call?.headers.prefer).toBe('outlook.timezone="UTC"');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      schedules: ['olivia@contoso.test'],
      startTime: { dateTime: '2026-03-03T00:00:00', timeZone: 'UTC' },
      endTime: { dateTime: '2026-03-04T00:00:00', timeZone: 'UTC' },
      availabilityViewInterval: 15,
    });
    const id = await createEvent(ms, send, {
      accessToken: 'eyJ.graph',
      calendarId: 'primary',
      event: {
        summary: 'S',
        description: 'D',
        start: new Date('2026-03-03T18:00:00Z'),
        end: new Date('2026-03-03T18:30:00Z'),
        attendees: [{ email: 'a@b.test', name: 'A' }],
        meetingId: 'm1',
      },
    });
    expect(id).toBe('graph-event-1');
    expect(JSON.parse(requests[1]?.body ?? '{}')).toMatchObject({
      subject: 'S',
      start: { dateTime: '2026-03-03T18:00:00', timeZone: 'UTC' },
      attendees: [{ emailAddress: { address: 'a@b.test', name: 'A' }, type: 'required' }],
      transactionId: 'm1',
    });
    await deleteEvent(ms, send, { accessToken: 'eyJ.graph', calendarId: 'primary', eventId: id });
    expect(requests[2]).toMatchObject({
      method: 'DELETE',
      path: '/graph/v1.0/me/events/graph-event-1',
    });
  });
});
