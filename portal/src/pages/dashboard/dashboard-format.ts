import type { Session } from '@fm/sdk/contracts';
import { formatDateTime } from '@fm/widgets/kit';

/**
 * A meeting's start as the spec writes dates ("1 Jan, 2025, 3:00 pm", user-area §9), in the
 * meeting's time zone, followed by the zone's short name.
 *
 * @example
 * ```ts
 * formatMeetingTime('2025-01-01T20:00:00Z', 'America/New_York'); // '1 Jan, 2025, 3:00 pm EST'
 * ```
 */
export function formatMeetingTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone, { zoneName: true });
}

/**
 * Who a meeting is with, from the viewer's side: a franchisor meets a consultant; a consultant
 * meets a franchise (its company, else the franchisor's name).
 *
 * @example
 * ```ts
 * counterpartOf(session, 'franchisor'); // 'Marcus Reed'
 * ```
 */
export function counterpartOf(session: Session, viewer: 'franchisor' | 'consultant'): string {
  if (viewer === 'franchisor') {
    return `${session.consultant.firstName} ${session.consultant.lastName}`.trim();
  }
  return (
    session.franchise?.company ||
    `${session.franchisor.firstName} ${session.franchisor.lastName}`.trim()
  );
}
