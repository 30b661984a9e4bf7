import {
  ERROR_CODES,
  type ErrorCode,
  MEETING_ROOM,
  MEETING_ROOM_CLOSE_CODES,
  type MediaState,
  type MeetingClientFrame,
  MeetingClientFrameSchema,
  type MeetingClosingFrame,
  type MeetingPeer,
  type MeetingServerFrame,
  type PresenceEvent,
  RealtimeIdentitySchema,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { MAX_FRAME_CHARS } from './client-frames.ts';

/**
 * A meeting room `meeting-{id}` (D16) as pure functions: the signalling of a WebRTC mesh (the
 * newcomer gets the others' connection ids and makes the offers; offers, answers and ICE
 * candidates are relayed to one connection) and presence in the room server's clock (join,
 * heartbeat, leave; a connection silent for `heartbeatTimeoutMs` is closed and its stretch ends
 * 30 s after its last heartbeat). Events in, effects out; the worker performs the effects.
 */

/** What a meeting socket carries (it survives hibernation). */
export const MeetingSocketStateSchema = v.object({
  ...RealtimeIdentitySchema.entries,
  joinedAt: v.number(),
  lastSeen: v.number(),
  media: v.object({ audio: v.boolean(), video: v.boolean(), screen: v.boolean() }),
  /** Its leave was reported already (closed by the sweep). */
  gone: v.optional(v.boolean()),
});
export type MeetingSocketState = v.InferOutput<typeof MeetingSocketStateSchema>;

/** A socket of the room with its state. */
export interface MeetingSocket {
  id: string;
  state: MeetingSocketState;
}

/** What the worker must do. */
export type MeetingEffect =
  | { kind: 'send'; to: string; frame: MeetingServerFrame }
  | { kind: 'broadcast'; frame: MeetingServerFrame; except?: string }
  | { kind: 'setState'; id: string; state: MeetingSocketState }
  | { kind: 'close'; id: string; code: number; reason: string }
  | { kind: 'report'; events: PresenceEvent[] }
  | { kind: 'alarm'; at: number };

const NO_MEDIA: MediaState = { audio: true, video: true, screen: false };

/**
 * Reads a socket's stored state; null when it is not a meeting socket's.
 *
 * @example
 * meetingState(connection.state)?.userId;
 */
export function meetingState(state: unknown): MeetingSocketState | null {
  const parsed = v.safeParse(MeetingSocketStateSchema, state);
  return parsed.success ? parsed.output : null;
}

const peerOf = (s: MeetingSocket): MeetingPeer => ({
  connectionId: s.id,
  userId: s.state.userId,
  joinedAt: s.state.joinedAt,
  media: s.state.media,
});

const live = (sockets: readonly MeetingSocket[]) => sockets.filter((s) => !s.state.gone);

/** Closes a socket, telling it why first (its close event may come seconds after the frame). */
function closeWith(id: string, code: MeetingClosingFrame['code'], reason: string): MeetingEffect[] {
  return [
    { kind: 'send', to: id, frame: { type: 'closing', code } },
    { kind: 'close', id, code, reason },
  ];
}

function errorFrame(code: ErrorCode, detail?: string): MeetingServerFrame {
  const base = ERROR_CODES[code].message;
  return { type: 'error', code, message: detail ? `${base}: ${detail}` : base };
}

/**
 * A socket opened. `others` are the sockets already in the room. A fifth person is refused (the
 * same person in a second tab is not counted twice).
 *
 * @example
 * meetingJoin([], { id: 'a', userId: 'u1', role: 'consultant' }, 1000);
 */
export function meetingJoin(
  others: readonly MeetingSocket[],
  newcomer: { id: string; userId: string; role: MeetingSocketState['role'] },
  now: number,
): MeetingEffect[] {
  const present = live(others);
  const people = new Set(present.map((s) => s.state.userId));
  if (!people.has(newcomer.userId) && people.size >= MEETING_ROOM.maxParticipants) {
    return closeWith(newcomer.id, MEETING_ROOM_CLOSE_CODES.full, 'Full');
  }
  const state: MeetingSocketState = {
    userId: newcomer.userId,
    role: newcomer.role,
    joinedAt: now,
    lastSeen: now,
    media: NO_MEDIA,
  };
  const self: MeetingSocket = { id: newcomer.id, state };
  return [
    { kind: 'setState', id: newcomer.id, state },
    {
      kind: 'send',
      to: newcomer.id,
      frame: { type: 'welcome', self: newcomer.id, peers: present.map(peerOf), at: now },
    },
    { kind: 'broadcast', frame: { type: 'peerJoined', peer: peerOf(self) }, except: newcomer.id },
    {
      kind: 'report',
      events: [{ kind: 'join', connectionId: newcomer.id, userId: newcomer.userId, at: now }],
    },
    { kind: 'alarm', at: now + MEETING_ROOM.sweepIntervalMs },
  ];
}

/** Validates one raw frame against the contract. */
export function parseMeetingFrame(
  raw: string | ArrayBuffer | ArrayBufferView,
): { ok: true; frame: MeetingClientFrame } | { ok: false; error: MeetingServerFrame } {
  if (typeof raw !== 'string') {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  // SDPs are larger than chat frames; four times the chat bound covers a video offer.
  if (raw.length > MAX_FRAME_CHARS * 4)
    return { ok: false, error: errorFrame('PAYLOAD_TOO_LARGE') };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  const parsed = v.safeParse(MeetingClientFrameSchema, json);
  if (!parsed.success) {
    return { ok: false, error: errorFrame('VALIDATION_FAILED', parsed.issues[0].message) };
  }
  return { ok: true, frame: parsed.output };
}

/**
 * A frame from `sender`. Every valid frame counts as a heartbeat. Nothing a client sends can make
 * this throw; invalid frames get an error reply.
 *
 * @example
 * meetingFrame(sockets, 'a', '{"type":"heartbeat"}', 2000);
 */
export function meetingFrame(
  sockets: readonly MeetingSocket[],
  senderId: string,
  raw: string | ArrayBuffer | ArrayBufferView,
  now: number,
): MeetingEffect[] {
  const sender = sockets.find((s) => s.id === senderId);
  if (!sender || sender.state.gone) return [];
  const parsed = parseMeetingFrame(raw);
  if (!parsed.ok) return [{ kind: 'send', to: senderId, frame: parsed.error }];
  const { frame } = parsed;
  const seen: MeetingSocketState = {
    ...sender.state,
    lastSeen: Math.max(sender.state.lastSeen, now),
  };
  switch (frame.type) {
    case 'heartbeat':
      return [{ kind: 'setState', id: senderId, state: seen }];
    case 'echo':
      return [
        { kind: 'setState', id: senderId, state: seen },
        { kind: 'send', to: senderId, frame: { type: 'echo', id: frame.id, at: now } },
      ];
    case 'media':
      return [
        { kind: 'setState', id: senderId, state: { ...seen, media: frame.media } },
        {
          kind: 'broadcast',
          frame: { type: 'media', connectionId: senderId, media: frame.media },
          except: senderId,
        },
      ];
    case 'signal': {
      const target = sockets.find((s) => s.id === frame.to && !s.state.gone);
      if (!target || target.id === senderId) {
        return [
          { kind: 'setState', id: senderId, state: seen },
          { kind: 'send', to: senderId, frame: errorFrame('NOT_FOUND', 'no such peer') },
        ];
      }
      const relayed: MeetingServerFrame = { type: 'signal', from: senderId };
      if (frame.description) relayed.description = frame.description;
      if (frame.candidate) relayed.candidate = frame.candidate;
      return [
        { kind: 'setState', id: senderId, state: seen },
        { kind: 'send', to: target.id, frame: relayed },
      ];
    }
  }
}

/**
 * A socket closed. Its leave is reported at `now`, unless the sweep reported it already.
 *
 * @example
 * meetingLeave({ id: 'a', state }, 5000);
 */
export function meetingLeave(leaver: MeetingSocket, now: number): MeetingEffect[] {
  if (leaver.state.gone) return [];
  return [
    {
      kind: 'broadcast',
      frame: { type: 'peerLeft', connectionId: leaver.id, userId: leaver.state.userId },
      except: leaver.id,
    },
    {
      kind: 'report',
      events: [{ kind: 'leave', connectionId: leaver.id, userId: leaver.state.userId, at: now }],
    },
  ];
}

/**
 * The alarm: sockets silent for `heartbeatTimeoutMs` are closed, their stretch ending 30 s after
 * their last heartbeat; the others are reported as seen; the next sweep is set while anyone is
 * left.
 *
 * @example
 * meetingSweep(sockets, Date.now());
 */
export function meetingSweep(sockets: readonly MeetingSocket[], now: number): MeetingEffect[] {
  const effects: MeetingEffect[] = [];
  const events: PresenceEvent[] = [];
  let remaining = 0;
  for (const s of live(sockets)) {
    const { userId, lastSeen } = s.state;
    if (now - lastSeen >= MEETING_ROOM.heartbeatTimeoutMs) {
      const at = lastSeen + MEETING_ROOM.heartbeatTimeoutMs;
      events.push({ kind: 'leave', connectionId: s.id, userId, at });
      effects.push(
        { kind: 'setState', id: s.id, state: { ...s.state, gone: true } },
        {
          kind: 'broadcast',
          frame: { type: 'peerLeft', connectionId: s.id, userId },
          except: s.id,
        },
        ...closeWith(s.id, MEETING_ROOM_CLOSE_CODES.heartbeatLost, 'Heartbeat lost'),
      );
    } else {
      remaining++;
      events.push({ kind: 'seen', connectionId: s.id, userId, at: lastSeen });
    }
  }
  if (events.length > 0) effects.push({ kind: 'report', events });
  if (remaining > 0) effects.push({ kind: 'alarm', at: now + MEETING_ROOM.sweepIntervalMs });
  return effects;
}
