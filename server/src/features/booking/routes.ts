import {
  AvailabilityQuerySchema,
  CalendarConnectUrlInputSchema,
  type CalendarProvider,
  CalendarSettingsPatchSchema,
  CreateSessionInputSchema,
  ReviewInputSchema,
  SessionListQuerySchema,
  SlotsQuerySchema,
  UpdateSessionInputSchema,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { type AppEnv, requireRole, requireUser, sessionUserOf } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { availabilitySettings, user } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { parseInput, validate } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createSilentPublisher, type RealtimePublisher } from '../../realtime/publisher.ts';
import { apiKeyOf } from '../api-keys/authenticate.ts';
import { embedAccessOf } from '../embed/embed-access.ts';
import { createLateRescheduleService } from '../reschedule/late-cancellation.ts';
import { lateRescheduleRoutes, rescheduleRoutes } from '../reschedule/routes.ts';
import { createRescheduleService } from '../reschedule/service.ts';
import { createAvailabilityService, DEFAULT_SETTINGS } from './availability-service.ts';
import {
  type BusyTimeSource,
  CALENDAR_BINDING_COOKIE,
  CALENDAR_BINDING_PATH,
  type CalendarEventWriter,
  createCalendarConnections,
} from './calendar-connections.ts';
import {
  configuredProviders,
  type EndpointOverrides,
  type FetchLike,
} from './calendar-providers.ts';
import { feedIcs, organizerFrom } from './ical.ts';
import { createMeetingNotices } from './meeting-notices.ts';
import { type MeetingPayments, noMeetingPayments } from './meeting-payments.ts';
import { createMeetingService } from './meeting-service.ts';
import { feedMeetings, latestCompleted, listSessions } from './meeting-view.ts';
import { createSecretBox, sha256Hex } from './secret-box.ts';
import { BOOKING_RULES, fullName, providerNotConfigured } from './texts.ts';

export interface BookingDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** The payments seam (rule 10); nothing is held or charged by default. */
  payments?: MeetingPayments;
  /** Busy time of connected calendars; by default read from the consultant's connections. */
  busyTimes?: BusyTimeSource;
  /** Meetings written to connected calendars; by default through the consultant's connections. */
  calendarEvents?: CalendarEventWriter;
  /** HTTP to the calendar providers (tests pass a fake). */
  fetch?: FetchLike;
  /** Provider endpoints to use instead of the real ones (tests point them at a local fake). */
  calendarEndpoints?: EndpointOverrides;
  /** Where the notifications of meeting changes are pushed live (rule 12); nothing when absent. */
  realtime?: RealtimePublisher;
}

const ProviderSchema = CalendarConnectUrlInputSchema.entries.calendar;
const ConnectQuerySchema = v.object({
  consultantId: v.pipe(v.string(), v.nonEmpty()),
  calendar: ProviderSchema,
  state: v.optional(v.string()),
});
const CallbackQuerySchema = v.object({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
});
const FEED_FILE = /^([\w-]{20,100})\.ics$/;

/**
 * Booking: availability and slots, meetings, calendar connections and private feeds.
 * Mounted by app.ts at `/api/booking`, `/api/session`, `/api/users` (calendars),
 * `/api/auth/consultant` (OAuth connect) and `/api/calendar` (feeds).
 */
export function bookingRoutes(deps: BookingDeps) {
  const { db, env, now } = deps;
  /** Ties a calendar connect flow to this browser (see CALENDAR_BINDING_COOKIE). */
  const bindBrowser = (c: Context, binding: string) =>
    setCookie(c, CALENDAR_BINDING_COOKIE, binding, {
      path: CALENDAR_BINDING_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
      sameSite: 'Lax',
      secure: env.PUBLIC_URL.startsWith('https:'),
      maxAge: 10 * 60,
    });
  const connections = createCalendarConnections({
    db,
    secret: env.AUTH_SECRET,
    publicUrl: env.PUBLIC_URL,
    providers: configuredProviders(env, deps.calendarEndpoints),
    box: createSecretBox(env.AUTH_SECRET),
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    logger: deps.logger,
    now,
  });
  const availability = createAvailabilityService({
    db,
    secret: env.AUTH_SECRET,
    publicUrl: env.PUBLIC_URL,
    busyTimes: deps.busyTimes ?? connections.busyTimes,
    now,
  });
  const notices = createMeetingNotices({
    db,
    mailer: deps.mailer,
    logger: deps.logger,
    realtime: deps.realtime ?? createSilentPublisher(),
    publicUrl: env.PUBLIC_URL,
    organizer: organizerFrom(env.MAIL_FROM),
  });
  const meetingDeps = {
    db,
    availability,
    payments: deps.payments ?? noMeetingPayments,
    notices,
    calendarEvents: deps.calendarEvents ?? connections.events,
    logger: deps.logger,
    now,
  };
  const meetings = createMeetingService(meetingDeps);
  // Rule 20: moving a meeting goes through the same availability, payments and notices.
  const reschedules = createRescheduleService(meetingDeps);
  // A late cancellation's "reschedule" books its meeting again the same way.
  const lateReschedules = createLateRescheduleService({
    ...meetingDeps,
    mailer: deps.mailer,
    realtime: deps.realtime ?? createSilentPublisher(),
  });

  const requireConfigured = (provider: CalendarProvider) => {
    if (!connections.providers[provider]) {
      // A provider this server does not offer: asking again later will not help (not a 503).
      throw new AppError('RULE_VIOLATION', { message: providerNotConfigured(provider) });
    }
  };
  /** Calendar settings are a consultant's (franchisors 403), checked before the body is read. */
  const consultantsOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (requireUser(c).role !== 'consultant') {
      throw new AppError('FORBIDDEN', { message: BOOKING_RULES.consultantsOnly });
    }
    await next();
  });

  const booking = new Hono<AppEnv>()
    .get('/consultant/:id/slots', validate('query', SlotsQuerySchema), async (c) =>
      c.json(await availability.slots(c.req.param('id'), c.req.valid('query'))),
    )
    .get('/consultant/:id/availability', validate('query', AvailabilityQuerySchema), async (c) =>
      c.json(await availability.month(c.req.param('id'), c.req.valid('query'))),
    );

  const parties = requireRole('franchisor', 'consultant');
  const session = new Hono<AppEnv>()
    .post('/', parties, validate('json', CreateSessionInputSchema), async (c) =>
      c.json(
        await meetings.book(requireUser(c), c.req.valid('json'), {
          apiKeyId: embedAccessOf(c)?.keyId ?? apiKeyOf(c) ?? null,
        }),
        201,
      ),
    )
    .get('/', parties, validate('query', SessionListQuerySchema), async (c) =>
      c.json(await listSessions(db, requireUser(c), c.req.valid('query'), now())),
    )
    .get('/latest-completed', parties, async (c) => {
      const found = await latestCompleted(db, requireUser(c), now());
      if (!found) throw new AppError('NOT_FOUND');
      return c.json(found);
    })
    .get('/:id', parties, async (c) =>
      c.json(await meetings.view(requireUser(c), c.req.param('id'))),
    )
    .patch('/:id', parties, validate('json', UpdateSessionInputSchema), async (c) =>
      c.json(await meetings.update(requireUser(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/:id', parties, async (c) => {
      await meetings.cancel(requireUser(c), c.req.param('id'));
      return c.json({ ok: true as const });
    })
    .post('/:id/review', parties, validate('json', ReviewInputSchema), async (c) =>
      c.json(await meetings.review(requireUser(c), c.req.param('id'), c.req.valid('json'))),
    )
    .post('/:id/review-request', parties, async (c) =>
      c.json(await meetings.requestReview(requireUser(c), c.req.param('id'))),
    )
    .route('/', rescheduleRoutes(reschedules));

  /** A consultant's calendar settings with its connections and the providers this server offers. */
  const calendarSettingsOf = async (userId: string) => {
    const [settings, list] = await Promise.all([
      availability.settings(userId),
      connections.list(userId),
    ]);
    return { ...settings, connections: list, configuredProviders: connections.configured };
  };

  const calendars = new Hono<AppEnv>()
    .get('/calendars', consultantsOnly, async (c) =>
      c.json(await calendarSettingsOf(requireUser(c).id)),
    )
    .patch(
      '/calendars',
      consultantsOnly,
      validate('json', CalendarSettingsPatchSchema),
      async (c) => {
        const me = requireUser(c);
        await availability.update(me.id, c.req.valid('json'));
        return c.json(await calendarSettingsOf(me.id));
      },
    )
    .post(
      '/calendars/connect-url',
      consultantsOnly,
      validate('json', CalendarConnectUrlInputSchema),
      async (c) => {
        const me = requireUser(c);
        const { calendar } = c.req.valid('json');
        requireConfigured(calendar);
        const { url, binding } = await connections.connectUrl(me.id, calendar);
        bindBrowser(c, binding);
        return c.json({ url });
      },
    )
    .delete('/calendars/connections/:provider', consultantsOnly, async (c) => {
      const me = requireUser(c);
      const provider = parseInput(ProviderSchema, c.req.param('provider'));
      await connections.disconnect(me.id, provider);
      return c.json({ ok: true as const });
    })
    // Any signed-in user's private feed (franchisors have no calendar settings, but a feed).
    .get('/calendars/feed', async (c) => {
      const me = requireUser(c);
      const row = await db.query.availabilitySettings.findFirst({
        where: eq(availabilitySettings.userId, me.id),
      });
      const url = await availability.feedUrl(
        me.id,
        row?.icalFeedTokenHash ?? null,
        row?.timeZone ?? DEFAULT_SETTINGS.timeZone,
      );
      return c.json({ icalFeedUrl: url });
    })
    // "Reset link": a new private feed URL; the old one answers 404 from now on.
    .post('/calendars/feed/rotate', async (c) => {
      const me = requireUser(c);
      const row = await db.query.availabilitySettings.findFirst({
        columns: { timeZone: true },
        where: eq(availabilitySettings.userId, me.id),
      });
      const zone = row?.timeZone ?? DEFAULT_SETTINGS.timeZone;
      return c.json({ icalFeedUrl: await availability.rotateFeed(me.id, zone) });
    });

  const connect = new Hono<AppEnv>()
    .get('/connect-calendar/callback', validate('query', CallbackQuerySchema), async (c) => {
      const binding = getCookie(c, CALENDAR_BINDING_COOKIE);
      deleteCookie(c, CALENDAR_BINDING_COOKIE, { path: CALENDAR_BINDING_PATH });
      return c.redirect(await connections.complete({ ...c.req.valid('query'), binding }), 302);
    })
    .get('/connect-calendar', validate('query', ConnectQuerySchema), async (c) => {
      const query = c.req.valid('query');
      requireConfigured(query.calendar);
      const me = c.get('user');
      const consent = await connections.consentUrl({
        consultantId: query.consultantId,
        provider: query.calendar,
        state: query.state ?? null,
        sessionUserId: me?.role === 'consultant' ? me.id : null,
      });
      if (!consent) throw new AppError('UNAUTHORIZED');
      // A signed-in consultant navigating without a state starts a flow bound to this browser.
      if (consent.binding) bindBrowser(c, consent.binding);
      return c.redirect(consent.url, 302);
    });

  const feeds = new Hono<AppEnv>().get('/feed/:file', async (c) => {
    const token = FEED_FILE.exec(c.req.param('file'))?.[1];
    if (!token) throw new AppError('NOT_FOUND');
    const owner = await db.query.availabilitySettings.findFirst({
      columns: { userId: true },
      where: eq(availabilitySettings.icalFeedTokenHash, sha256Hex(token)),
    });
    const row = owner ? await db.query.user.findFirst({ where: eq(user.id, owner.userId) }) : null;
    if (!row || row.isDeleted || row.isDeactivated || row.role === 'admin') {
      throw new AppError('NOT_FOUND');
    }
    const viewer = sessionUserOf(row);
    const list = await feedMeetings(db, viewer, now());
    const organizer = organizerFrom(env.MAIL_FROM);
    const body = feedIcs(
      fullName(row),
      list.map((d) => notices.icalMeeting(d, d.meeting.icsSequence)),
      organizer,
    );
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, max-age=300',
    });
  });

  const lateCancellations = lateRescheduleRoutes(lateReschedules);
  return { booking, session, calendars, connect, feeds, lateCancellations };
}
