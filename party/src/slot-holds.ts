import {
  SLOT_HOLDS,
  type SlotHold,
  type SlotHoldsClientFrame,
  SlotHoldsClientFrameSchema,
  type SlotHoldsServerFrame,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { errorFrame, validateFrame } from './frame-validation.ts';
import type { SocketEffect } from './socket-effects.ts';

/**
 * A consultant's slot-holds room `slots-{id}` (rule 20) as pure functions: who holds which slot,
 * kept on the sockets themselves (a socket's state survives hibernation, and a closed socket's
 * holds go with it), the whole set told to everyone on every change, holds not refreshed for
 * `idleMs` ended by the alarm, and a booker holding too many at once refused. Advisory only: the
 * API never asks this room anything. Events in, effects out; the worker performs the effects.
 */

/** One hold as its socket keeps it: the slot, the modal, and when it was last held or refreshed. */
const KeptHoldSchema = v.object({
  holderId: v.string(),
  start: v.string(),
  end: v.string(),
  refreshedAt: v.number(),
});
type KeptHold = v.InferOutput<typeof KeptHoldSchema>;

/**
 * What a slot-holds socket carries: the address it came from, its holds and when it changed them
 * within the last second (at most `maxChangesPerSecond` times).
 */
export const SlotHoldsSocketStateSchema = v.object({
  slotHolds: v.literal(true),
  address: v.string(),
  holds: v.array(KeptHoldSchema),
  changedAt: v.optional(v.array(v.number())),
});
export type SlotHoldsSocketState = v.InferOutput<typeof SlotHoldsSocketStateSchema>;

/** A socket of the room with its state. */
export interface SlotHoldsSocket {
  id: string;
  state: SlotHoldsSocketState;
}

/** What the worker must do. */
export type SlotHoldsEffect = SocketEffect<SlotHoldsServerFrame, SlotHoldsSocketState>;

/**
 * Reads a socket's stored state; null when it is not a slot-holds socket's.
 *
 * @example
 * slotHoldsState(connection.state)?.holds;
 */
export function slotHoldsState(state: unknown): SlotHoldsSocketState | null {
  const parsed = v.safeParse(SlotHoldsSocketStateSchema, state);
  return parsed.success ? parsed.output : null;
}

/** The room's hold set as clients see it, oldest first. */
export function holdSet(sockets: readonly SlotHoldsSocket[]): SlotHold[] {
  return sockets
    .flatMap((s) => s.state.holds)
    .sort((a, b) => a.refreshedAt - b.refreshedAt)
    .map(({ holderId, start, end }) => ({ holderId, start, end }));
}

const holdsFrame = (sockets: readonly SlotHoldsSocket[]): SlotHoldsServerFrame => ({
  type: 'holds',
  holds: holdSet(sockets),
});

/** The alarm for the earliest hold to end, if any is left. */
function expiryAlarm(sockets: readonly SlotHoldsSocket[], idleMs: number): SlotHoldsEffect[] {
  const times = sockets.flatMap((s) => s.state.holds.map((h) => h.refreshedAt + idleMs));
  return times.length === 0 ? [] : [{ kind: 'alarm', at: Math.min(...times) }];
}

/**
 * A socket opened from `address`: it starts with no holds and is sent the room's hold set.
 *
 * @example
 * slotHoldsJoin([], 'a', '203.0.113.5');
 */
export function slotHoldsJoin(
  others: readonly SlotHoldsSocket[],
  id: string,
  address: string,
): SlotHoldsEffect[] {
  const state: SlotHoldsSocketState = { slotHolds: true, address, holds: [] };
  return [
    { kind: 'setState', id, state },
    { kind: 'send', to: id, frame: holdsFrame(others) },
  ];
}

/** Validates one raw frame against the contract. */
export function parseSlotHoldsFrame(
  raw: string | ArrayBuffer | ArrayBufferView,
): { ok: true; frame: SlotHoldsClientFrame } | { ok: false; error: SlotHoldsServerFrame } {
  const parsed = validateFrame(SlotHoldsClientFrameSchema, raw, SLOT_HOLDS.maxFrameChars);
  if (!parsed.ok) return parsed;
  const { message } = parsed;
  if (message.type === 'hold' && !(Date.parse(message.start) < Date.parse(message.end))) {
    return { ok: false, error: errorFrame('VALIDATION_FAILED', 'a slot ends after it starts') };
  }
  return { ok: true, frame: message };
}

/** The sockets with one socket's state replaced. */
const withState = (
  sockets: readonly SlotHoldsSocket[],
  id: string,
  state: SlotHoldsSocketState,
): SlotHoldsSocket[] => sockets.map((s) => (s.id === id ? { id, state } : s));

/** A socket's new holds: its state saved, everyone told, the expiry alarm set. */
function changed(
  sockets: readonly SlotHoldsSocket[],
  sender: SlotHoldsSocket,
  holds: KeptHold[],
  idleMs: number,
): SlotHoldsEffect[] {
  const state = { ...sender.state, holds };
  const after = withState(sockets, sender.id, state);
  return [
    { kind: 'setState', id: sender.id, state },
    { kind: 'broadcast', frame: holdsFrame(after) },
    ...expiryAlarm(after, idleMs),
  ];
}

/** The sender's holds changed at `now`, unless it changed them too often in the last second. */
function changedBy(
  sockets: readonly SlotHoldsSocket[],
  sender: SlotHoldsSocket,
  holds: KeptHold[],
  now: number,
  idleMs: number,
): SlotHoldsEffect[] {
  const recent = (sender.state.changedAt ?? []).filter((at) => at <= now && now - at < 1_000);
  if (recent.length >= SLOT_HOLDS.maxChangesPerSecond) {
    const limit = `at most ${SLOT_HOLDS.maxChangesPerSecond} hold changes a second`;
    return [{ kind: 'send', to: sender.id, frame: errorFrame('RATE_LIMITED', limit) }];
  }
  const state = { ...sender.state, changedAt: [...recent, now] };
  return changed(sockets, { id: sender.id, state }, holds, idleMs);
}

/**
 * A frame from `senderId`: `hold` (a new slot for the modal, replacing its previous one, or a
 * refresh of the same slot, which only restarts its idle time) or `release`. A socket keeps at
 * most `maxPerConnection` holds and an address `maxPerAddress`, and changes them at most
 * `maxChangesPerSecond` times a second (everyone is told of each change); beyond that, and for a
 * holder id another socket holds with, the frame is refused with an error frame. Nothing a client
 * sends can make this throw.
 *
 * @example
 * slotHoldsFrame(sockets, 'a', '{"type":"release","holderId":"modal-1234"}', Date.now(), SLOT_HOLDS.idleMs);
 */
export function slotHoldsFrame(
  sockets: readonly SlotHoldsSocket[],
  senderId: string,
  raw: string | ArrayBuffer | ArrayBufferView,
  now: number,
  idleMs: number,
): SlotHoldsEffect[] {
  const sender = sockets.find((s) => s.id === senderId);
  if (!sender) return [];
  const parsed = parseSlotHoldsFrame(raw);
  if (!parsed.ok) return [{ kind: 'send', to: senderId, frame: parsed.error }];
  const { frame } = parsed;
  const own = sender.state.holds;
  const previous = own.find((h) => h.holderId === frame.holderId);
  if (frame.type === 'release') {
    if (!previous) return [];
    return changedBy(
      sockets,
      sender,
      own.filter((h) => h !== previous),
      now,
      idleMs,
    );
  }
  const hold: KeptHold = {
    holderId: frame.holderId,
    start: frame.start,
    end: frame.end,
    refreshedAt: now,
  };
  if (previous && previous.start === hold.start && previous.end === hold.end) {
    // A refresh: nobody else needs telling, only the idle time starts again.
    const state = { ...sender.state, holds: own.map((h) => (h === previous ? hold : h)) };
    return [
      { kind: 'setState', id: senderId, state },
      ...expiryAlarm(withState(sockets, senderId, state), idleMs),
    ];
  }
  if (!previous) {
    const others = sockets.filter((s) => s.id !== senderId);
    if (others.some((s) => s.state.holds.some((h) => h.holderId === frame.holderId))) {
      return [
        {
          kind: 'send',
          to: senderId,
          frame: errorFrame('FORBIDDEN', 'this holder id is held by another socket'),
        },
      ];
    }
    const fromAddress = sockets
      .filter((s) => s.state.address === sender.state.address)
      .reduce((sum, s) => sum + s.state.holds.length, 0);
    if (own.length >= SLOT_HOLDS.maxPerConnection || fromAddress >= SLOT_HOLDS.maxPerAddress) {
      const limit =
        own.length >= SLOT_HOLDS.maxPerConnection
          ? SLOT_HOLDS.maxPerConnection
          : SLOT_HOLDS.maxPerAddress;
      return [
        {
          kind: 'send',
          to: senderId,
          frame: errorFrame('SLOT_HOLDS_EXCEEDED', `at most ${limit} at once`),
        },
      ];
    }
  }
  return changedBy(sockets, sender, [...own.filter((h) => h !== previous), hold], now, idleMs);
}

/**
 * A socket closed: its holds end with it, and the others are told when it had any.
 *
 * @example
 * slotHoldsLeave(sockets, 'a');
 */
export function slotHoldsLeave(sockets: readonly SlotHoldsSocket[], id: string): SlotHoldsEffect[] {
  const leaver = sockets.find((s) => s.id === id);
  if (!leaver || leaver.state.holds.length === 0) return [];
  return [{ kind: 'broadcast', frame: holdsFrame(sockets.filter((s) => s.id !== id)), except: id }];
}

/**
 * The alarm: holds not refreshed for `idleMs` end, everyone is told when any did, and the next
 * alarm is set for the earliest hold left.
 *
 * @example
 * slotHoldsSweep(sockets, Date.now(), SLOT_HOLDS.idleMs);
 */
export function slotHoldsSweep(
  sockets: readonly SlotHoldsSocket[],
  now: number,
  idleMs: number,
): SlotHoldsEffect[] {
  const effects: SlotHoldsEffect[] = [];
  const after = sockets.map((s) => {
    const holds = s.state.holds.filter((h) => now < h.refreshedAt + idleMs);
    if (holds.length === s.state.holds.length) return s;
    const state = { ...s.state, holds };
    effects.push({ kind: 'setState', id: s.id, state });
    return { id: s.id, state };
  });
  if (effects.length > 0) effects.push({ kind: 'broadcast', frame: holdsFrame(after) });
  return [...effects, ...expiryAlarm(after, idleMs)];
}
