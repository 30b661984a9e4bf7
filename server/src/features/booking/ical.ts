import { PRODUCT_NAME } from '@fm/sdk/contracts';
import ical, {
  escape as escapeText,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { MailMessage } from '../../mail/mailer.ts';
import { formatMeetingTimeInZone, meetingSummary } from './texts.ts';
/** What an invitation or a feed entry says about a meeting. */
export interface IcalMeeting {
  id: string;
  startAt: Date;
  endAt: Date;
  /** Bumped on every change so calendar apps replace the earlier version. */
  sequence: number;
  franchiseName: string;
  consultant: { name: string; email: string };
  franchisor: { name: string; email: string };
  link: string;
  /** The meeting room (rule 16): the event's URL and LOCATION. */
  joinUrl?: string;
  /** When this version of the meeting was made (DTSTAMP). */
  stamp: Date;
  /**
   * The zone the meeting was booked in: the description names the start in it (rule 20, times
   * labelled with their zone); the event's own times stay in UTC, which calendars show in theirs.
   */
  timeZone?: string;
  cancelled?: boolean;
}

export interface Organizer {
  name: string;
  email: string;
}

/**
 * The platform as organizer, from `MAIL_FROM` ("Name <address>" or a bare address).
 * @example organizerFrom('Franchise Meet <no-reply@fm.example>') // { name: 'Franchise Meet', email: 'no-reply@fm.example' }
 */
export function organizerFrom(mailFrom: string): Organizer {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (match?.[2]) return { name: match[1]?.trim() || PRODUCT_NAME, email: match[2].trim() };
  return { name: PRODUCT_NAME, email: mailFrom.trim() };
}

/** Written as `PRODID:-//franchisemeet//booking//EN` (the library adds the leading `-`). */
const PROD_ID = { company: 'franchisemeet', product: 'booking', language: 'EN' };

/** A calendar in UTC (no `VTIMEZONE`): every date-time is written as `20260303T150000Z`. */
const calendar = (method: ICalCalendarMethod) => ical({ prodId: PROD_ID, method });

/**
 * Text with every lone surrogate replaced by U+FFFD, as UTF-8 would send it anyway. The library's
 * folding reads a high surrogate and the code unit after it as one 4-octet character, so a lone
 * one could make a 77-octet line or fold between the halves of the pair that follows.
 */
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

function addEvent(cal: ICalCalendar, m: IcalMeeting, organizer: Organizer): void {
  const booked = m.timeZone ? ` Booked for ${formatMeetingTimeInZone(m.startAt, m.timeZone)}.` : '';
  const description = m.joinUrl
    ? `${PRODUCT_NAME} video meeting.${booked} Join: ${m.joinUrl}\nDetails: ${m.link}`
    : `${PRODUCT_NAME} video meeting.${booked} Details: ${m.link}`;
  cal.createEvent({
    id: m.id,
    sequence: m.sequence,
    stamp: m.stamp,
    start: m.startAt,
    end: m.endAt,
    summary: wellFormed(meetingSummary(m.franchiseName, m.consultant.name)),
    description: wellFormed(description),
    ...(m.joinUrl ? { location: m.joinUrl } : {}),
    url: m.joinUrl ?? m.link,
    organizer: { name: wellFormed(organizer.name), email: organizer.email },
    attendees: [m.franchisor, m.consultant].map((p) => ({
      name: wellFormed(p.name),
      email: p.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !m.cancelled,
    })),
    status: m.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** The library ends the last line without its CRLF; RFC 5545 §3.1 ends every content line. */
const serialize = (cal: ICalCalendar) => `${cal.toString()}\r\n`;

/**
 * An iCalendar invitation (`METHOD:REQUEST`) or cancellation (`METHOD:CANCEL`); times are in UTC.
 * Written by ical-generator (decision 021).
 * @example invitationIcs(meeting, organizer, 'REQUEST')
 */
export function invitationIcs(
  m: IcalMeeting,
  organizer: Organizer,
  method: 'REQUEST' | 'CANCEL',
): string {
  const cal = calendar(ICalCalendarMethod[method]);
  addEvent(cal, { ...m, cancelled: method === 'CANCEL' }, organizer);
  return serialize(cal);
}

/** The attachment of an invitation e-mail. */
export function icsAttachment(
  ics: string,
  method: 'REQUEST' | 'CANCEL',
): NonNullable<MailMessage['attachments']>[number] {
  return {
    filename: method === 'REQUEST' ? 'invite.ics' : 'cancel.ics',
    contentType: `text/calendar; method=${method}`,
    content: Buffer.from(ics, 'utf8').toString('base64'),
  };
}

/** Calendar apps poll a feed every 15 minutes (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`). */
const FEED_TTL_SECONDS = 15 * 60;

/**
 * A user's private feed (`PUBLISH`): their live and completed meetings.
 * @example feedIcs('Marcus Reed', meetings, organizer)
 */
export function feedIcs(ownerName: string, meetings: IcalMeeting[], organizer: Organizer): string {
  const cal = calendar(ICalCalendarMethod.PUBLISH);
  // The library writes NAME and X-WR-CALNAME as given: its own TEXT escaping is applied here.
  cal.name(escapeText(wellFormed(`${PRODUCT_NAME}: ${ownerName}`), false)).ttl(FEED_TTL_SECONDS);
  for (const m of meetings) addEvent(cal, m, organizer);
  return serialize(cal);
}
