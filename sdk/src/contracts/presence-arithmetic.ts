import { MEETING_ROOM, type MeetingSide } from './meeting-room.ts';

/**
 * The arithmetic of measured presence (rule 16), as pure functions on epoch milliseconds. Shared by
 * the API (billing) and the room widget (the time used), so both count the same way.
 */

/** A half-open stretch of time `[start, end)` in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** One participant's stretch of presence. */
export interface PresenceSpan extends Span {
  userId: string;
  side: MeetingSide;
}

const MINUTE_MS = 60_000;

/**
 * The union of spans as sorted, disjoint, non-empty spans (touching spans are merged).
 *
 * @example
 * mergeSpans([{ start: 5, end: 9 }, { start: 0, end: 5 }]); // [{ start: 0, end: 9 }]
 */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ start: s.start, end: s.end });
  }
  return merged;
}

/**
 * The total length of the union of spans.
 *
 * @example
 * unionMs([{ start: 0, end: 10 }, { start: 5, end: 15 }]); // 15
 */
export function unionMs(spans: readonly Span[]): number {
  return mergeSpans(spans).reduce((sum, s) => sum + (s.end - s.start), 0);
}

/**
 * Where two unions overlap, as sorted disjoint spans.
 *
 * @example
 * intersectSpans([{ start: 0, end: 10 }], [{ start: 5, end: 20 }]); // [{ start: 5, end: 10 }]
 */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const x = mergeSpans(a);
  const y = mergeSpans(b);
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const p = x[i] as Span;
    const q = y[j] as Span;
    const start = Math.max(p.start, q.start);
    const end = Math.min(p.end, q.end);
    if (end > start) out.push({ start, end });
    if (p.end < q.end) i++;
    else j++;
  }
  return out;
}

/** Spans cut to `[window.start, window.end)`. */
export function clipSpans(spans: readonly Span[], window: Span): Span[] {
  return spans
    .map((s) => ({ start: Math.max(s.start, window.start), end: Math.min(s.end, window.end) }))
    .filter((s) => s.end > s.start);
}

/**
 * Milliseconds during which the consultant and at least one franchise member were present
 * together (reconnects and several franchise members counted once).
 *
 * @example
 * togetherMs([
 *   { userId: 'c', side: 'consultant', start: 0, end: 600_000 },
 *   { userId: 'f', side: 'franchise', start: 120_000, end: 900_000 },
 * ]); // 480_000
 */
export function togetherMs(spans: readonly PresenceSpan[]): number {
  const consultant = spans.filter((s) => s.side === 'consultant');
  const franchise = spans.filter((s) => s.side === 'franchise');
  return intersectSpans(consultant, franchise).reduce((sum, s) => sum + (s.end - s.start), 0);
}

/**
 * The measured duration of rule 16: {@link togetherMs} in whole minutes (rounded down).
 *
 * @example
 * measuredMinutes(spans); // 8
 */
export function measuredMinutes(spans: readonly PresenceSpan[]): number {
  return Math.floor(togetherMs(spans) / MINUTE_MS);
}

/** A presence row as the API stores it (epoch ms; `leftAt` null while not reported). */
export interface PresenceRecord {
  userId: string;
  side: MeetingSide;
  joinedAt: number;
  lastSeenAt: number;
  leftAt: number | null;
}

/**
 * When a recorded stretch ends (rule 16): at the reported leave, or `heartbeatTimeoutMs` after the
 * last heartbeat, whichever comes first, and never after `now`; never before it began.
 *
 * @example
 * presenceEnd({ userId: 'u', side: 'franchise', joinedAt: 0, lastSeenAt: 50_000, leftAt: null }, 999_999);
 * // 80_000
 */
export function presenceEnd(record: PresenceRecord, now: number): number {
  const byHeartbeat =
    Math.max(record.lastSeenAt, record.joinedAt) + MEETING_ROOM.heartbeatTimeoutMs;
  const end = Math.min(record.leftAt ?? Number.POSITIVE_INFINITY, byHeartbeat, now);
  return Math.max(record.joinedAt, end);
}

/**
 * Recorded stretches as spans, measured up to `now` but never past `closesAt`, the room's closing
 * time (rule 16): the room is open until then, so presence after it — a call the browsers kept going,
 * heartbeats still reported — is not measured and so never billed. A stretch that began after
 * the closing time is kept, empty, as a sign the room was entered.
 *
 * @example
 * const spans = toSpans(rows, Date.now(), window.closesAt.getTime());
 */
export function toSpans(
  records: readonly PresenceRecord[],
  now: number,
  closesAt: number,
): PresenceSpan[] {
  const until = Math.min(now, closesAt);
  return records.map((r) => ({
    userId: r.userId,
    side: r.side,
    start: r.joinedAt,
    end: presenceEnd(r, until),
  }));
}

/**
 * Whether a side's stretches make it JOINED (rule 16): present at least `joinedMinutes` in total
 * inside the booked time, or the whole booked time when that is shorter. Presence before the start
 * or after the end does not count, and a pop-in of a few seconds is not joining.
 *
 * @example
 * hasJoined([{ start: s, end: s + 90_000 }], { start: s, end: s + 3_600_000 }); // false: 1.5 min
 */
export function hasJoined(spans: readonly Span[], booked: Span): boolean {
  const inside = unionMs(clipSpans(spans, booked));
  const needed = Math.min(MEETING_ROOM.joinedMinutes * MINUTE_MS, booked.end - booked.start);
  return inside > 0 && inside >= needed;
}

/** What presence says about billing (rule 16). */
export interface PresenceVerdict {
  roomUsed: boolean;
  measuredMinutes: number;
  /** {@link togetherMs}: the measure before it is floored to minutes. */
  measuredMs: number;
  consultantMinutesInBookedTime: number;
  franchiseMinutesInBookedTime: number;
  /** The consultant was there at least `joinedMinutes` inside the booked time ({@link hasJoined}). */
  consultantJoined: boolean;
  /** Some franchise member was (the side's union counts). */
  franchiseJoined: boolean;
  /** Consultant ≥ 10 min inside the booked time and the franchise side never joined. */
  franchiseNoShow: boolean;
  /** A franchise member ≥ 10 min inside the booked time and the consultant never joined. */
  consultantNoShow: boolean;
  /**
   * The most the consultant may charge; null (no cap) when the room does not count for billing:
   * neither side joined and the two sides were never there together.
   */
  maxChargeableMinutes: number | null;
  /** What the completion form proposes. */
  proposedMinutes: number;
}

/**
 * The billing verdict of a meeting's presence (rule 16). `booked` is the booked time; the franchise
 * side's minutes count the time any of its members was there. A side counts as joined only with
 * `joinedMinutes` of presence inside the booked time, so a pop-in (before the start, after it, or
 * while the other side waits) neither cancels a no-show nor caps the bill; time the two sides
 * spent together is always measured and caps it.
 *
 * @example
 * presenceVerdict(spans, { start: s, end: e }, 60).maxChargeableMinutes; // e.g. 42
 */
export function presenceVerdict(
  spans: readonly PresenceSpan[],
  booked: Span,
  bookedMinutes: number,
): PresenceVerdict {
  const present = spans.filter((s) => s.end >= s.start);
  const consultant = present.filter((s) => s.side === 'consultant');
  const franchise = present.filter((s) => s.side === 'franchise');
  const consultantIn = Math.floor(unionMs(clipSpans(consultant, booked)) / MINUTE_MS);
  const franchiseIn = Math.floor(unionMs(clipSpans(franchise, booked)) / MINUTE_MS);
  const roomUsed = present.length > 0;
  const consultantJoined = hasJoined(consultant, booked);
  const franchiseJoined = hasJoined(franchise, booked);
  const together = togetherMs(present);
  const measured = Math.floor(together / MINUTE_MS);
  const franchiseNoShow = !franchiseJoined && consultantIn >= MEETING_ROOM.noShowMinutes;
  const consultantNoShow = !consultantJoined && franchiseIn >= MEETING_ROOM.noShowMinutes;
  // Pop-ins alone leave the meeting as one held without the room (rules 8 and 10): no cap.
  const counts = consultantJoined || franchiseJoined || together > 0;
  let maxChargeableMinutes: number | null = null;
  if (counts) maxChargeableMinutes = franchiseNoShow ? bookedMinutes : measured;
  const proposedMinutes =
    maxChargeableMinutes === null ? bookedMinutes : Math.min(maxChargeableMinutes, bookedMinutes);
  return {
    roomUsed,
    measuredMinutes: measured,
    measuredMs: together,
    consultantMinutesInBookedTime: consultantIn,
    franchiseMinutesInBookedTime: franchiseIn,
    consultantJoined,
    franchiseJoined,
    franchiseNoShow,
    consultantNoShow,
    maxChargeableMinutes,
    proposedMinutes,
  };
}
