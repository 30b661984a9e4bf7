import {
  type CalendarSettings,
  type CalendarSettingsPatch,
  SLOT_PAGE_SIZE,
  type SlotsResult,
  TIME_ZONES,
  type TimeZone,
} from '@fm/sdk/contracts';
import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  availabilityDateOff,
  availabilitySettings,
  availabilityWindow,
  meeting,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { isPubliclyVisible } from '../users/public-visibility.ts';
import type { BusyTimeSource } from './calendar-connections.ts';
import type { Queryable } from './meeting-view.ts';
import { hmac, sha256Hex } from './secret-box.ts';
import {
  availableDates,
  dayWindow,
  type Interval,
  localDateOf,
  minutesOf,
  monthWindow,
  offersSlot,
  pageOfSlots,
  type SlotRules,
  slotsOfDay,
  timeOf,
  type WeeklyWindow,
} from './slot-generator.ts';
import { BOOKING_RULES } from './texts.ts';

/** A consultant without settings: their zone New York, no hours (so no slots), 30-minute meetings. */
export const DEFAULT_SETTINGS = {
  timeZone: 'America/New_York' as TimeZone,
  meetingLengths: [30],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
};

const MINUTE_MS = 60_000;
/** No meeting lasts longer than this: how far back a window looks for overlapping meetings. */
const LONGEST_MEETING_MS = 24 * 60 * MINUTE_MS;
/** Meetings that keep their time: live ones, and completed ones (a meeting completed early). */
const BLOCKING_STATUSES = ['future', 'pending', 'completed'] as const;

const asZone = (zone: string): TimeZone =>
  (TIME_ZONES as readonly string[]).includes(zone) ? (zone as TimeZone) : DEFAULT_SETTINGS.timeZone;

export interface ConsultantAvailability {
  timeZone: TimeZone;
  meetingLengths: number[];
  minNoticeMinutes: number;
  bufferMinutes: number;
  weekly: WeeklyWindow[];
  datesOff: string[];
  icalFeedTokenHash: string | null;
  hasRow: boolean;
}

/** A consultant's stored availability, or the defaults. */
export async function loadAvailability(
  db: Queryable,
  userId: string,
): Promise<ConsultantAvailability> {
  const [settings, windows, offs] = await Promise.all([
    db.query.availabilitySettings.findFirst({ where: eq(availabilitySettings.userId, userId) }),
    db
      .select({
        weekday: availabilityWindow.weekday,
        startMinute: availabilityWindow.startMinute,
        endMinute: availabilityWindow.endMinute,
      })
      .from(availabilityWindow)
      .where(eq(availabilityWindow.userId, userId)),
    db
      .select({ date: availabilityDateOff.date })
      .from(availabilityDateOff)
      .where(eq(availabilityDateOff.userId, userId)),
  ]);
  return availabilityOf(
    settings ?? null,
    windows,
    offs.map((o) => o.date),
  );
}

/** The stored settings of a consultant (null: none saved yet), as the booking rules read them. */
type StoredSettings = NonNullable<FactsRow['settings']>;

/** Availability from the stored settings, hours and dates off, the defaults where none is saved. */
function availabilityOf(
  settings: StoredSettings | null,
  weekly: WeeklyWindow[],
  datesOff: string[],
): ConsultantAvailability {
  return {
    timeZone: asZone(settings?.timeZone ?? DEFAULT_SETTINGS.timeZone),
    meetingLengths:
      settings?.meetingLengths && settings.meetingLengths.length > 0
        ? settings.meetingLengths
        : DEFAULT_SETTINGS.meetingLengths,
    minNoticeMinutes: settings?.minNoticeMinutes ?? 0,
    bufferMinutes: settings?.bufferMinutes ?? 0,
    weekly: weekly.sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    datesOff: datesOff.sort(),
    icalFeedTokenHash: settings?.icalFeedTokenHash ?? null,
    hasRow: settings !== null,
  };
}

/** The zone a consultant's own times are shown in. */
export async function consultantZone(db: Queryable, userId: string): Promise<string> {
  const row = await db.query.availabilitySettings.findFirst({
    columns: { timeZone: true },
    where: eq(availabilitySettings.userId, userId),
  });
  return asZone(row?.timeZone ?? DEFAULT_SETTINGS.timeZone);
}

/** Time held by the consultant's meetings around a window, from the `meeting` table. */
export async function meetingBusy(
  db: Queryable,
  consultantId: string,
  window: Interval,
): Promise<Interval[]> {
  const rows = await db
    .select({ startAt: meeting.startAt, endAt: meeting.endAt })
    .from(meeting)
    .where(
      and(
        eq(meeting.consultantId, consultantId),
        gte(meeting.startAt, new Date(window.start - LONGEST_MEETING_MS)),
        lt(meeting.startAt, new Date(window.end)),
        gt(meeting.endAt, new Date(window.start)),
        inArray(meeting.status, [...BLOCKING_STATUSES]),
      ),
    );
  return rows.map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() }));
}

/** How far around a window the one-statement read looks for meetings (longest meeting + reach). */
const FACTS_MARGIN_MS = 2 * LONGEST_MEETING_MS;

/** Everything a slots answer needs about a consultant, read in one statement. */
export interface SlotFacts {
  /** Null when the consultant cannot be booked (unknown, hidden, not a consultant). */
  availability: ConsultantAvailability | null;
  /** Meetings that hold time from `window.start - 1 day` to `window.end + 1 day`. */
  busy: Interval[];
  /** Connected external calendars (their busy time is asked only when there is one). */
  connections: number;
}

interface FactsRow {
  user: {
    role: string;
    isVerified: number;
    status: number;
    isDeleted: number;
    isDeactivated: number;
  } | null;
  settings: {
    timeZone: string;
    meetingLengths: number[] | null;
    minNoticeMinutes: number;
    bufferMinutes: number;
    icalFeedTokenHash: string | null;
  } | null;
  weekly: [number, number, number][];
  datesOff: string[];
  busy: [number, number][];
  connections: number;
}

/**
 * A consultant's bookability, calendar settings, weekly hours, dates off, connected calendars and
 * the meetings around `window`, in one indexed statement: the slots call's whole read (it was
 * seven). Meetings are read a day beyond the window on both sides, more than any meeting length
 * plus buffer reaches.
 */
export async function slotFacts(
  db: Queryable,
  consultantId: string,
  window: Interval | null,
): Promise<SlotFacts> {
  const from = window ? window.start - FACTS_MARGIN_MS : 0;
  const to = window ? window.end + LONGEST_MEETING_MS : 0;
  const after = window ? window.start - LONGEST_MEETING_MS : 0;
  const [row] = await db.values<[string]>(sql`select json_object(
      'user', (select json_object('role', role, 'isVerified', is_verified, 'status', status,
          'isDeleted', is_deleted, 'isDeactivated', is_deactivated)
        from "user" where id = ${consultantId}),
      'settings', (select json_object('timeZone', time_zone, 'meetingLengths', json(meeting_lengths),
          'minNoticeMinutes', min_notice_minutes, 'bufferMinutes', buffer_minutes,
          'icalFeedTokenHash', ical_feed_token_hash)
        from availability_settings where user_id = ${consultantId}),
      'weekly', (select json_group_array(json_array(weekday, start_minute, end_minute))
        from availability_window where user_id = ${consultantId}),
      'datesOff', (select json_group_array(date) from availability_date_off
        where user_id = ${consultantId}),
      'connections', (select count(*) from calendar_connection where user_id = ${consultantId}),
      'busy', (select json_group_array(json_array(start_at, end_at)) from meeting
        where consultant_id = ${consultantId} and start_at >= ${from} and start_at < ${to}
          and end_at > ${after} and status in ('future', 'pending', 'completed')))`);
  const facts = JSON.parse(row?.[0] ?? '{}') as FactsRow;
  const u = facts.user;
  const bookable =
    u !== null &&
    u.role === 'consultant' &&
    isPubliclyVisible({
      role: 'consultant',
      isVerified: u.isVerified === 1,
      status: u.status === 1,
      isDeleted: u.isDeleted === 1,
      isDeactivated: u.isDeactivated === 1,
    });
  return {
    availability: bookable
      ? availabilityOf(
          facts.settings,
          facts.weekly.map(([weekday, startMinute, endMinute]) => ({
            weekday,
            startMinute,
            endMinute,
          })),
          [...facts.datesOff],
        )
      : null,
    busy: window ? facts.busy.map(([start, end]) => ({ start, end })) : [],
    connections: facts.connections,
  };
}

/**
 * The feed token of a user: derived from the secret, so it is shown again without storing it.
 * `version` counts the user's resets; version 0 is the token of links handed out before resets.
 */
export const feedTokenOf = (secret: string, userId: string, version = 0) =>
  hmac(secret, 'ical-feed', version === 0 ? userId : `${userId}:${version}`);

export function createAvailabilityService(deps: {
  db: Db;
  secret: string;
  publicUrl: string;
  busyTimes: BusyTimeSource;
  now: () => Date;
}) {
  const { db, now } = deps;

  /** Rules for one consultant, viewer zone and length; busy time loaded around `window`. */
  interface RulesOptions {
    viewerZone: string;
    window: Interval;
    duration?: number | undefined;
    /** Leave the consultant's own meetings out (the booking checks those itself, for 409). */
    withoutMeetings?: boolean;
  }

  async function rulesFor(
    consultantId: string,
    options: RulesOptions,
  ): Promise<{ rules: SlotRules; availability: ConsultantAvailability }> {
    return rulesFrom(consultantId, await slotFacts(db, consultantId, options.window), options);
  }

  /** The rules from facts already read (external calendars are asked only when connected). */
  async function rulesFrom(
    consultantId: string,
    facts: SlotFacts,
    options: RulesOptions,
  ): Promise<{ rules: SlotRules; availability: ConsultantAvailability }> {
    const { availability } = facts;
    if (!availability) throw new AppError('NOT_FOUND');
    const length = options.duration ?? availability.meetingLengths[0] ?? 30;
    if (!availability.meetingLengths.includes(length)) {
      throw new AppError('VALIDATION_FAILED', {
        message: BOOKING_RULES.lengthNotOffered,
        errors: { duration: BOOKING_RULES.lengthNotOffered },
      });
    }
    const reach = (length + availability.bufferMinutes) * MINUTE_MS;
    const wide = { start: options.window.start - reach, end: options.window.end + reach };
    // Meetings were read a day around the window; a reach beyond that reads them again.
    const own = options.withoutMeetings
      ? []
      : reach <= LONGEST_MEETING_MS
        ? facts.busy
        : await meetingBusy(db, consultantId, wide);
    const external =
      availability.weekly.length > 0 && facts.connections > 0
        ? await deps.busyTimes.busy(consultantId, wide)
        : [];
    return {
      availability,
      rules: {
        weekly: availability.weekly,
        consultantZone: availability.timeZone,
        datesOff: availability.datesOff,
        busy: external.length > 0 ? [...own, ...external] : own,
        minNoticeMinutes: availability.minNoticeMinutes,
        bufferMinutes: availability.bufferMinutes,
        lengthMinutes: length,
        viewerZone: options.viewerZone,
        now: now().getTime(),
      },
    };
  }

  const feedVersionOf = async (userId: string) =>
    (
      await db.query.availabilitySettings.findFirst({
        columns: { icalFeedVersion: true },
        where: eq(availabilitySettings.userId, userId),
      })
    )?.icalFeedVersion ?? 0;
  const feedLink = (token: string) => `${deps.publicUrl}/api/calendar/feed/${token}.ics`;

  /** Creates the feed token's hash on first use; answers the private feed URL. */
  async function feedUrl(userId: string, storedHash: string | null, zone: string) {
    const token = feedTokenOf(deps.secret, userId, await feedVersionOf(userId));
    const hash = sha256Hex(token);
    if (storedHash !== hash) {
      await db
        .insert(availabilitySettings)
        .values({ userId, timeZone: zone, icalFeedTokenHash: hash })
        .onConflictDoUpdate({
          target: availabilitySettings.userId,
          set: { icalFeedTokenHash: hash },
        });
    }
    return feedLink(token);
  }

  /**
   * "Reset link": a new feed token (the next version) whose hash replaces the old one, so the
   * earlier URL answers 404 from now on; answers the new URL.
   */
  async function rotateFeed(userId: string, zone: string) {
    const token = await db.transaction(async (tx) => {
      const row = await tx.query.availabilitySettings.findFirst({
        columns: { icalFeedVersion: true },
        where: eq(availabilitySettings.userId, userId),
      });
      const version = (row?.icalFeedVersion ?? 0) + 1;
      const next = feedTokenOf(deps.secret, userId, version);
      const fields = { icalFeedVersion: version, icalFeedTokenHash: sha256Hex(next) };
      await tx
        .insert(availabilitySettings)
        .values({ userId, timeZone: zone, ...fields })
        .onConflictDoUpdate({ target: availabilitySettings.userId, set: fields });
      return next;
    });
    return feedLink(token);
  }

  return {
    rulesFor,
    feedUrl,
    rotateFeed,

    /** `GET /api/users/calendars` (without connections, which the routes add). */
    async settings(
      userId: string,
    ): Promise<Omit<CalendarSettings, 'connections' | 'configuredProviders'>> {
      const a = await loadAvailability(db, userId);
      return {
        timeZone: a.timeZone,
        weeklyHours: a.weekly.map((w) => ({
          weekday: w.weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7,
          start: timeOf(w.startMinute),
          end: timeOf(w.endMinute),
        })),
        meetingLengths: a.meetingLengths,
        minNoticeMinutes: a.minNoticeMinutes,
        bufferMinutes: a.bufferMinutes,
        datesOff: a.datesOff,
        icalFeedUrl: await feedUrl(userId, a.icalFeedTokenHash, a.timeZone),
      };
    },

    /** `PATCH /api/users/calendars`: every given part replaces what was stored, in one transaction. */
    async update(userId: string, patch: CalendarSettingsPatch): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await tx.query.availabilitySettings.findFirst({
          where: eq(availabilitySettings.userId, userId),
        });
        const values = {
          timeZone: patch.timeZone ?? current?.timeZone ?? DEFAULT_SETTINGS.timeZone,
          meetingLengths: patch.meetingLengths
            ? [...new Set(patch.meetingLengths)]
            : (current?.meetingLengths ?? DEFAULT_SETTINGS.meetingLengths),
          minNoticeMinutes: patch.minNoticeMinutes ?? current?.minNoticeMinutes ?? 0,
          bufferMinutes: patch.bufferMinutes ?? current?.bufferMinutes ?? 0,
          updatedAt: at,
        };
        await tx
          .insert(availabilitySettings)
          .values({ userId, createdAt: at, ...values })
          .onConflictDoUpdate({ target: availabilitySettings.userId, set: values });
        if (patch.weeklyHours) {
          await tx.delete(availabilityWindow).where(eq(availabilityWindow.userId, userId));
          const rows = patch.weeklyHours.map((r) => ({
            userId,
            weekday: r.weekday,
            startMinute: minutesOf(r.start),
            endMinute: minutesOf(r.end),
          }));
          if (rows.length > 0) await tx.insert(availabilityWindow).values(rows);
        }
        if (patch.datesOff) {
          await tx.delete(availabilityDateOff).where(eq(availabilityDateOff.userId, userId));
          const dates = [...new Set(patch.datesOff)].map((date) => ({ userId, date }));
          if (dates.length > 0) await tx.insert(availabilityDateOff).values(dates);
        }
      });
    },

    /** `GET /api/booking/consultant/{id}/slots` (rule 9). */
    async slots(
      consultantId: string,
      query: {
        date: string;
        timezone: string;
        from?: string | undefined;
        duration?: number | undefined;
      },
    ): Promise<SlotsResult> {
      const window = dayWindow(query.date, query.timezone);
      const { rules } = await rulesFor(consultantId, {
        viewerZone: query.timezone,
        window,
        duration: query.duration,
      });
      const all = slotsOfDay(rules, query.date);
      const from = query.from === undefined ? undefined : Date.parse(query.from);
      const page = pageOfSlots(all, from, SLOT_PAGE_SIZE);
      return {
        days: [
          {
            date: query.date,
            slots: page.slots.map((s) => ({
              start: new Date(s.start).toISOString(),
              end: new Date(s.end).toISOString(),
            })),
          },
        ],
        hasMore: page.hasMore,
      };
    },

    /** `GET /api/booking/consultant/{id}/availability`: days to highlight in a month. */
    async month(
      consultantId: string,
      query: { month: string; timezone: string; duration?: number | undefined },
    ) {
      const window = monthWindow(query.month, query.timezone);
      const { rules, availability } = await rulesFor(consultantId, {
        viewerZone: query.timezone,
        window,
        duration: query.duration,
      });
      return {
        dates: availableDates(rules, query.month),
        meetingLengths: availability.meetingLengths,
      };
    },

    /**
     * Whether `[start, end)` can be booked now by a viewer in `zone`: `taken` when one of the
     * consultant's meetings (with the buffer) holds it (409, whatever else), `notOffered` when the
     * meeting length, hours, notice, dates off or external calendars rule it out (422), else
     * `offered`. The booking's write checks the meetings again. `moving`: the time of the meeting
     * being moved (rule 20), which does not stand in its own way.
     */
    async isOffered(
      consultantId: string,
      start: number,
      end: number,
      zone: string,
      moving?: Interval,
    ) {
      const duration = (end - start) / MINUTE_MS;
      const date = localDateOf(start, zone);
      const window = dayWindow(date, zone);
      const facts = await slotFacts(db, consultantId, window);
      const { availability } = facts;
      if (!availability) throw new AppError('NOT_FOUND');
      // How many calendars the consultant connected: a booking writes an event into them.
      const calendars = facts.connections;
      if (!availability.meetingLengths.includes(duration)) {
        return { verdict: 'notOffered' as const, availability, calendars };
      }
      // A meeting already holds the time (or its buffer): the booking can refuse it at once,
      // without working out the day's rules or queueing for the write lock (its write checks
      // again). Most of a race's requests end here.
      const buffer = availability.bufferMinutes * MINUTE_MS;
      const others = moving
        ? facts.busy.filter((b) => b.start !== moving.start || b.end !== moving.end)
        : facts.busy;
      if (others.some((b) => b.start < end + buffer && b.end > start - buffer)) {
        return { verdict: 'taken' as const, availability, calendars };
      }
      const { rules } = await rulesFrom(consultantId, facts, {
        viewerZone: zone,
        window,
        duration,
        withoutMeetings: true,
      });
      const verdict = offersSlot(rules, start, end)
        ? ('offered' as const)
        : ('notOffered' as const);
      return { verdict, availability, calendars };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
