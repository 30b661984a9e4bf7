import type { Role, Session } from '@fm/sdk/contracts';
import { formatDuration, otherParty } from './meeting-format.ts';

/**
 * Rule 20, the "now" meeting: a meeting whose room is open leads the dashboard and My Meetings for
 * both sides, with "Join meeting", the time left and whether the other side is in the room. The
 * rules as plain functions; the view is `now-meeting-facts.tsx`.
 */

export const NOW_TEXT = {
  now: 'Now',
  startsIn: (left: string) => `Starts in ${left}`,
  left: (left: string) => `${left} left`,
  lessThanAMinute: 'less than a minute',
  present: (name: string) => `${name} is in the room`,
  absent: (name: string) => `${name} has not joined yet`,
} as const;

/** How often a "now" meeting's facts refresh: the time left, and the other side's presence. */
export const NOW_REFRESH_MS = 10_000;

/**
 * The time to the start (while the room is open before it) or to the end, as people say it.
 *
 * @example
 * timeLeftText({ start: '…T15:00:00Z', end: '…T16:00:00Z' }, Date.parse('…T15:18:30Z')); // '41 min left'
 */
export function timeLeftText(session: Pick<Session, 'start' | 'end'>, now: number): string {
  const start = Date.parse(session.start);
  const before = now < start;
  const ms = (before ? start : Date.parse(session.end)) - now;
  const minutes = Math.ceil(Math.max(0, ms) / 60_000);
  const text = ms < 60_000 ? NOW_TEXT.lessThanAMinute : formatDuration(minutes);
  return before ? NOW_TEXT.startsIn(text) : NOW_TEXT.left(text);
}

/**
 * Whether the other side is in the room, said with its name.
 *
 * @example
 * presenceText(session, 'franchisor'); // 'Marcus Reed is in the room'
 */
export function presenceText(session: Session, viewer: Role): string {
  const name = otherParty(session, viewer);
  return session.otherSidePresent ? NOW_TEXT.present(name) : NOW_TEXT.absent(name);
}

/**
 * The dashboard's meetings: every "now" meeting first (each is shown, however many), then the
 * next upcoming ones not already listed, up to `limit` in all.
 *
 * @example
 * leadWithNow(nowList.sessions, upcoming.sessions, 3);
 */
export function leadWithNow(
  now: readonly Session[],
  upcoming: readonly Session[],
  limit: number,
): Session[] {
  const ids = new Set(now.map((s) => s.id));
  const rest = upcoming.filter((s) => !ids.has(s.id) && !s.roomOpen);
  return [...now, ...rest.slice(0, Math.max(0, limit - now.length))];
}

/**
 * How often a list refetches: while it shows a "now" meeting, every {@link NOW_REFRESH_MS} (the
 * other side's presence and the meeting leaving "now"), else not at all (the realtime feed keeps it).
 *
 * @example
 * useQuery({ …, refetchInterval: (query) => nowRefetchInterval(query.state.data?.sessions) });
 */
export function nowRefetchInterval(sessions: readonly Session[] | undefined): number | false {
  return sessions?.some((s) => s.roomOpen) ? NOW_REFRESH_MS : false;
}
