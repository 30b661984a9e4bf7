import { isHeldByOther, SLOT_HOLDS, type SlotHoldsServerFrame } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type SlotHoldsEffect,
  type SlotHoldsSocket,
  slotHoldsFrame,
  slotHoldsJoin,
  slotHoldsLeave,
  slotHoldsState,
  slotHoldsSweep,
} from './slot-holds.ts';

const IDLE = SLOT_HOLDS.idleMs;
const NINE = { start: '2026-03-09T09:00:00.000Z', end: '2026-03-09T09:30:00.000Z' };
const TEN = { start: '2026-03-09T10:00:00.000Z', end: '2026-03-09T10:30:00.000Z' };

const socket = (id: string, address = '198.51.100.1'): SlotHoldsSocket => ({
  id,
  state: { slotHolds: true, address, holds: [] },
});
const hold = (holderId: string, slot: { start: string; end: string }) =>
  JSON.stringify({ type: 'hold', holderId, ...slot });

/** Applies a frame's setState effects, as the worker would, and answers the new sockets. */
function apply(sockets: SlotHoldsSocket[], effects: SlotHoldsEffect[]): SlotHoldsSocket[] {
  return sockets.map((s) => {
    const set = effects.filter((e) => e.kind === 'setState' && e.id === s.id).at(-1);
    return set?.kind === 'setState' ? { id: s.id, state: set.state } : s;
  });
}

const broadcastOf = (effects: SlotHoldsEffect[]): SlotHoldsServerFrame | undefined =>
  effects.find((e) => e.kind === 'broadcast')?.frame;
const sentTo = (effects: SlotHoldsEffect[], id: string) =>
  effects.flatMap((e) => (e.kind === 'send' && e.to === id ? [e.frame] : []));

describe('slot holds', () => {
  it('tells a newcomer the room hold set', () => {
    let sockets = [socket('a')];
    sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1_000, IDLE));
    const effects = slotHoldsJoin(sockets, 'b', '203.0.113.9');
    expect(effects).toEqual([
      { kind: 'setState', id: 'b', state: { slotHolds: true, address: '203.0.113.9', holds: [] } },
      {
        kind: 'send',
        to: 'b',
        frame: { type: 'holds', holds: [{ holderId: 'modal-aaaa', ...NINE }] },
      },
    ]);
  });

  it('broadcasts a hold, replaces it when the selection changes, and ends it on release', () => {
    let sockets = [socket('a'), socket('b')];
    let effects = slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1_000, IDLE);
    expect(broadcastOf(effects)).toEqual({
      type: 'holds',
      holds: [{ holderId: 'modal-aaaa', ...NINE }],
    });
    expect(effects).toContainEqual({ kind: 'alarm', at: 1_000 + IDLE });
    sockets = apply(sockets, effects);

    effects = slotHoldsFrame(sockets, 'a', hold('modal-aaaa', TEN), 2_000, IDLE);
    expect(broadcastOf(effects)).toEqual({
      type: 'holds',
      holds: [{ holderId: 'modal-aaaa', ...TEN }],
    });
    sockets = apply(sockets, effects);

    effects = slotHoldsFrame(
      sockets,
      'a',
      '{"type":"release","holderId":"modal-aaaa"}',
      3_000,
      IDLE,
    );
    expect(broadcastOf(effects)).toEqual({ type: 'holds', holds: [] });
    expect(slotHoldsState(apply(sockets, effects)[0]?.state)?.holds).toEqual([]);
  });

  it('refreshes a hold without telling anyone, restarting its idle time', () => {
    let sockets = [socket('a')];
    sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1_000, IDLE));
    const effects = slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 60_000, IDLE);
    expect(broadcastOf(effects)).toBeUndefined();
    sockets = apply(sockets, effects);
    // Not ended at the first hold's idle time, ended at the refresh's.
    expect(slotHoldsSweep(sockets, 1_000 + IDLE, IDLE)).toEqual([
      { kind: 'alarm', at: 60_000 + IDLE },
    ]);
    expect(broadcastOf(slotHoldsSweep(sockets, 60_000 + IDLE, IDLE))).toEqual({
      type: 'holds',
      holds: [],
    });
  });

  it('ends only the idle holds and keeps the alarm for the rest', () => {
    let sockets = [socket('a'), socket('b')];
    sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1_000, IDLE));
    sockets = apply(sockets, slotHoldsFrame(sockets, 'b', hold('modal-bbbb', TEN), 5_000, IDLE));
    const effects = slotHoldsSweep(sockets, 1_000 + IDLE, IDLE);
    expect(broadcastOf(effects)).toEqual({
      type: 'holds',
      holds: [{ holderId: 'modal-bbbb', ...TEN }],
    });
    expect(effects).toContainEqual({ kind: 'alarm', at: 5_000 + IDLE });
  });

  it('ends a socket hold when it closes, and says nothing for a socket that held none', () => {
    let sockets = [socket('a'), socket('b')];
    sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1_000, IDLE));
    expect(slotHoldsLeave(sockets, 'a')).toEqual([
      { kind: 'broadcast', frame: { type: 'holds', holds: [] }, except: 'a' },
    ]);
    expect(slotHoldsLeave(sockets, 'b')).toEqual([]);
  });

  it('refuses a booker holding too many slots at once, per socket and per address', () => {
    let sockets = [socket('a'), socket('b'), socket('c')];
    for (let i = 0; i < SLOT_HOLDS.maxPerConnection; i++) {
      const slot = { start: `2026-03-09T1${i}:00:00.000Z`, end: `2026-03-09T1${i}:30:00.000Z` };
      sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold(`modal-a${i}00`, slot), 1, IDLE));
    }
    const refused = slotHoldsFrame(sockets, 'a', hold('modal-a999', NINE), 2, IDLE);
    expect(refused).toEqual([
      {
        kind: 'send',
        to: 'a',
        frame: {
          type: 'error',
          code: 'SLOT_HOLDS_EXCEEDED',
          message: 'You are holding too many time slots at once: at most 3 at once',
        },
      },
    ]);
    // The same address over other sockets: up to its own limit, then refused.
    for (let i = 0; i < SLOT_HOLDS.maxPerAddress - SLOT_HOLDS.maxPerConnection; i++) {
      const from = i < 2 ? 'b' : 'c';
      sockets = apply(sockets, slotHoldsFrame(sockets, from, hold(`modal-b${i}00`, NINE), 3, IDLE));
    }
    expect(sentTo(slotHoldsFrame(sockets, 'c', hold('modal-c999', TEN), 4, IDLE), 'c')).toEqual([
      expect.objectContaining({ code: 'SLOT_HOLDS_EXCEEDED' }),
    ]);
    // Another address is not held back by this one.
    const stranger = [...sockets, socket('d', '203.0.113.7')];
    expect(
      broadcastOf(slotHoldsFrame(stranger, 'd', hold('modal-dddd', TEN), 5, IDLE)),
    ).toBeDefined();
  });

  it('refuses a socket changing its hold more than maxChangesPerSecond times a second', () => {
    let sockets = [socket('a'), socket('b')];
    const slots = [NINE, TEN];
    for (let i = 0; i < SLOT_HOLDS.maxChangesPerSecond; i++) {
      const effects = slotHoldsFrame(
        sockets,
        'a',
        hold('modal-aaaa', slots[i % 2]!),
        1_000 + i,
        IDLE,
      );
      expect(broadcastOf(effects)).toBeDefined();
      sockets = apply(sockets, effects);
    }
    // One more within the same second: refused, nobody told, the hold stays where it was.
    const last = slots[(SLOT_HOLDS.maxChangesPerSecond - 1) % 2]!;
    const next = slots[SLOT_HOLDS.maxChangesPerSecond % 2]!;
    const refused = slotHoldsFrame(sockets, 'a', hold('modal-aaaa', next), 1_500, IDLE);
    expect(refused).toEqual([
      {
        kind: 'send',
        to: 'a',
        frame: expect.objectContaining({ type: 'error', code: 'RATE_LIMITED' }),
      },
    ]);
    expect(
      slotHoldsFrame(sockets, 'a', '{"type":"release","holderId":"modal-aaaa"}', 1_500, IDLE),
    ).toEqual(refused);
    expect(slotHoldsState(sockets[0]?.state)?.holds).toEqual([
      expect.objectContaining({ holderId: 'modal-aaaa', ...last }),
    ]);
    // A refresh of the same slot is no change: still accepted.
    expect(
      sentTo(slotHoldsFrame(sockets, 'a', hold('modal-aaaa', last), 1_500, IDLE), 'a'),
    ).toEqual([]);
    // Another socket is not held back, and a second later the socket may change again.
    expect(
      broadcastOf(slotHoldsFrame(sockets, 'b', hold('modal-bbbb', NINE), 1_500, IDLE)),
    ).toBeDefined();
    expect(
      broadcastOf(slotHoldsFrame(sockets, 'a', hold('modal-aaaa', next), 2_000, IDLE)),
    ).toEqual({
      type: 'holds',
      holds: [{ holderId: 'modal-aaaa', ...next }],
    });
  });

  it('refuses another socket holding with a holder id already in use', () => {
    let sockets = [socket('a'), socket('b')];
    sockets = apply(sockets, slotHoldsFrame(sockets, 'a', hold('modal-aaaa', NINE), 1, IDLE));
    expect(sentTo(slotHoldsFrame(sockets, 'b', hold('modal-aaaa', TEN), 2, IDLE), 'b')).toEqual([
      expect.objectContaining({ code: 'FORBIDDEN' }),
    ]);
    // Nor can it release another socket's hold.
    expect(
      slotHoldsFrame(sockets, 'b', '{"type":"release","holderId":"modal-aaaa"}', 3, IDLE),
    ).toEqual([]);
  });

  it.each([
    ['not JSON', 'nope', 'MALFORMED_BODY'],
    ['an unknown type', '{"type":"grab","holderId":"modal-aaaa"}', 'VALIDATION_FAILED'],
    ['a short holder id', hold('x', NINE), 'VALIDATION_FAILED'],
    [
      'a time that is no instant',
      hold('modal-aaaa', { start: 'soon', end: NINE.end }),
      'VALIDATION_FAILED',
    ],
    [
      'a slot ending before it starts',
      hold('modal-aaaa', { start: NINE.end, end: NINE.start }),
      'VALIDATION_FAILED',
    ],
    [
      'an extra field',
      JSON.stringify({ type: 'release', holderId: 'modal-aaaa', all: true }),
      'VALIDATION_FAILED',
    ],
    [
      'a huge frame',
      hold('modal-aaaa', { ...NINE, start: `${NINE.start}${' '.repeat(2_000)}` }),
      'PAYLOAD_TOO_LARGE',
    ],
  ])('refuses %s with an error frame and holds nothing', (_, raw, code) => {
    const effects = slotHoldsFrame([socket('a')], 'a', raw, 1, IDLE);
    expect(effects).toEqual([
      { kind: 'send', to: 'a', frame: expect.objectContaining({ type: 'error', code }) },
    ]);
  });
});

describe('isHeldByOther', () => {
  const holds = [{ holderId: 'modal-aaaa', ...NINE }];
  it('marks overlapping slots of other modals, not the modal own hold', () => {
    expect(isHeldByOther(NINE, holds, 'modal-bbbb')).toBe(true);
    expect(
      isHeldByOther(
        { start: '2026-03-09T09:15:00.000Z', end: '2026-03-09T09:45:00.000Z' },
        holds,
        'modal-bbbb',
      ),
    ).toBe(true);
    expect(isHeldByOther(NINE, holds, 'modal-aaaa')).toBe(false);
    expect(isHeldByOther({ start: NINE.end, end: TEN.start }, holds, 'modal-bbbb')).toBe(false);
  });
});
