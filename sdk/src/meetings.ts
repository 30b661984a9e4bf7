import type { BookingsApi } from './bookings.ts';
import type {
  AvailabilityQuery,
  AvailabilityResult,
  BookMeetingInput,
  CalendarFeed,
  CalendarProvider,
  CalendarSettings,
  CalendarSettingsPatch,
  Meeting,
  MeetingList,
  MeetingListQuery,
  ReviewInput,
  SlotsQuery,
  SlotsResult,
} from './contracts/index.ts';
import type { RequestOptions } from './http.ts';
import type { PagedCall } from './pagination.ts';

/**
 * Meetings: a consultant's free slots, booking one, and the meeting's whole life cycle (rules 8 and 9).
 * "Meeting" is the SDK's one word for a booked call; on the wire the paths are the spec's
 * (`/api/session…`, `/api/booking/consultant/{id}/slots`).
 *
 * @example
 * ```ts
 * const { days } = await api.meetings.getSlots(consultantId, { date: '2026-03-09', timezone: 'America/New_York' });
 * const meeting = await api.meetings.book({ consultantId, ...days[0].slots[0], timeZone: 'America/New_York' });
 * for await (const m of api.meetings.list({ status: 'future' })) console.log(m.id, m.startTime);
 * ```
 */
export interface MeetingsApi {
  /**
   * One page (20) of a consultant's free slots on a day of the viewer's zone; pass the last slot's
   * `end` as `from` for the next page. Needs no sign-in (`GET booking/consultant/{id}/slots`).
   * @example const { days, hasMore } = await api.meetings.getSlots(id, { date: '2026-03-09', timezone: 'America/New_York' });
   */
  getSlots(consultantId: string, query: SlotsQuery, options?: RequestOptions): Promise<SlotsResult>;
  /**
   * The days of a month with at least one free slot (`GET booking/consultant/{id}/availability`).
   * @example const { dates } = await api.meetings.getAvailability(id, { month: '2026-03', timezone: 'Europe/London' });
   */
  getAvailability(
    consultantId: string,
    query: AvailabilityQuery,
    options?: RequestOptions,
  ): Promise<AvailabilityResult>;
  /**
   * Books an offered slot (a franchisor with an active subscription; `POST session`). Safe to
   * retry: it sends an `Idempotency-Key`. Rejects with `SLOT_TAKEN` (409), `SLOT_NOT_OFFERED`
   * (422) or `SUBSCRIPTION_REQUIRED` (403).
   * @example const meeting = await api.meetings.book({ consultantId, start, end, timeZone: 'America/Chicago' });
   */
  book(input: BookMeetingInput, options?: RequestOptions): Promise<Meeting>;
  /**
   * The caller's meetings, a page at a time, or all of them with `for await` (`GET session`).
   * @example for await (const m of api.meetings.list({ status: 'finished' })) total += m.amount;
   */
  list(query?: MeetingListQuery, options?: RequestOptions): PagedCall<MeetingList, Meeting>;
  /**
   * One meeting; only its two parties may read it (`GET session/{id}`).
   * @example const meeting = await api.meetings.get(id);
   */
  get(id: string, options?: RequestOptions): Promise<Meeting>;
  /**
   * The caller's most recent completed meeting; 404 when there is none.
   * @example const last = await api.meetings.getLatestCompleted();
   */
  getLatestCompleted(options?: RequestOptions): Promise<Meeting>;
  /**
   * The consultant declines (`PATCH session/{id}` with status `declined`).
   * @example await api.meetings.decline(id);
   */
  decline(id: string, options?: RequestOptions): Promise<Meeting>;
  /**
   * The consultant marks the meeting completed (refused before its start).
   * @example await api.meetings.complete(id);
   */
  complete(id: string, options?: RequestOptions): Promise<Meeting>;
  /**
   * The franchisor side cancels; the meeting is deleted (`DELETE session/{id}`).
   * @example await api.meetings.cancel(id);
   */
  cancel(id: string, options?: RequestOptions): Promise<void>;
  /**
   * The franchisor side reviews a completed meeting, once.
   * @example await api.meetings.review(id, { rating: 5, comment: 'Very helpful' });
   */
  review(id: string, input: ReviewInput, options?: RequestOptions): Promise<Meeting>;
  /**
   * The consultant asks the franchisor for a review of a completed meeting.
   * @example await api.meetings.requestReview(id);
   */
  requestReview(id: string, options?: RequestOptions): Promise<Meeting>;
}

/**
 * A consultant's calendar: working hours and meeting lengths, Google / Office 365 connections and
 * the private iCalendar feed (any role has a feed).
 *
 * @example
 * ```ts
 * await api.calendar.updateSettings({ timeZone: 'America/New_York', weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }] });
 * ```
 */
export interface CalendarApi {
  /**
   * The signed-in consultant's calendar settings (`GET users/calendars`).
   * @example const { timeZone, weeklyHours } = await api.calendar.getSettings();
   */
  getSettings(options?: RequestOptions): Promise<CalendarSettings>;
  /**
   * Replaces every given part of the settings (`PATCH users/calendars`).
   * @example await api.calendar.updateSettings({ meetingLengths: [30, 60] });
   */
  updateSettings(patch: CalendarSettingsPatch, options?: RequestOptions): Promise<CalendarSettings>;
  /**
   * A one-time URL that connects Google or Office 365; send the browser there.
   * @example window.location.assign(await api.calendar.connectUrl('google'));
   */
  connectUrl(calendar: CalendarProvider, options?: RequestOptions): Promise<string>;
  /**
   * Removes a calendar connection.
   * @example await api.calendar.disconnect('office365');
   */
  disconnect(calendar: CalendarProvider, options?: RequestOptions): Promise<void>;
  /**
   * The signed-in user's private iCalendar feed URL.
   * @example const { icalFeedUrl } = await api.calendar.getFeed();
   */
  getFeed(options?: RequestOptions): Promise<CalendarFeed>;
  /**
   * Resets the private iCalendar feed URL ("Reset link"): answers the new one; the old URL
   * answers 404 from now on.
   * @example const { icalFeedUrl } = await api.calendar.rotateFeed();
   */
  rotateFeed(options?: RequestOptions): Promise<CalendarFeed>;
}

/**
 * The meeting calls under their SDK names, on the same implementation as the older `bookings` names.
 * @example const meetings = createMeetingsApi(createBookingsApi(http));
 */
export function createMeetingsApi(bookings: BookingsApi): MeetingsApi {
  return {
    getSlots: (id, query, options) => bookings.getSlots(id, query, options),
    getAvailability: (id, query, options) => bookings.getAvailability(id, query, options),
    book: (input, options) => bookings.createSession(input, options),
    list: (query, options) => bookings.listSessions(query, options),
    get: (id, options) => bookings.getSession(id, options),
    getLatestCompleted: (options) => bookings.getLatestCompleted(options),
    decline: (id, options) => bookings.declineSession(id, options),
    complete: (id, options) => bookings.completeSession(id, options),
    cancel: (id, options) => bookings.cancelSession(id, options),
    review: (id, input, options) => bookings.reviewSession(id, input, options),
    requestReview: (id, options) => bookings.requestReview(id, options),
  };
}

/**
 * The calendar calls under their SDK names.
 * @example const calendar = createCalendarApi(createBookingsApi(http));
 */
export function createCalendarApi(bookings: BookingsApi): CalendarApi {
  return {
    getSettings: (options) => bookings.getCalendarSettings(options),
    updateSettings: (patch, options) => bookings.updateCalendarSettings(patch, options),
    connectUrl: (calendar, options) => bookings.calendarConnectUrl(calendar, options),
    disconnect: (calendar, options) => bookings.disconnectCalendar(calendar, options),
    getFeed: (options) => bookings.getCalendarFeed(options),
    rotateFeed: (options) => bookings.rotateCalendarFeed(options),
  };
}
