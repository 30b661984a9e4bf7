import {
  type BookingStatus,
  type BookingStatusInput,
  isLateCancellation,
  type Role,
  type Session,
} from '@fm/sdk/contracts';
import { formatDateTime, viewerTimeZone } from '@fm/widgets/kit';

/** Display rules of the meetings pages (user-area §3, §4, §9), as plain functions. */

/**
 * A meeting's time as the spec writes dates, `d MMM, yyyy, h:mm aaa`, in the viewer's zone.
 *
 * @example
 * formatMeetingDateTime('2025-01-01T20:00:00Z', 'America/New_York'); // '1 Jan, 2025, 3:00 pm'
 */
export function formatMeetingDateTime(iso: string, zone: string = viewerTimeZone()): string {
  return formatDateTime(iso, zone);
}

/**
 * A duration in minutes as people say it.
 *
 * @example
 * formatDuration(30); // '30 min'
 * formatDuration(90); // '1 h 30 min'
 */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** How each status reads (rule 8: `future` is an upcoming meeting). */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  future: 'Upcoming',
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
};

/** The tabs of My Meetings, by status. */
export const MEETING_TABS = [
  { key: 'all', label: 'All', status: undefined },
  { key: 'upcoming', label: 'Upcoming', status: 'future' },
  { key: 'pending', label: 'Pending', status: 'pending' },
  { key: 'completed', label: 'Completed', status: 'completed' },
  { key: 'declined', label: 'Declined', status: 'declined' },
] as const satisfies readonly {
  key: string;
  label: string;
  status: BookingStatusInput | undefined;
}[];
export type MeetingTabKey = (typeof MEETING_TABS)[number]['key'];

/**
 * The tab a `?status=` value names; anything else is All.
 *
 * @example
 * meetingTab('upcoming').status; // 'future'
 */
export function meetingTab(param: string | null) {
  return MEETING_TABS.find((tab) => tab.key === param) ?? MEETING_TABS[0];
}

/**
 * A page number from the address (`?page=`), 1 when missing or invalid.
 *
 * @example
 * pageParam('3'); // 3
 */
export function pageParam(param: string | null): number {
  const page = Number(param);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Who the meeting is with, from the viewer's side: a franchisor meets a consultant; a consultant
 * meets a franchise (its company, else the franchisor's name).
 *
 * @example
 * otherParty(session, 'franchisor'); // 'Marcus Reed'
 */
export function otherParty(session: Session, viewer: Role): string {
  if (viewer === 'consultant') {
    return (
      session.franchise?.company ||
      `${session.franchisor.firstName} ${session.franchisor.lastName}`.trim()
    );
  }
  return `${session.consultant.firstName} ${session.consultant.lastName}`.trim();
}

/** What the viewer may do with a meeting (user-area §4, §6; rule 8). */
export interface MeetingActions {
  /** The consultant declines an upcoming or pending meeting. */
  decline: boolean;
  /** The consultant marks a meeting that has started as completed. */
  complete: boolean;
  /** The franchisor side cancels (deletes) an upcoming or pending meeting. */
  cancel: boolean;
  /** The franchisor side reviews a completed meeting, once. */
  review: boolean;
  /** The consultant asks for a review of a completed, unreviewed meeting. */
  requestReview: boolean;
  /** The consultant already asked. */
  reviewRequested: boolean;
  /** Cancelling now is late: the consultant may charge the meeting or offer another time. */
  lateCancel: boolean;
}

/**
 * The actions a meeting offers its viewer.
 *
 * @example
 * meetingActions(session, 'consultant', Date.now()).decline; // true for an upcoming meeting
 */
export function meetingActions(session: Session, viewer: Role, now: number): MeetingActions {
  const live = session.status === 'future' || session.status === 'pending';
  const started = Date.parse(session.start) <= now;
  const completed = session.status === 'completed';
  const reviewed = session.review.length > 0;
  const consultant = viewer === 'consultant';
  const franchisor = viewer === 'franchisor';
  return {
    decline: consultant && live,
    complete: consultant && live && started,
    cancel: franchisor && live,
    lateCancel: franchisor && live && isLateCancellation(new Date(session.start), new Date(now)),
    review: franchisor && completed && !reviewed,
    requestReview: consultant && completed && !reviewed && !session.reviewRequested,
    reviewRequested: consultant && completed && !reviewed && session.reviewRequested,
  };
}

/**
 * Stars for a rating, for display ("★★★★☆").
 *
 * @example
 * stars(4); // '★★★★☆'
 */
export function stars(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}
