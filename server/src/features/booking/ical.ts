import { PRODUCT_NAME } from '@fm/sdk/contracts';
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

const PROD_ID = '-//franchisemeet//booking//EN';

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export const escapeText = (value: string) =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/**
 * A quoted parameter value such as CN (RFC 5545 §3.2), with RFC 6868's caret escapes for what a
 * parameter cannot hold: the double quote and line breaks (and the caret itself).
 */
export const paramValue = (value: string) =>
  `"${value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r?\n/g, '^n')}"`;

/** A UTC DATE-TIME: 20260303T150000Z. */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The UTF-8 octets of the character starting at `i`: a surrogate pair is 4 (and 2 code units), a
 * lone surrogate 3 (it is sent as U+FFFD).
 */
function octetsAt(line: string, i: number): number {
  const code = line.charCodeAt(i);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return isHigh(code) && isLow(line.charCodeAt(i + 1)) ? 4 : 3;
}

/**
 * Folds a content line to lines of at most 75 octets (RFC 5545 §3.1): CRLF and one space before
 * each continuation, never inside a UTF-8 sequence or between the halves of a surrogate pair.
 */
export function foldLine(line: string): string {
  // At most 3 octets a code unit: a short line needs no counting.
  if (line.length <= 25) return line;
  const parts: string[] = [];
  let from = 0;
  let used = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const size = octetsAt(line, i);
    if (used + size > limit) {
      parts.push(line.slice(from, i));
      from = i;
      used = 0;
      limit = 74; // the continuation's leading space counts
    }
    used += size;
    i += size === 4 ? 2 : 1;
  }
  if (from === 0) return line;
  parts.push(line.slice(from));
  return parts.join('\r\n ');
}

/** Content lines as an iCalendar object: folded, each ended by CRLF. */
const serialize = (lines: string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;

function eventLines(m: IcalMeeting, organizer: Organizer): string[] {
  const description = m.joinUrl
    ? `${PRODUCT_NAME} video meeting. Join: ${m.joinUrl}\nDetails: ${m.link}`
    : `${PRODUCT_NAME} video meeting. Details: ${m.link}`;
  const rsvp = m.cancelled ? 'FALSE' : 'TRUE';
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(m.id)}`,
    `SEQUENCE:${m.sequence}`,
    `DTSTAMP:${utc(m.stamp)}`,
    `DTSTART:${utc(m.startAt)}`,
    `DTEND:${utc(m.endAt)}`,
    `SUMMARY:${escapeText(meetingSummary(m.franchiseName, m.consultant.name))}`,
    ...(m.joinUrl ? [`LOCATION:${escapeText(m.joinUrl)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    `ORGANIZER;CN=${paramValue(organizer.name)}:mailto:${organizer.email}`,
    ...[m.franchisor, m.consultant].map(
      (p) =>
        `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=${rsvp};CN=${paramValue(p.name)}:mailto:${p.email}`,
    ),
    `URL;VALUE=URI:${m.joinUrl ?? m.link}`,
    `STATUS:${m.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/**
 * An iCalendar invitation (`METHOD:REQUEST`) or cancellation (`METHOD:CANCEL`); times are in UTC.
 * Written here rather than by a calendar library: the one we used (ical-generator 10) spent most
 * of a booking's CPU folding lines, and a feed of 300 meetings blocked the API for a third of a
 * second; its fixed release needs Node 22 (decision 021).
 * @example invitationIcs(meeting, organizer, 'REQUEST')
 */
export function invitationIcs(
  m: IcalMeeting,
  organizer: Organizer,
  method: 'REQUEST' | 'CANCEL',
): string {
  return serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PROD_ID}`,
    `METHOD:${method}`,
    ...eventLines({ ...m, cancelled: method === 'CANCEL' }, organizer),
    'END:VCALENDAR',
  ]);
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
  const name = escapeText(`${PRODUCT_NAME}: ${ownerName}`);
  return serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PROD_ID}`,
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...meetings.flatMap((m) => eventLines(m, organizer)),
    'END:VCALENDAR',
  ]);
}
