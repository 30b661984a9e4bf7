import type { Role, Session } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';
import { JoinMeetingLink } from './meeting-attendance.tsx';
import { NOW_TEXT, presenceText, timeLeftText } from './now-meeting.ts';

/** The clock, ticking every `everyMs` while mounted. */
function useTicker(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A "now" meeting's facts (rule 20): a "Now" badge, "Join meeting", the time left (ticking) and
 * whether the other side is already in the room (kept fresh by the list's refetch).
 *
 * @example
 * {session.roomOpen ? <NowMeetingFacts session={session} viewer="franchisor" /> : null}
 */
export function NowMeetingFacts({ session, viewer }: { session: Session; viewer: Role }) {
  const now = useTicker(1_000);
  return (
    <div className="now-meeting" data-testid="now-meeting">
      <span className="now-meeting__badge">{NOW_TEXT.now}</span>
      <span className="now-meeting__left" role="timer" data-testid="now-meeting-left">
        {timeLeftText(session, now)}
      </span>
      <span
        className={`now-meeting__presence${session.otherSidePresent ? ' now-meeting__presence--in' : ''}`}
        data-testid="now-meeting-presence"
        aria-live="polite"
      >
        {presenceText(session, viewer)}
      </span>
      <JoinMeetingLink id={session.id} className="button button--primary now-meeting__join" />
    </div>
  );
}
