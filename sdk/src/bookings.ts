import * as v from 'valibot';
import {
  type AvailabilityQuery,
  AvailabilityQuerySchema,
  type AvailabilityResult,
  AvailabilityResultSchema,
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
import { type Http, withQuery } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * Booking: a consultant's calendar settings and connections, slots and month availability, and
 * meetings (the API's "session") through their whole life cycle (D8, D9).
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
  getCalendarSettings(): Promise<CalendarSettings>;
  /**
   * Changes calendar settings; every given part replaces what was stored (`PATCH users/calendars`).
   * @example await api.bookings.updateCalendarSettings({ weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }] });
   */
  updateCalendarSettings(patch: CalendarSettingsPatch): Promise<CalendarSettings>;
  /**
   * A one-time URL that connects Google or Office 365; navigate the browser to it.
   * @example window.location.assign(await api.bookings.calendarConnectUrl('google'));
   */
  calendarConnectUrl(calendar: CalendarProvider): Promise<string>;
  /**
   * Removes a calendar connection.
   * @example await api.bookings.disconnectCalendar('office365');
   */
  disconnectCalendar(calendar: CalendarProvider): Promise<void>;
  /**
   * The signed-in user's private iCalendar feed URL (any role).
   * @example const { icalFeedUrl } = await api.bookings.getCalendarFeed();
   */
  getCalendarFeed(): Promise<CalendarFeed>;
  /**
   * One page (20) of a consultant's free slots on a day of the viewer's zone; pass the last slot's
   * `end` as `from` for the next page (Load More). Needs no sign-in.
   * @example const next = await api.bookings.getSlots(id, { date, timezone, from: page.days[0].slots.at(-1).end });
   */
  getSlots(consultantId: string, query: SlotsQuery): Promise<SlotsResult>;
  /**
   * The days of a month with at least one free slot (to highlight in the calendar).
   * @example const { dates } = await api.bookings.getAvailability(id, { month: '2026-03', timezone: 'Europe/London' });
   */
  getAvailability(consultantId: string, query: AvailabilityQuery): Promise<AvailabilityResult>;
  /**
   * Books an offered slot (franchisor with an active subscription). Rejects with `SLOT_TAKEN`
   * (409), `SLOT_NOT_OFFERED` (422) or `SUBSCRIPTION_REQUIRED` (403).
   * @example await api.bookings.createSession({ consultantId, start, end, timeZone: 'America/Chicago' });
   */
  createSession(input: CreateSessionInput): Promise<Session>;
  /**
   * A page of the signed-in user's meetings (`finished` = `completed`).
   * @example const { sessions, total } = await api.bookings.listSessions({ status: 'future', limit: 10 });
   */
  listSessions(query?: SessionListQuery): Promise<SessionList>;
  /**
   * One meeting (only its two parties may read it).
   * @example const meeting = await api.bookings.getSession(id);
   */
  getSession(id: string): Promise<Session>;
  /**
   * The signed-in user's most recent completed meeting; rejects with 404 when there is none.
   * @example const last = await api.bookings.getLatestCompleted();
   */
  getLatestCompleted(): Promise<Session>;
  /**
   * The consultant declines: sends `{ status: 'declined', duration: 15, dateTime: now }`.
   * @example await api.bookings.declineSession(id);
   */
  declineSession(id: string): Promise<Session>;
  /**
   * The consultant marks the meeting completed (refused before its start).
   * @example await api.bookings.completeSession(id);
   */
  completeSession(id: string): Promise<Session>;
  /**
   * The franchisor side cancels: the meeting is deleted.
   * @example await api.bookings.cancelSession(id);
   */
  cancelSession(id: string): Promise<void>;
  /**
   * The franchisor side reviews a completed meeting, once.
   * @example await api.bookings.reviewSession(id, { rating: 5, comment: 'Very helpful' });
   */
  reviewSession(id: string, input: ReviewInput): Promise<Session>;
  /**
   * The consultant asks the franchisor for a review of a completed meeting.
   * @example await api.bookings.requestReview(id);
   */
  requestReview(id: string): Promise<Session>;
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * Creates the booking calls on a transport.
 * @example const bookings = createBookingsApi(http);
 */
export function createBookingsApi(http: Http, clock: () => Date = () => new Date()): BookingsApi {
  const patchSession = (
    operation: 'declineMeeting' | 'completeMeeting',
    id: string,
    json: object,
  ) =>
    http.call({
      operation,
      method: 'patch',
      path: `session/${segment(id)}`,
      json,
      response: SessionSchema,
    });

  return {
    getCalendarSettings() {
      return http.call({
        operation: 'getCalendars',
        method: 'get',
        path: 'users/calendars',
        response: CalendarSettingsSchema,
      });
    },
    async updateCalendarSettings(patch) {
      const json = validateInput('updateCalendar', CalendarSettingsPatchSchema, patch);
      return http.call({
        operation: 'updateCalendar',
        method: 'patch',
        path: 'users/calendars',
        json,
        response: CalendarSettingsSchema,
      });
    },
    async calendarConnectUrl(calendar) {
      const input: CalendarConnectUrlInput = { calendar };
      const json = validateInput('connectCalendar', CalendarConnectUrlInputSchema, input);
      const { url } = await http.call({
        operation: 'connectCalendar',
        method: 'post',
        path: 'users/calendars/connect-url',
        json,
        response: CalendarConnectUrlSchema,
      });
      return url;
    },
    async disconnectCalendar(calendar) {
      validateInput('disconnectCalendar', CalendarConnectUrlInputSchema, { calendar });
      await http.call({
        operation: 'disconnectCalendar',
        method: 'delete',
        path: `users/calendars/connections/${segment(calendar)}`,
        response: OkSchema,
      });
    },
    getCalendarFeed() {
      return http.call({
        operation: 'fetchCalendarFeed',
        method: 'get',
        path: 'users/calendars/feed',
        response: CalendarFeedSchema,
      });
    },
    async getSlots(consultantId, query) {
      validateInput('fetchSlots', SlotsQuerySchema, query);
      return http.call({
        operation: 'fetchSlots',
        method: 'get',
        path: withQuery(`booking/consultant/${segment(consultantId)}/slots`, query),
        response: SlotsResultSchema,
        credentials: false,
      });
    },
    async getAvailability(consultantId, query) {
      validateInput('fetchAvailability', AvailabilityQuerySchema, query);
      return http.call({
        operation: 'fetchAvailability',
        method: 'get',
        path: withQuery(`booking/consultant/${segment(consultantId)}/availability`, query),
        response: AvailabilityResultSchema,
        credentials: false,
      });
    },
    async createSession(input) {
      const json = validateInput('createBooking', CreateSessionInputSchema, input);
      return http.call({
        operation: 'createBooking',
        idempotent: true,
        method: 'post',
        path: 'session',
        json,
        response: SessionSchema,
      });
    },
    async listSessions(query = {}) {
      validateInput('fetchSessions', SessionListQuerySchema, query);
      return http.call({
        operation: 'fetchSessions',
        method: 'get',
        path: withQuery('session', query),
        response: SessionListSchema,
      });
    },
    getSession(id) {
      return http.call({
        operation: 'fetchSession',
        method: 'get',
        path: `session/${segment(id)}`,
        response: SessionSchema,
      });
    },
    getLatestCompleted() {
      return http.call({
        operation: 'fetchLatestCompleted',
        method: 'get',
        path: 'session/latest-completed',
        response: SessionSchema,
      });
    },
    declineSession(id) {
      return patchSession('declineMeeting', id, {
        status: 'declined',
        duration: CANCEL_DURATION_MINUTES,
        dateTime: clock().toISOString(),
      });
    },
    completeSession(id) {
      return patchSession('completeMeeting', id, { status: 'completed' });
    },
    async cancelSession(id) {
      await http.call({
        operation: 'cancelMeeting',
        method: 'delete',
        path: `session/${segment(id)}`,
        response: v.optional(OkSchema),
      });
    },
    async reviewSession(id, input) {
      const json = validateInput('reviewBooking', ReviewInputSchema, input);
      return http.call({
        operation: 'reviewBooking',
        method: 'post',
        path: `session/${segment(id)}/review`,
        json,
        response: SessionSchema,
      });
    },
    requestReview(id) {
      return http.call({
        operation: 'requestReview',
        method: 'post',
        path: `session/${segment(id)}/review-request`,
        response: SessionSchema,
      });
    },
  };
}
