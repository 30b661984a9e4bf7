import {
  hasJoined,
  MEETING_ROOM,
  measuredMinutes,
  mergeSpans,
  type PresenceRecord,
  type PresenceSpan,
  presenceEnd,
  presenceVerdict,
  type Span,
  togetherMs,
  toSpans,
  unionMs,
} from '@fm/sdk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 9, 15, 0);

/** A span of up to two hours somewhere in a three-hour stretch, to the millisecond. */
const span = fc
  .tuple(fc.integer({ min: 0, max: 3 * 60 * MIN }), fc.integer({ min: 0, max: 2 * 60 * MIN }))
  .map(([offset, length]) => ({ start: T0 + offset, end: T0 + offset + length }));
const sided = (side: PresenceSpan['side'], users: string[]) =>
  fc
    .tuple(fc.constantFrom(...users), span)
    .map(([userId, s]): PresenceSpan => ({ userId, side, ...s }));
/** The consultant's stretches (reconnects) and up to three franchise members' stretches. */
const presence = fc
  .tuple(
    fc.array(sided('consultant', ['c']), { maxLength: 4 }),
    fc.array(sided('franchise', ['f1', 'f2', 'f3']), { maxLength: 8 }),
  )
  .map(([c, f]) => [...c, ...f]);

/** The same quantity counted the slow way: every elementary stretch between two boundaries. */
function bruteTogetherMs(spans: PresenceSpan[]): number {
  const cuts = [...new Set(spans.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  let total = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i] as number;
    const b = cuts[i + 1] as number;
    const inside = (side: PresenceSpan['side']) =>
      spans.some((s) => s.side === side && s.start <= a && s.end >= b && s.end > s.start);
    if (inside('consultant') && inside('franchise')) total += b - a;
  }
  return total;
}

describe('togetherMs / measuredMinutes (rule 16)', () => {
  it('equals the elementary sweep over every boundary', () => {
    fc.assert(
      fc.property(presence, (spans) => {
        expect(togetherMs(spans)).toBe(bruteTogetherMs(spans));
      }),
    );
  });

  it('never exceeds either side’s own presence', () => {
    fc.assert(
      fc.property(presence, (spans) => {
        const together = togetherMs(spans);
        expect(together).toBeLessThanOrEqual(unionMs(spans.filter((s) => s.side === 'consultant')));
        expect(together).toBeLessThanOrEqual(unionMs(spans.filter((s) => s.side === 'franchise')));
      }),
    );
  });

  it('does not depend on the order the stretches are reported in', () => {
    fc.assert(
      fc.property(presence, fc.integer(), (spans, seed) => {
        const shuffled = [...spans].sort(
          (a, b) => ((a.start * 31 + seed) % 97) - ((b.start * 31 + seed) % 97),
        );
        expect(togetherMs(shuffled)).toBe(togetherMs(spans));
      }),
    );
  });

  it('a reconnect without a gap (one stretch cut in two) changes nothing', () => {
    fc.assert(
      fc.property(
        presence,
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (spans, i, at) => {
          if (spans.length === 0) return;
          const k = i % spans.length;
          const s = spans[k] as PresenceSpan;
          const cut = s.start + Math.floor((s.end - s.start) * at);
          const split = [
            ...spans.slice(0, k),
            { ...s, end: cut },
            { ...s, start: cut },
            ...spans.slice(k + 1),
          ];
          expect(togetherMs(split)).toBe(togetherMs(spans));
        },
      ),
    );
  });

  it('a gap in the consultant’s presence is not counted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (before, gap, after) => {
          const spans: PresenceSpan[] = [
            { userId: 'c', side: 'consultant', start: T0, end: T0 + before * MIN },
            {
              userId: 'c',
              side: 'consultant',
              start: T0 + (before + gap) * MIN,
              end: T0 + (before + gap + after) * MIN,
            },
            { userId: 'f1', side: 'franchise', start: T0, end: T0 + 120 * MIN },
          ];
          expect(measuredMinutes(spans)).toBe(before + after);
        },
      ),
    );
  });

  it('three franchise members at once count once; more members never lower it', () => {
    fc.assert(
      fc.property(presence, sided('franchise', ['f1', 'f2', 'f3']), (spans, extra) => {
        expect(togetherMs([...spans, extra])).toBeGreaterThanOrEqual(togetherMs(spans));
      }),
    );
    const three: PresenceSpan[] = [
      { userId: 'c', side: 'consultant', start: T0, end: T0 + 60 * MIN },
      { userId: 'f1', side: 'franchise', start: T0, end: T0 + 60 * MIN },
      { userId: 'f2', side: 'franchise', start: T0, end: T0 + 60 * MIN },
      { userId: 'f3', side: 'franchise', start: T0 + 10 * MIN, end: T0 + 20 * MIN },
    ];
    expect(measuredMinutes(three)).toBe(60);
  });

  it('is the same whenever it happens (shifted in time), and zero without one side', () => {
    fc.assert(
      fc.property(presence, fc.integer({ min: -1e12, max: 1e12 }), (spans, shift) => {
        const moved = spans.map((s) => ({ ...s, start: s.start + shift, end: s.end + shift }));
        expect(togetherMs(moved)).toBe(togetherMs(spans));
        expect(togetherMs(spans.filter((s) => s.side === 'franchise'))).toBe(0);
        expect(togetherMs(spans.filter((s) => s.side === 'consultant'))).toBe(0);
      }),
    );
  });

  it('counts whole minutes only, at the minute’s edge exactly', () => {
    const pair = (ms: number): PresenceSpan[] => [
      { userId: 'c', side: 'consultant', start: T0, end: T0 + ms },
      { userId: 'f1', side: 'franchise', start: T0, end: T0 + ms },
    ];
    expect(measuredMinutes(pair(15 * MIN - 1))).toBe(14);
    expect(measuredMinutes(pair(15 * MIN))).toBe(15);
    expect(measuredMinutes(pair(15 * MIN + 1))).toBe(15);
    // Touching but not overlapping stretches share no time.
    expect(
      measuredMinutes([
        { userId: 'c', side: 'consultant', start: T0, end: T0 + 10 * MIN },
        { userId: 'f1', side: 'franchise', start: T0 + 10 * MIN, end: T0 + 20 * MIN },
      ]),
    ).toBe(0);
  });

  it('merges into sorted, disjoint stretches with the same union', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 10 }), (spans: Span[]) => {
        const merged = mergeSpans(spans);
        for (let i = 1; i < merged.length; i++) {
          expect((merged[i] as Span).start).toBeGreaterThan((merged[i - 1] as Span).end);
        }
        expect(unionMs(merged)).toBe(unionMs(spans));
      }),
    );
  });
});

describe('presenceEnd', () => {
  it('ends at the leave, 30 s after the last heartbeat, or now — whichever is first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * MIN }),
        fc.integer({ min: 0, max: 10 * MIN }),
        fc.option(fc.integer({ min: 0, max: 20 * MIN })),
        fc.integer({ min: 0, max: 30 * MIN }),
        (seenAfter, joinOffset, leftAfter, nowAfter) => {
          const joinedAt = T0 + joinOffset;
          const record = {
            userId: 'u',
            side: 'franchise' as const,
            joinedAt,
            lastSeenAt: joinedAt + seenAfter,
            leftAt: leftAfter === null ? null : joinedAt + leftAfter,
          };
          const now = joinedAt + nowAfter;
          const end = presenceEnd(record, now);
          expect(end).toBeGreaterThanOrEqual(joinedAt);
          expect(end).toBeLessThanOrEqual(Math.max(joinedAt, record.lastSeenAt + 30_000));
          expect(end).toBeLessThanOrEqual(Math.max(joinedAt, now));
          if (record.leftAt !== null) {
            expect(end).toBeLessThanOrEqual(Math.max(joinedAt, record.leftAt));
          }
        },
      ),
    );
  });
});

describe('toSpans: nothing is measured after the room closed (rule 16)', () => {
  // A one-hour meeting at T0: its room closes at T0 + 90 min.
  const closesAt = T0 + 90 * MIN;
  const record = (r: Partial<PresenceRecord> & Pick<PresenceRecord, 'userId' | 'side'>) => ({
    joinedAt: T0,
    lastSeenAt: T0,
    leftAt: null,
    ...r,
  });

  it('a call kept going past the closing time is measured up to it only', () => {
    // Both still sending heartbeats five minutes after the close, asked two minutes later.
    const seen = closesAt + 5 * MIN;
    const records: PresenceRecord[] = [
      record({ userId: 'c', side: 'consultant', joinedAt: T0 + 85 * MIN, lastSeenAt: seen }),
      record({ userId: 'f', side: 'franchise', joinedAt: T0 + 87 * MIN, lastSeenAt: seen }),
    ];
    const spans = toSpans(records, seen + 2 * MIN, closesAt);
    expect(spans.map((s) => s.end)).toEqual([closesAt, closesAt]);
    expect(measuredMinutes(spans)).toBe(3);
    // A leave reported after the close ends the stretch at the close too.
    const left = records.map((r) => ({ ...r, leftAt: closesAt + 4 * MIN }));
    expect(measuredMinutes(toSpans(left, closesAt + 10 * MIN, closesAt))).toBe(3);
  });

  it('before the close, `now` bounds the stretch as before', () => {
    const r = record({ userId: 'c', side: 'consultant', lastSeenAt: T0 + 10 * MIN });
    expect(toSpans([r], T0 + 10 * MIN, closesAt)[0]?.end).toBe(T0 + 10 * MIN);
  });

  it('a stretch begun after the close is empty (the room was entered, nothing is measured)', () => {
    const late = record({
      userId: 'f',
      side: 'franchise',
      joinedAt: closesAt + MIN,
      lastSeenAt: closesAt + 2 * MIN,
    });
    const [span] = toSpans([late], closesAt + 3 * MIN, closesAt);
    expect(span).toMatchObject({ start: closesAt + MIN, end: closesAt + MIN });
  });

  it('no span ends after the close, whatever was reported and whenever it is asked', () => {
    const reported = fc.record({
      joinOffset: fc.integer({ min: 0, max: 3 * 60 * MIN }),
      seenAfter: fc.integer({ min: 0, max: 60 * MIN }),
      leftAfter: fc.option(fc.integer({ min: 0, max: 90 * MIN })),
      side: fc.constantFrom<PresenceRecord['side']>('consultant', 'franchise'),
    });
    fc.assert(
      fc.property(
        fc.array(reported, { maxLength: 8 }),
        fc.integer({ min: 0, max: 4 * 60 * MIN }),
        (rows, nowOffset) => {
          const records: PresenceRecord[] = rows.map((r, i) => ({
            userId: `u${i}`,
            side: r.side,
            joinedAt: T0 + r.joinOffset,
            lastSeenAt: T0 + r.joinOffset + r.seenAfter,
            leftAt: r.leftAfter === null ? null : T0 + r.joinOffset + r.leftAfter,
          }));
          const now = T0 + nowOffset;
          const spans = toSpans(records, now, closesAt);
          for (const [i, span] of spans.entries()) {
            const joinedAt = records[i]?.joinedAt ?? 0;
            expect(span.end).toBeLessThanOrEqual(Math.max(joinedAt, closesAt));
          }
          // Capped, the measure is never more than without the cap, and equal while open.
          const uncapped = measuredMinutes(toSpans(records, now, Number.POSITIVE_INFINITY));
          expect(measuredMinutes(spans)).toBeLessThanOrEqual(uncapped);
          if (now <= closesAt) expect(measuredMinutes(spans)).toBe(uncapped);
        },
      ),
    );
  });
});

describe('presenceVerdict', () => {
  const booked = { start: T0, end: T0 + 60 * MIN };
  it('without presence there is no cap and the booked length is proposed', () => {
    const v = presenceVerdict([], booked, 60);
    expect(v).toMatchObject({ roomUsed: false, maxChargeableMinutes: null, proposedMinutes: 60 });
  });

  it('caps at the measured time once the room counts, and never proposes more than the booked length', () => {
    fc.assert(
      fc.property(presence, (spans) => {
        const v = presenceVerdict(spans, booked, 60);
        if (!spans.length) return;
        const counts = v.consultantJoined || v.franchiseJoined || togetherMs(spans) > 0;
        if (!counts) expect(v.maxChargeableMinutes).toBeNull();
        else if (!v.franchiseNoShow) expect(v.maxChargeableMinutes).toBe(measuredMinutes(spans));
        expect(v.proposedMinutes).toBeLessThanOrEqual(60);
        expect(v.franchiseNoShow && v.consultantNoShow).toBe(false);
      }),
    );
  });

  it('consultant alone ≥ 10 min inside the booked time: the booked length may be charged', () => {
    const alone = (minutes: number) =>
      presenceVerdict(
        [{ userId: 'c', side: 'consultant', start: T0 - 5 * MIN, end: T0 + minutes * MIN }],
        booked,
        60,
      );
    expect(alone(10)).toMatchObject({ franchiseNoShow: true, maxChargeableMinutes: 60 });
    // The five minutes before the start do not count towards the ten.
    expect(alone(9)).toMatchObject({ franchiseNoShow: false, maxChargeableMinutes: 0 });
  });

  it('a franchise member ≥ 10 min and no consultant: the franchisor may report it', () => {
    const spans: PresenceSpan[] = [
      { userId: 'f1', side: 'franchise', start: T0 + 50 * MIN, end: T0 + 75 * MIN },
    ];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      consultantNoShow: true,
      maxChargeableMinutes: 0,
      franchiseMinutesInBookedTime: 10,
    });
  });
});

describe('joining takes 2 minutes inside the booked time: pop-ins cannot game billing (rule 16)', () => {
  // A one-hour meeting at T0.
  const booked = { start: T0, end: T0 + 60 * MIN };
  const JOIN_MS = MEETING_ROOM.joinedMinutes * MIN;
  const at = (minutes: number) => T0 + minutes * MIN;
  const c = (from: number, to: number): PresenceSpan => ({
    userId: 'c',
    side: 'consultant',
    start: at(from),
    end: at(to),
  });
  const f = (from: number, to: number, userId = 'f1'): PresenceSpan => ({
    userId,
    side: 'franchise',
    start: at(from),
    end: at(to),
  });

  it('is two minutes, in the contract with the other numbers of the room', () => {
    expect(MEETING_ROOM.joinedMinutes).toBe(2);
  });

  it('a franchise pop-in before the start: the consultant who waited may still charge it all', () => {
    // One second, eight minutes before the start; the consultant waits the first 15 minutes.
    const spans = [f(-8, -8 + 1 / 60), c(-1, 15)];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      roomUsed: true,
      franchiseJoined: false,
      consultantJoined: true,
      franchiseNoShow: true,
      maxChargeableMinutes: 60,
      proposedMinutes: 60,
    });
  });

  it('a franchise pop-in after the start, while the consultant waits, changes nothing either', () => {
    // 90 seconds at minute 12, together with the waiting consultant.
    const spans = [c(0, 20), f(12, 13.5)];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      franchiseJoined: false,
      franchiseNoShow: true,
      consultantNoShow: false,
      measuredMinutes: 1,
      maxChargeableMinutes: 60,
    });
    // The same for a pop-in after the booked end: it is not inside the booked time at all.
    expect(presenceVerdict([c(0, 20), f(65, 70)], booked, 60)).toMatchObject({
      franchiseJoined: false,
      franchiseNoShow: true,
      maxChargeableMinutes: 60,
    });
  });

  it('a consultant pop-in does not stop a franchise member who waited from reporting a no-show', () => {
    const spans = [f(0, 15), c(14, 14.5)];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      consultantJoined: false,
      consultantNoShow: true,
      franchiseNoShow: false,
    });
  });

  it('both present briefly: nobody joined and nobody was a no-show; the time together caps the bill', () => {
    const spans = [c(5, 6.5), f(5, 6.5)];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      consultantJoined: false,
      franchiseJoined: false,
      consultantNoShow: false,
      franchiseNoShow: false,
      measuredMinutes: 1,
      maxChargeableMinutes: 1,
      proposedMinutes: 1,
    });
  });

  it('pop-ins that never met leave the meeting as one held without the room (no cap)', () => {
    const spans = [c(-9, -8.5), f(3, 4)];
    expect(presenceVerdict(spans, booked, 60)).toMatchObject({
      roomUsed: true,
      consultantJoined: false,
      franchiseJoined: false,
      maxChargeableMinutes: null,
      proposedMinutes: 60,
    });
  });

  it('a drop and a rejoin add up: one minute, then another, is joined', () => {
    expect(presenceVerdict([f(0, 1), f(30, 31), c(40, 60)], booked, 60).franchiseJoined).toBe(true);
    // Two members' stretches count for the side once, as their union.
    expect(hasJoined([f(10, 11), f(10.5, 11.5, 'f2')], booked)).toBe(false);
    expect(hasJoined([f(10, 11), f(11, 12, 'f2')], booked)).toBe(true);
  });

  it('stretches join exactly when their union inside the booked time reaches two minutes, however cut', () => {
    const stretch = fc
      .tuple(fc.integer({ min: -20 * MIN, max: 80 * MIN }), fc.integer({ min: 0, max: 3 * MIN }))
      .map(([offset, length]) => ({ start: T0 + offset, end: T0 + offset + length }));
    fc.assert(
      fc.property(fc.array(stretch, { maxLength: 6 }), (spans) => {
        const inside = unionMs(
          spans.map((s) => ({
            start: Math.max(s.start, booked.start),
            end: Math.min(s.end, booked.end),
          })),
        );
        expect(hasJoined(spans, booked)).toBe(inside >= JOIN_MS);
      }),
    );
    // Just under two minutes in three pieces is not joined; just reaching them is.
    const cut = (total: number) => [
      { start: at(1), end: at(1) + total / 3 },
      { start: at(20), end: at(20) + total / 3 },
      { start: at(40), end: at(40) + total / 3 },
    ];
    expect(hasJoined(cut(JOIN_MS - 3), booked)).toBe(false);
    expect(hasJoined(cut(JOIN_MS), booked)).toBe(true);
  });

  it('presence outside the booked time never joins, however long', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 * MIN }),
        fc.integer({ min: 1, max: 30 * MIN }),
        (before, after) => {
          const early = { start: booked.start - before, end: booked.start };
          const late = { start: booked.end, end: booked.end + after };
          expect(hasJoined([early, late], booked)).toBe(false);
        },
      ),
    );
  });

  it('the consultant waiting alone the whole time: a franchise no-show, the booked time chargeable', () => {
    const v = presenceVerdict([c(-10, 90)], booked, 60);
    expect(v).toMatchObject({
      consultantJoined: true,
      franchiseJoined: false,
      franchiseNoShow: true,
      consultantNoShow: false,
      measuredMinutes: 0,
      consultantMinutesInBookedTime: 60,
      maxChargeableMinutes: 60,
      proposedMinutes: 60,
    });
  });

  it('franchise pop-ins under two minutes never take a waiting consultant’s no-show away', () => {
    // Any franchise stretches whose union inside the booked time stays under two minutes.
    const popIn = fc
      .tuple(fc.integer({ min: -20 * MIN, max: 90 * MIN }), fc.integer({ min: 0, max: 39_999 }))
      .map(
        ([offset, length]): PresenceSpan => ({
          userId: 'f1',
          side: 'franchise',
          start: T0 + offset,
          end: T0 + offset + length,
        }),
      );
    fc.assert(
      fc.property(
        fc.array(popIn, { maxLength: 3 }),
        fc.integer({ min: 10, max: 60 }),
        (pops, waited) => {
          const spans = [c(0, waited), ...pops];
          const v = presenceVerdict(spans, booked, 60);
          expect(v.franchiseJoined).toBe(false);
          expect(v.franchiseNoShow).toBe(true);
          expect(v.maxChargeableMinutes).toBe(60);
        },
      ),
    );
  });

  it('a meeting shorter than two minutes is joined by being there all of it', () => {
    const short = { start: T0, end: T0 + MIN };
    expect(hasJoined([{ start: T0 - MIN, end: T0 + MIN }], short)).toBe(true);
    expect(hasJoined([{ start: T0, end: T0 + MIN - 1 }], short)).toBe(false);
  });
});
