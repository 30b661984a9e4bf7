import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MINUTES_PER_RATE_UNIT } from './constants.ts';
import {
  BOOKING_STATUS_INPUTS,
  BOOKING_STATUSES,
  CALENDAR_PROVIDERS,
  TIME_ZONES,
} from './enums.ts';

/**
 * Booking (issue: booking): availability, slots, meetings (the API's "session"), reviews.
 * Instants cross the API as ISO 8601 strings in UTC; the zone they are shown in travels beside them.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO 8601 instant with a zone or offset. */
export const InstantSchema = v.pipe(
  v.string('Please give a date and time'),
  v.regex(ISO_INSTANT, 'Please give an ISO date-time with a time zone offset'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'Please give a valid date-time'),
);
/** A calendar day, `YYYY-MM-DD`. */
export const LocalDateSchema = v.pipe(
  v.string('Please give a date'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date as YYYY-MM-DD'),
  v.check(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Please give a valid date',
  ),
);
/** A wall-clock time, `HH:MM` (24 h). */
export const LocalTimeSchema = v.pipe(
  v.string(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Please give a time as HH:MM'),
);
export const TimeZoneSchema = v.picklist(TIME_ZONES, 'Please choose one of the offered time zones');

/** Weekdays as ISO numbers: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** Meetings happen on weekdays only (user-area §5: Saturdays and Sundays are not selectable). */
export const BOOKABLE_WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const MEETING_LENGTH_OPTIONS = [15, 30, 45, 60, 90, 120] as const;

export const WeeklyRangeSchema = v.pipe(
  v.object({ weekday: v.picklist(WEEKDAYS), start: LocalTimeSchema, end: LocalTimeSchema }),
  v.check((r) => r.start < r.end, 'The end must be after the start'),
);
export type WeeklyRange = v.InferOutput<typeof WeeklyRangeSchema>;

/** A consultant's calendar settings (`GET /api/users/calendars`), in their own zone. */
export const CalendarSettingsSchema = v.object({
  timeZone: TimeZoneSchema,
  weeklyHours: v.array(WeeklyRangeSchema),
  meetingLengths: v.array(v.number()),
  minNoticeMinutes: v.number(),
  bufferMinutes: v.number(),
  datesOff: v.array(v.string()),
  connections: v.array(
    v.object({
      provider: v.picklist(CALENDAR_PROVIDERS),
      /** Access and refresh tokens are present. */
      connected: v.boolean(),
      /** A calendar was chosen (without it the Reconnect Your Calendar modal shows). */
      hasCalendarId: v.boolean(),
      accountId: v.nullable(v.string()),
    }),
  ),
  /** Providers the server has OAuth credentials for; the others say "not configured". */
  configuredProviders: v.array(v.picklist(CALENDAR_PROVIDERS)),
  /** The private iCalendar feed of the user's meetings. */
  icalFeedUrl: v.string(),
});
export type CalendarSettings = v.InferOutput<typeof CalendarSettingsSchema>;

/** `PATCH /api/users/calendars`. Ranges of one weekday must not overlap. */
export const CalendarSettingsPatchSchema = v.object({
  timeZone: v.optional(TimeZoneSchema),
  weeklyHours: v.optional(
    v.pipe(
      v.array(WeeklyRangeSchema),
      v.maxLength(50),
      v.check((ranges) => {
        for (const day of WEEKDAYS) {
          const list = ranges
            .filter((r) => r.weekday === day)
            .sort((a, b) => a.start.localeCompare(b.start));
          for (let i = 1; i < list.length; i++)
            if ((list[i]?.start ?? '') < (list[i - 1]?.end ?? '')) return false;
        }
        return true;
      }, 'Hours of one day must not overlap'),
    ),
  ),
  meetingLengths: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.number(),
          v.integer(),
          v.minValue(15),
          v.maxValue(240),
          v.check(
            (n) => n % MINUTES_PER_RATE_UNIT === 0,
            'Meeting lengths are multiples of 15 minutes',
          ),
        ),
      ),
      v.minLength(1, 'Offer at least one meeting length'),
      v.maxLength(8),
    ),
  ),
  minNoticeMinutes: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60 * 24 * 14)),
  ),
  bufferMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(240))),
  datesOff: v.optional(v.pipe(v.array(LocalDateSchema), v.maxLength(366))),
});
export type CalendarSettingsPatch = v.InferInput<typeof CalendarSettingsPatchSchema>;

export const SlotSchema = v.object({ start: v.string(), end: v.string() });
export type Slot = v.InferOutput<typeof SlotSchema>;

/** `GET /api/booking/consultant/{id}/slots?date&timezone[&from][&duration]` (rule 9). */
export const SlotsQuerySchema = v.object({
  date: LocalDateSchema,
  timezone: TimeZoneSchema,
  /** Continue after the end of the previous page's last slot. */
  from: v.optional(InstantSchema),
  /** Meeting length in minutes; the consultant's first offered length by default. */
  duration: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
      v.number(),
      v.integer(),
      v.minValue(15),
      v.maxValue(240),
    ),
  ),
});
export type SlotsQuery = v.InferInput<typeof SlotsQuerySchema>;
export const SlotsResultSchema = v.object({
  days: v.array(v.object({ date: v.string(), slots: v.array(SlotSchema) })),
  /** More slots exist after the last one (Load More). */
  hasMore: v.boolean(),
});
export type SlotsResult = v.InferOutput<typeof SlotsResultSchema>;

/** `GET /api/booking/consultant/{id}/availability?month=YYYY-MM&timezone` — days to highlight. */
export const AvailabilityQuerySchema = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give a month as YYYY-MM')),
  timezone: TimeZoneSchema,
  duration: SlotsQuerySchema.entries.duration,
});
export type AvailabilityQuery = v.InferInput<typeof AvailabilityQuerySchema>;
export const AvailabilityResultSchema = v.object({
  /** Days of the month (in the requested zone) with at least one free slot. */
  dates: v.array(v.string()),
  meetingLengths: v.array(v.number()),
});
export type AvailabilityResult = v.InferOutput<typeof AvailabilityResultSchema>;

/** `POST /api/session`. */
export const CreateSessionInputSchema = v.object({
  consultantId: v.pipe(v.string(), v.nonEmpty()),
  start: InstantSchema,
  end: InstantSchema,
  timeZone: TimeZoneSchema,
});
export type CreateSessionInput = v.InferInput<typeof CreateSessionInputSchema>;

export const ReviewSchema = v.object({
  rating: v.number(),
  comment: v.nullable(v.string()),
  createdAt: v.string(),
});

/** A meeting as both parties see it (user-area §3 booking/session). Money in dollars. */
export const SessionSchema = v.object({
  _id: v.string(),
  id: v.string(),
  consultantId: v.string(),
  consultant: v.object({
    id: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    profilePhoto: v.nullable(v.string()),
    company: v.nullable(v.string()),
    /** Dollars per 15 minutes when booked. */
    rate: v.number(),
  }),
  franchisor: v.object({
    id: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    profilePhoto: v.nullable(v.string()),
  }),
  franchise: v.nullable(
    v.object({ id: v.string(), company: v.string(), logo: v.nullable(v.string()) }),
  ),
  start: v.string(),
  end: v.string(),
  timeZone: v.string(),
  duration: v.number(),
  status: v.picklist(BOOKING_STATUSES),
  /** floor(duration / 15) × rate, dollars. */
  amount: v.number(),
  paidAmount: v.number(),
  isPaid: v.boolean(),
  markedAsCompletedAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  review: v.array(ReviewSchema),
  reviewRequested: v.boolean(),
  /**
   * The API key the meeting was booked through (rule 18): a partner page's embed key or the
   * franchise's secret key (its id, as `GET /api/users/api-keys` lists them); null when booked on
   * the product itself.
   */
  apiKeyId: v.optional(v.nullable(v.string())),
  /**
   * Rule 20: the meeting's room is open now and the meeting has not ended (from
   * `MEETING_ROOM.opensBeforeMs` before its start to its end) — a "now" meeting, listed first.
   */
  roomOpen: v.optional(v.boolean()),
  /** Rule 20: on a "now" meeting, whether someone of the other side is in its room at this moment. */
  otherSidePresent: v.optional(v.boolean()),
});
export type Session = v.InferOutput<typeof SessionSchema>;

const pageNumber = v.optional(
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
    v.number(),
    v.integer(),
    v.minValue(1),
  ),
  1,
);
/** `GET /api/session?status&limit&page`. */
export const SessionListQuerySchema = v.object({
  status: v.optional(v.picklist(BOOKING_STATUS_INPUTS)),
  limit: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(MAX_PAGE_SIZE),
    ),
    DEFAULT_PAGE_SIZE,
  ),
  page: pageNumber,
  /** Rule 20: only the "now" meetings (`roomOpen`), as the dashboard leads with them. */
  roomOpen: v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false'])]),
      v.transform((value) => value === true || value === 'true'),
    ),
  ),
});
export type SessionListQuery = v.InferInput<typeof SessionListQuerySchema>;
export const SessionListSchema = v.object({
  sessions: v.array(SessionSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type SessionList = v.InferOutput<typeof SessionListSchema>;

/** `PATCH /api/session/{id}`: the consultant declines (`{status: 'declined', duration: 15, dateTime}`) or completes. */
export const UpdateSessionInputSchema = v.object({
  status: v.picklist(['declined', 'completed', 'finished'], 'Please choose declined or completed'),
  duration: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600))),
  dateTime: v.optional(v.string()),
});
export type UpdateSessionInput = v.InferInput<typeof UpdateSessionInputSchema>;

/** `POST /api/session/{id}/review`. */
export const ReviewInputSchema = v.object({
  rating: v.pipe(
    v.number('Please choose a rating'),
    v.integer('Please choose a rating'),
    v.minValue(1, 'Please choose a rating'),
    v.maxValue(5, 'Please choose a rating'),
  ),
  comment: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(2000, 'Please keep the review under 2,000 characters'),
    ),
  ),
});
export type ReviewInput = v.InferInput<typeof ReviewInputSchema>;

// --- Booking server: calendar connection and feed calls. ---
/** `POST /api/users/calendars/connect-url` → a one-time URL the browser navigates to. */
export const CalendarConnectUrlInputSchema = v.object({
  calendar: v.picklist(CALENDAR_PROVIDERS, 'Please choose google or office365'),
});
export type CalendarConnectUrlInput = v.InferInput<typeof CalendarConnectUrlInputSchema>;
export const CalendarConnectUrlSchema = v.object({ url: v.string() });
export type CalendarConnectUrl = v.InferOutput<typeof CalendarConnectUrlSchema>;
/** `GET /api/users/calendars/feed`: any signed-in user's private iCalendar feed. */
export const CalendarFeedSchema = v.object({ icalFeedUrl: v.string() });
export type CalendarFeed = v.InferOutput<typeof CalendarFeedSchema>;

// The SDK's one word for a booked, timed video call is "meeting" (the wire keeps the spec's
// `/api/session` paths and `sessions` fields). These names are the same schemas and types.
/** A meeting (`SessionSchema`). */
export const MeetingSchema = SessionSchema;
export type Meeting = Session;
/** A page of meetings (`SessionListSchema`; the items are in `sessions`). */
export const MeetingListSchema = SessionListSchema;
export type MeetingList = SessionList;
export const MeetingListQuerySchema = SessionListQuerySchema;
export type MeetingListQuery = SessionListQuery;
/** What booking a meeting takes (`CreateSessionInputSchema`). */
export const BookMeetingInputSchema = CreateSessionInputSchema;
export type BookMeetingInput = CreateSessionInput;

/**
 * Calendars, slots and meetings (the SDK's `bookings.ts`); from `fetchSlots` on, the
 * operations the spec does not name, in its pattern.
 */
export const BOOKING_OPERATIONS = {
  getCalendars: 'Error getting calendars',
  updateCalendar: 'Error updating calendar',
  reviewBooking: 'Error reviewing booking',
  fetchSlots: 'Error fetching available slots',
  fetchAvailability: 'Error fetching availability',
  createBooking: 'Error creating booking',
  fetchSessions: 'Error fetching meetings',
  fetchSession: 'Error fetching meeting',
  fetchLatestCompleted: 'Error fetching latest completed meeting',
  declineMeeting: 'Error declining meeting',
  completeMeeting: 'Error completing meeting',
  cancelMeeting: 'Error canceling meeting',
  requestReview: 'Error requesting review',
  connectCalendar: 'Error connecting calendar',
  disconnectCalendar: 'Error disconnecting calendar',
  fetchCalendarFeed: 'Error fetching calendar feed',
  rotateCalendarFeed: 'Error resetting calendar feed link',
} as const;
