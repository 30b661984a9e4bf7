import * as v from 'valibot';
import {
  type AvailabilityQuery,
  AvailabilityQuerySchema,
  type AvailabilityResult,
  AvailabilityResultSchema,
  BOOKING_OPERATIONS,
  CANCEL_DURATION_MINUTES,
  type CalendarConnectUrlInput,
  CalendarConnectUrlInputSchema,
  CalendarConnectUrlSchema,
  type CalendarFeed,
  CalendarFeedSchema,
  type CalendarProvider,
  type CalendarSettings,
  type CalendarSettingsPatch,
  CalendarSettingsPatchSchema,
  CalendarSettingsSchema,
  type CreateSessionInput,
  CreateSessionInputSchema,
  OkSchema,
  type ReviewInput,
  ReviewInputSchema,
  type Session,
  type SessionList,
  type SessionListQuery,
  SessionListQuerySchema,
  SessionListSchema,
  SessionSchema,
  type SlotsQuery,
  SlotsQuerySchema,
  type SlotsResult,
  SlotsResultSchema,
} from './contracts/index.ts';
import { type Http, type RequestOptions, withQuery } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { validateInput } from './validate-input.ts';

/**
 * Booking: a consultant's calendar settings and connections, slots and month availability, and
 * meetings (the API's "session") through their whole life cycle (rules 8 and 9).
 *
 * @example
 * ```ts
 * const { days, hasMore } = await api.bookings.getSlots(consultantId, { date: '2026-03-09', timezone: 'America/New_York' });
 * const meeting = await api.bookings.createSession({ consultantId, ...days[0].slots[0], timeZone: 'America/New_York' });
 * ```
 */
export interface BookingsApi {
  /**
   * The signed-in consultant's calendar settings (`GET users/calendars`).
   * @example const { timeZone, weeklyHours, icalFeedUrl } = await api.bookings.getCalendarSettings();
   */
  getCalendarSettings(options?: RequestOptions): Promise<CalendarSettings>;
  /**
   * Changes calendar settings; every given part replaces what was stored (`PATCH users/calendars`).
   * @example await api.bookings.updateCalendarSettings({ weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }] });
   */
  updateCalendarSettings(
    patch: CalendarSettingsPatch,
    options?: RequestOptions,
  ): Promise<CalendarSettings>;
  /**
   * A one-time URL that connects Google or Office 365; navigate the browser to it.
   * @example window.location.assign(await api.bookings.calendarConnectUrl('google'));
   */
  calendarConnectUrl(calendar: CalendarProvider, options?: RequestOptions): Promise<string>;
  /**
   * Removes a calendar connection.
   * @example await api.bookings.disconnectCalendar('office365');
   */
  disconnectCalendar(calendar: CalendarProvider, options?: RequestOptions): Promise<void>;
  /**
   * The signed-in user's private iCalendar feed URL (any role).
   * @example const { icalFeedUrl } = await api.bookings.getCalendarFeed();
   */
  getCalendarFeed(options?: RequestOptions): Promise<CalendarFeed>;
  /**
   * Resets the private iCalendar feed URL: answers the new one; the old URL stops working at once.
   * @example const { icalFeedUrl } = await api.bookings.rotateCalendarFeed();
   */
  rotateCalendarFeed(options?: RequestOptions): Promise<CalendarFeed>;
  /**
   * `api.meetings.getSlots` under its former name.
   * @example const next = await api.bookings.getSlots(id, { date, timezone, from: page.days[0].slots.at(-1).end });
   */
  getSlots(consultantId: string, query: SlotsQuery, options?: RequestOptions): Promise<SlotsResult>;
  /**
   * `api.meetings.getAvailability` under its former name.
   * @example const { dates } = await api.bookings.getAvailability(id, { month: '2026-03', timezone: 'Europe/London' });
   */
  getAvailability(
    consultantId: string,
    query: AvailabilityQuery,
    options?: RequestOptions,
  ): Promise<AvailabilityResult>;
  /**
   * `api.meetings.book` under its former name.
   * @example await api.bookings.createSession({ consultantId, start, end, timeZone: 'America/Chicago' });
   */
  createSession(input: CreateSessionInput, options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.list` under its former name.
   * @example const { sessions, total } = await api.bookings.listSessions({ status: 'future', limit: 10 });
   */
  listSessions(
    query?: SessionListQuery,
    options?: RequestOptions,
  ): PagedCall<SessionList, SessionList['sessions'][number]>;
  /**
   * `api.meetings.get` under its former name.
   * @example const meeting = await api.bookings.getSession(id);
   */
  getSession(id: string, options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.getLatestCompleted` under its former name.
   * @example const last = await api.bookings.getLatestCompleted();
   */
  getLatestCompleted(options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.decline` under its former name.
   * @example await api.bookings.declineSession(id);
   */
  declineSession(id: string, options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.complete` under its former name.
   * @example await api.bookings.completeSession(id);
   */
  completeSession(id: string, options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.cancel` under its former name.
   * @example await api.bookings.cancelSession(id);
   */
  cancelSession(id: string, options?: RequestOptions): Promise<void>;
  /**
   * `api.meetings.review` under its former name.
   * @example await api.bookings.reviewSession(id, { rating: 5, comment: 'Very helpful' });
   */
  reviewSession(id: string, input: ReviewInput, options?: RequestOptions): Promise<Session>;
  /**
   * `api.meetings.requestReview` under its former name.
   * @example await api.bookings.requestReview(id);
   */
  requestReview(id: string, options?: RequestOptions): Promise<Session>;
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * `GET booking/consultant/{id}/slots`: a consultant's free slots from a day on, in a time zone (no
 * credentials sent).
 *
 * @example
 * ```ts
 * const { days, hasMore } = await getSlots(api.http, id, { date: '2026-03-09', timezone: 'America/New_York' });
 * ```
 */
export async function getSlots(
  http: Http,
  consultantId: string,
  query: SlotsQuery,
  options?: RequestOptions,
): Promise<SlotsResult> {
  validateInput('fetchSlots', BOOKING_OPERATIONS, SlotsQuerySchema, query);
  return http.call(
    {
      operation: 'fetchSlots',
      texts: BOOKING_OPERATIONS,
      method: 'get',
      path: withQuery(`booking/consultant/${segment(consultantId)}/slots`, query),
      response: SlotsResultSchema,
      credentials: false,
    },
    options,
  );
}

/**
 * `GET booking/consultant/{id}/availability`: the days of a month with free slots.
 *
 * @example
 * ```ts
 * const { dates } = await getAvailability(api.http, id, { month: '2026-03', timezone: 'Europe/London' });
 * ```
 */
export async function getAvailability(
  http: Http,
  consultantId: string,
  query: AvailabilityQuery,
  options?: RequestOptions,
): Promise<AvailabilityResult> {
  validateInput('fetchAvailability', BOOKING_OPERATIONS, AvailabilityQuerySchema, query);
  return http.call(
    {
      operation: 'fetchAvailability',
      texts: BOOKING_OPERATIONS,
      method: 'get',
      path: withQuery(`booking/consultant/${segment(consultantId)}/availability`, query),
      response: AvailabilityResultSchema,
      credentials: false,
    },
    options,
  );
}

/**
 * `POST session`: books a meeting (sent with an idempotency key, so a retry books it once).
 *
 * @example
 * ```ts
 * const meeting = await createSession(api.http, { consultantId, start, end, timeZone: 'America/Chicago' });
 * ```
 */
export async function createSession(
  http: Http,
  input: CreateSessionInput,
  options?: RequestOptions,
): Promise<Session> {
  const json = validateInput('createBooking', BOOKING_OPERATIONS, CreateSessionInputSchema, input);
  return http.call(
    {
      operation: 'createBooking',
      texts: BOOKING_OPERATIONS,
      idempotent: true,
      method: 'post',
      path: 'session',
      json,
      response: SessionSchema,
    },
    options,
  );
}

/**
 * Creates the booking calls on a transport.
 * @example const bookings = createBookingsApi(http);
 */
export function createBookingsApi(http: Http, clock: () => Date = () => new Date()): BookingsApi {
  const patchSession = (
    operation: 'declineMeeting' | 'completeMeeting',
    id: string,
    json: object,
    options: RequestOptions | undefined,
  ) =>
    http.call(
      {
        operation,
        texts: BOOKING_OPERATIONS,
        method: 'patch',
        path: `session/${segment(id)}`,
        json,
        response: SessionSchema,
      },
      options,
    );

  return {
    getCalendarSettings(options) {
      return http.call(
        {
          operation: 'getCalendars',
          texts: BOOKING_OPERATIONS,
          method: 'get',
          path: 'users/calendars',
          response: CalendarSettingsSchema,
        },
        options,
      );
    },
    async updateCalendarSettings(patch, options) {
      const json = validateInput(
        'updateCalendar',
        BOOKING_OPERATIONS,
        CalendarSettingsPatchSchema,
        patch,
      );
      return http.call(
        {
          operation: 'updateCalendar',
          texts: BOOKING_OPERATIONS,
          method: 'patch',
          path: 'users/calendars',
          json,
          response: CalendarSettingsSchema,
        },
        options,
      );
    },
    async calendarConnectUrl(calendar, options) {
      const input: CalendarConnectUrlInput = { calendar };
      const json = validateInput(
        'connectCalendar',
        BOOKING_OPERATIONS,
        CalendarConnectUrlInputSchema,
        input,
      );
      const { url } = await http.call(
        {
          operation: 'connectCalendar',
          texts: BOOKING_OPERATIONS,
          method: 'post',
          path: 'users/calendars/connect-url',
          json,
          response: CalendarConnectUrlSchema,
        },
        options,
      );
      return url;
    },
    async disconnectCalendar(calendar, options) {
      validateInput('disconnectCalendar', BOOKING_OPERATIONS, CalendarConnectUrlInputSchema, {
        calendar,
      });
      await http.call(
        {
          operation: 'disconnectCalendar',
          texts: BOOKING_OPERATIONS,
          method: 'delete',
          path: `users/calendars/connections/${segment(calendar)}`,
          response: OkSchema,
        },
        options,
      );
    },
    getCalendarFeed(options) {
      return http.call(
        {
          operation: 'fetchCalendarFeed',
          texts: BOOKING_OPERATIONS,
          method: 'get',
          path: 'users/calendars/feed',
          response: CalendarFeedSchema,
        },
        options,
      );
    },
    rotateCalendarFeed(options) {
      return http.call(
        {
          operation: 'rotateCalendarFeed',
          texts: BOOKING_OPERATIONS,
          method: 'post',
          path: 'users/calendars/feed/rotate',
          response: CalendarFeedSchema,
        },
        options,
      );
    },
    getSlots: (consultantId, query, options) => getSlots(http, consultantId, query, options),
    getAvailability: (consultantId, query, options) =>
      getAvailability(http, consultantId, query, options),
    createSession: (input, options) => createSession(http, input, options),
    listSessions(query = {}, options) {
      return paged(
        async (page) => {
          const q = page === undefined ? query : { ...query, page };
          validateInput('fetchSessions', BOOKING_OPERATIONS, SessionListQuerySchema, q);
          return http.call(
            {
              operation: 'fetchSessions',
              texts: BOOKING_OPERATIONS,
              method: 'get',
              path: withQuery('session', q),
              response: SessionListSchema,
            },
            options,
          );
        },
        (p) => p.sessions,
      );
    },
    getSession(id, options) {
      return http.call(
        {
          operation: 'fetchSession',
          texts: BOOKING_OPERATIONS,
          method: 'get',
          path: `session/${segment(id)}`,
          response: SessionSchema,
        },
        options,
      );
    },
    getLatestCompleted(options) {
      return http.call(
        {
          operation: 'fetchLatestCompleted',
          texts: BOOKING_OPERATIONS,
          method: 'get',
          path: 'session/latest-completed',
          response: SessionSchema,
        },
        options,
      );
    },
    declineSession(id, options) {
      return patchSession(
        'declineMeeting',
        id,
        { status: 'declined', duration: CANCEL_DURATION_MINUTES, dateTime: clock().toISOString() },
        options,
      );
    },
    completeSession(id, options) {
      return patchSession('completeMeeting', id, { status: 'completed' }, options);
    },
    async cancelSession(id, options) {
      await http.call(
        {
          operation: 'cancelMeeting',
          texts: BOOKING_OPERATIONS,
          method: 'delete',
          path: `session/${segment(id)}`,
          response: v.optional(OkSchema),
        },
        options,
      );
    },
    async reviewSession(id, input, options) {
      const json = validateInput('reviewBooking', BOOKING_OPERATIONS, ReviewInputSchema, input);
      return http.call(
        {
          operation: 'reviewBooking',
          texts: BOOKING_OPERATIONS,
          method: 'post',
          path: `session/${segment(id)}/review`,
          json,
          response: SessionSchema,
        },
        options,
      );
    },
    requestReview(id, options) {
      return http.call(
        {
          operation: 'requestReview',
          texts: BOOKING_OPERATIONS,
          method: 'post',
          path: `session/${segment(id)}/review-request`,
          response: SessionSchema,
        },
        options,
      );
    },
  };
}
