import { TZDate } from '@date-fns/tz';
import {
  DATE_TIME_FORMAT,
  MEETING_ROOM_TEXT,
  PRODUCT_NAME,
  RESCHEDULE_NOTIFICATION_TYPES,
  timeZoneLabel,
} from '@fm/sdk/contracts';
import { format } from 'date-fns';

/**
 * Every text the booking feature writes: notifications, e-mails, calendar summaries and the rule
 * messages of its errors. One module, so wording changes in one place.
 */

/** Notification types written by booking (the `notification.type` column). */
export const MEETING_NOTIFICATION_TYPES = {
  booked: 'meeting_booked',
  declined: 'meeting_declined',
  cancelled: 'meeting_cancelled',
  completed: 'meeting_completed',
  reviewed: 'meeting_reviewed',
  reviewRequested: 'review_requested',
  ...RESCHEDULE_NOTIFICATION_TYPES,
} as const;
export type MeetingEvent = keyof typeof MEETING_NOTIFICATION_TYPES;

/**
 * "1 Jan, 2025, 3:00 pm" in a zone (user-area §9).
 * @example formatMeetingTime(new Date('2025-01-01T20:00:00Z'), 'America/New_York') // '1 Jan, 2025, 3:00 pm'
 */
export const formatMeetingTime = (instant: Date, zone: string) =>
  format(new TZDate(instant.getTime(), zone), DATE_TIME_FORMAT);

/**
 * A meeting's time in a zone, naming the zone (rule 20: every time says its zone): a notice is
 * read wherever its reader is, and the app's pages show times in the reader's own zone.
 * @example formatMeetingTimeInZone(new Date('2025-01-01T20:00:00Z'), 'America/New_York') // '1 Jan, 2025, 3:00 pm (America/New York)'
 */
export const formatMeetingTimeInZone = (instant: Date, zone: string) =>
  `${formatMeetingTime(instant, zone)} (${timeZoneLabel(zone)})`;

/** The notification line the other party reads. */
export function notificationMessage(event: MeetingEvent, actorName: string, when: string): string {
  switch (event) {
    case 'booked':
      return `${actorName} booked a meeting on ${when}`;
    case 'declined':
      return `${actorName} declined the meeting on ${when}`;
    case 'cancelled':
      return `${actorName} cancelled the meeting on ${when}`;
    case 'completed':
      return `${actorName} marked the meeting on ${when} as completed`;
    case 'reviewed':
      return `${actorName} reviewed the meeting on ${when}`;
    case 'reviewRequested':
      return `${actorName} asked for a review of the meeting on ${when}`;
    case 'rescheduleProposed':
      return `${actorName} proposed new times for the meeting on ${when}`;
    case 'rescheduleAccepted':
      return `${actorName} moved the meeting to ${when}`;
    case 'rescheduleDeclined':
      return `${actorName} declined the new times for the meeting on ${when}`;
  }
}

const SUBJECTS: Record<MeetingEvent, string> = {
  booked: 'New meeting booked',
  declined: 'Meeting declined',
  cancelled: 'Meeting cancelled',
  completed: 'Meeting completed',
  reviewed: 'New review',
  reviewRequested: 'Review requested',
  rescheduleProposed: 'New times proposed',
  rescheduleAccepted: 'Meeting rescheduled',
  rescheduleDeclined: 'New times declined',
};

/** The e-mail that goes with a notification. */
export function meetingMail(
  event: MeetingEvent,
  message: string,
  link: string,
  joinUrl?: string,
): { subject: string; text: string } {
  const join = joinUrl ? `\n${MEETING_ROOM_TEXT.join}: ${joinUrl}` : '';
  return {
    subject: `${PRODUCT_NAME}: ${SUBJECTS[event]}`,
    text: `${message}.\n\nSee the meeting: ${link}${join}\n\n— ${PRODUCT_NAME}`,
  };
}

/**
 * The meeting room's address (rule 16), opened by "Join meeting" in mails, invitations and calendars.
 * @example meetingRoomUrl('https://fm.example', 'm1') // 'https://fm.example/meetings/m1/room'
 */
export const meetingRoomUrl = (publicUrl: string, meetingId: string) =>
  `${publicUrl}/meetings/${encodeURIComponent(meetingId)}/room`;

/** The mail that carries an invitation (or its cancellation) to the party who acted. */
export function invitationMail(
  method: 'REQUEST' | 'CANCEL',
  summary: string,
  when: string,
  zone: string,
  link: string,
  joinUrl?: string,
): { subject: string; text: string } {
  const join = joinUrl ? `\n${MEETING_ROOM_TEXT.join}: ${joinUrl}` : '';
  return method === 'REQUEST'
    ? {
        subject: `Invitation: ${summary}`,
        text: `Your meeting on ${when} (${zone}) is booked. The invitation is attached.\n\nSee the meeting: ${link}${join}\n\n— ${PRODUCT_NAME}`,
      }
    : {
        subject: `Cancelled: ${summary}`,
        text: `The meeting on ${when} (${zone}) is cancelled.\n\n— ${PRODUCT_NAME}`,
      };
}

/** The invitation's summary line: "Franchise Meet: <franchise> × <consultant>". */
export const meetingSummary = (franchiseName: string, consultantName: string) =>
  `${PRODUCT_NAME}: ${franchiseName} × ${consultantName}`;

export const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** Messages of the rules booking enforces (422 and friends). */
export const BOOKING_RULES = {
  completeBeforeStart: 'A meeting cannot be completed before it starts',
  alreadyFinal: 'This meeting has already been declined or completed',
  cancelOnlyUpcoming: 'Only an upcoming or pending meeting can be cancelled',
  reviewOnlyCompleted: 'Only a completed meeting can be reviewed',
  alreadyReviewed: 'This meeting has already been reviewed',
  reviewRequestOnlyCompleted: 'A review can be requested only for a completed meeting',
  noRate: 'This consultant has not set a rate yet',
  lengthNotOffered: 'Please choose one of the offered meeting lengths',
  consultantsOnly: 'Only consultants have calendar settings',
  franchisorsOnly: 'Only franchisors can book meetings',
  consultantOnlyAction: 'Only the consultant can change the status of a meeting',
  franchisorOnlyAction: 'Only the franchisor side can do this',
} as const;

/** 422 when a calendar provider has no OAuth credentials on this server. */
export const providerNotConfigured = (provider: 'google' | 'office365') =>
  `${provider === 'google' ? 'Google' : 'Office 365'} calendar is not configured on this server`;
