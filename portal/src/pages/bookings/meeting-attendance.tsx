import { isApiError } from '@fm/sdk';
import {
  MEETING_ROOM_TEXT,
  meetingRoomState,
  meetingRoomWindow,
  type PresenceSummary,
  type Role,
  type Session,
} from '@fm/sdk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { formatMeetingDateTime } from './meeting-format.ts';

/**
 * The meeting room on the meeting pages (rule 16): the "Join meeting" link, the presence summary both
 * sides see, the franchisor's no-show report, and the duration field of the completion form.
 */

export const ATTENDANCE_TEXT = {
  title: 'Attendance',
  measured: (minutes: number) => `Measured meeting time: ${minutes} min`,
  noPresence: 'Nobody has used the meeting room yet.',
  ongoing: 'still there',
  endedByHeartbeat: 'connection lost',
  side: { consultant: 'Consultant', franchise: 'Franchise' },
  franchiseNoShow:
    'No franchise member joined; the consultant waited at least 10 minutes. The booked time may be charged.',
  consultantNoShow:
    'The consultant never joined; a member of the franchise waited at least 10 minutes.',
  reportNoShow: 'Report a no-show',
  noShowReported: (when: string) => `No-show reported on ${when}. Nothing is charged.`,
  noShowDone: 'No-show reported. The payment hold is released.',
  duration: 'Duration (minutes)',
  durationHint: (max: number | null) =>
    max === null ? '' : `The measured meeting time allows up to ${max} minutes.`,
} as const;

/** The meeting room's path. */
export const meetingRoomPath = (id: string) => `/meetings/${encodeURIComponent(id)}/room`;

/**
 * Whether a meeting still has a room to join (live, and its room not closed yet).
 *
 * @example
 * canJoin(session, Date.now()); // true from booking until 30 minutes after the end
 */
export function canJoin(session: Session, now: number): boolean {
  const live = session.status === 'future' || session.status === 'pending';
  const window = meetingRoomWindow(new Date(session.start), new Date(session.end));
  return live && meetingRoomState(window, new Date(now)) !== 'closed';
}

/** Whether the room is open right now (My Meetings shows the button only then). */
export function roomOpenNow(session: Session, now: number): boolean {
  const live = session.status === 'future' || session.status === 'pending';
  const window = meetingRoomWindow(new Date(session.start), new Date(session.end));
  return live && meetingRoomState(window, new Date(now)) === 'open';
}

/** "Join meeting", opening `/meetings/{id}/room`. */
export function JoinMeetingLink({ id, className }: { id: string; className?: string }) {
  return (
    <Link to={meetingRoomPath(id)} className={className ?? 'button button--primary'}>
      {MEETING_ROOM_TEXT.join}
    </Link>
  );
}

/**
 * The presence summary of a meeting; null while loading or when the viewer may not see it.
 *
 * @example
 * const presence = useMeetingPresence(id);
 */
export function useMeetingPresence(id: string): PresenceSummary | null {
  const query = useQuery({
    queryKey: queryKeys.meetings.presence(id),
    // A viewer who may not see the summary simply sees none.
    queryFn: () => api.meetingRoom.presence(id).catch(() => null),
  });
  return query.data ?? null;
}

/** Who was in the room and for how long, and the franchisor's no-show report. */
export function AttendanceCard({
  session,
  presence,
  viewer,
  onChanged,
}: {
  session: Session;
  presence: PresenceSummary | null;
  viewer: Role;
  onChanged: () => void;
}) {
  const [pending, setPending] = useState(false);
  if (!presence) return null;
  const live = session.status === 'future' || session.status === 'pending';
  const report = async () => {
    setPending(true);
    try {
      await api.meetingRoom.reportNoShow(session.id);
      toast.success(ATTENDANCE_TEXT.noShowDone);
      onChanged();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <section
      className="meeting-card"
      aria-labelledby="meeting-attendance-title"
      data-testid="meeting-attendance"
    >
      <h2 className="meeting-card__title" id="meeting-attendance-title">
        {ATTENDANCE_TEXT.title}
      </h2>
      {presence.roomUsed ? (
        <>
          <p className="page__text" data-testid="measured-minutes">
            {ATTENDANCE_TEXT.measured(presence.measuredMinutes)}
          </p>
          <ul className="meeting-attendance">
            {presence.intervals.map((i) => (
              <li key={`${i.userId}-${i.joinedAt}`}>
                {ATTENDANCE_TEXT.side[i.side]}: {i.name}, {formatMeetingDateTime(i.joinedAt)} –{' '}
                {i.leftAt ? formatMeetingDateTime(i.leftAt) : ATTENDANCE_TEXT.ongoing}
                {i.endedBy === 'heartbeat' ? ` (${ATTENDANCE_TEXT.endedByHeartbeat})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="page__text">{ATTENDANCE_TEXT.noPresence}</p>
      )}
      {presence.franchiseNoShow ? (
        <p className="page__text">{ATTENDANCE_TEXT.franchiseNoShow}</p>
      ) : null}
      {presence.consultantNoShow ? (
        <p className="page__text">{ATTENDANCE_TEXT.consultantNoShow}</p>
      ) : null}
      {presence.noShowReportedAt ? (
        <p className="page__text" role="status">
          {ATTENDANCE_TEXT.noShowReported(formatMeetingDateTime(presence.noShowReportedAt))}
        </p>
      ) : null}
      {viewer === 'franchisor' && live && presence.consultantNoShow ? (
        <button
          type="button"
          className="button button--danger"
          disabled={pending}
          onClick={() => void report()}
        >
          {ATTENDANCE_TEXT.reportNoShow}
        </button>
      ) : null}
    </section>
  );
}

/** The completion form's duration, proposed from the measured time (only when the room was used). */
export function CompletionDuration({
  presence,
  value,
  onChange,
}: {
  presence: PresenceSummary;
  value: number;
  onChange: (minutes: number) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{ATTENDANCE_TEXT.duration}</span>
      <input
        className="field__input"
        type="number"
        min={0}
        step={1}
        max={presence.maxChargeableMinutes ?? undefined}
        value={value}
        name="duration"
        onChange={(e) => onChange(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
      />
      <span className="field__hint">
        {ATTENDANCE_TEXT.durationHint(presence.maxChargeableMinutes)}
      </span>
    </label>
  );
}
