import { PRODUCT_NAME } from '@fm/sdk/contracts';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { MailMessage } from '../../mail/mailer.ts';
import { meetingSummary } from './texts.ts';

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
  /** The meeting room (D16): the event's URL and LOCATION. */
  joinUrl?: string;
  /** When this version of the meeting was made (DTSTAMP). */
  stamp: Date;
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

const PROD_ID = { company: 'franchisemeet', product: 'booking', language: 'EN' };

function addEvent(calendar: ReturnType<typeof ical>, m: IcalMeeting, organizer: Organizer) {
  calendar.createEvent({
    id: m.id,
    sequence: m.sequence,
    start: m.startAt,
    end: m.endAt,
    stamp: m.stamp,
    summary: meetingSummary(m.franchiseName, m.consultant.name),
    description: m.joinUrl
      ? `${PRODUCT_NAME} video meeting. Join: ${m.joinUrl}\nDetails: ${m.link}`
      : `${PRODUCT_NAME} video meeting. Details: ${m.link}`,
    url: m.joinUrl ?? m.link,
    ...(m.joinUrl ? { location: m.joinUrl } : {}),
    organizer,
    status: m.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: [m.franchisor, m.consultant].map((p) => ({
      email: p.email,
      name: p.name,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !m.cancelled,
    })),
  });
}

/**
 * An iCalendar invitation (`METHOD:REQUEST`) or cancellation (`METHOD:CANCEL`); times are in UTC.
 * @example invitationIcs(meeting, organizer, 'REQUEST')
 */
export function invitationIcs(
  m: IcalMeeting,
  organizer: Organizer,
  method: 'REQUEST' | 'CANCEL',
): string {
  const calendar = ical({
    prodId: PROD_ID,
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  addEvent(calendar, { ...m, cancelled: method === 'CANCEL' }, organizer);
  return calendar.toString();
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

/**
 * A user's private feed (`PUBLISH`): their live and completed meetings.
 * @example feedIcs('Marcus Reed', meetings, organizer)
 */
export function feedIcs(ownerName: string, meetings: IcalMeeting[], organizer: Organizer): string {
  const calendar = ical({
    prodId: PROD_ID,
    method: ICalCalendarMethod.PUBLISH,
    name: `${PRODUCT_NAME}: ${ownerName}`,
    ttl: 15 * 60,
  });
  for (const m of meetings) addEvent(calendar, m, organizer);
  return calendar.toString();
}
