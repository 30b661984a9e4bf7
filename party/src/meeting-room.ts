import {
  MEETING_ROOM,
  MEETING_ROOM_CLOSE_CODES,
  MEETING_SIDES,
  type MediaState,
  type MeetingClientFrame,
  MeetingClientFrameSchema,
  type MeetingClosingFrame,
  type MeetingPeer,
  type MeetingServerFrame,
  type MeetingSide,
  type PresenceEvent,
  type RealtimeIdentity,
  RealtimeIdentitySchema,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { MAX_FRAME_CHARS } from './client-frames.ts';
import { errorFrame, validateFrame } from './frame-validation.ts';

/**
 * A meeting room `meeting-{id}` (rule 16) as pure functions: the signalling of a WebRTC mesh (the
 * newcomer gets the others' connection ids and makes the offers; offers, answers and ICE
 * candidates are relayed to one connection) and presence in the room server's clock (join,
 * heartbeat, leave; a connection silent for `heartbeatTimeoutMs` is closed and its stretch ends
 * 30 s after its last heartbeat). The consultant's seat is always kept (only the franchise side's
 * three seats can be full, and a refusal is reported to the log), and at the room's closing time,
 * learnt with each socket's admission, every socket is closed. Events in, effects out; the worker
 * performs the effects.
 */

/** What a meeting socket carries (it survives hibernation). */
export const MeetingSocketStateSchema = v.object({
  ...RealtimeIdentitySchema.entries,
  joinedAt: v.number(),
  lastSeen: v.number(),
  media: v.object({ audio: v.boolean(), video: v.boolean(), screen: v.boolean() }),
  /** The side the API admitted it on (absent on sockets admitted before it was told). */
  side: v.optional(v.picklist(MEETING_SIDES)),
  /** The room's closing time (epoch ms), from the admission: the socket is closed then. */
  closesAt: v.optional(v.number()),
  /** Its leave was reported already (closed by the sweep or the API). */
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

/** A socket's side; one admitted without it is on the side its role says. */
const sideOf = (state: Pick<MeetingSocketState, 'side' | 'role'>): MeetingSide =>
  state.side ?? (state.role === 'consultant' ? 'consultant' : 'franchise');

/** The franchise side's seats: everyone but the consultant, whose seat is always kept. */
const FRANCHISE_SEATS = MEETING_ROOM.maxParticipants - 1;

/** The next sweep: a sweep interval from now, or the closing time if that comes first. */
const nextSweep = (now: number, closesAt: number | undefined) =>
  Math.min(now + MEETING_ROOM.sweepIntervalMs, closesAt ?? Number.POSITIVE_INFINITY);

/** Closes a socket, telling it why first (its close event may come seconds after the frame). */
function closeWith(id: string, code: MeetingClosingFrame['code'], reason: string): MeetingEffect[] {
  return [
    { kind: 'send', to: id, frame: { type: 'closing', code } },
    { kind: 'close', id, code, reason },
  ];
}

/** Who opened a socket: the verified identity, with the side and closing time when known. */
export interface MeetingNewcomer extends RealtimeIdentity {
  id: string;
  side?: MeetingSide | undefined;
  closesAt?: number | undefined;
}

/**
 * A socket opened. `others` are the sockets already in the room. The consultant is always let in;
 * a fourth franchise member is refused (the consultant's seat is kept), told so first, and the
 * refusal reported for the log; the same person in a second tab is not counted twice. After the
 * closing time nobody gets in.
 *
 * @example
 * meetingJoin([], { id: 'a', userId: 'u1', role: 'consultant', side: 'consultant' }, 1000);
 */
export function meetingJoin(
  others: readonly MeetingSocket[],
  newcomer: MeetingNewcomer,
  now: number,
): MeetingEffect[] {
  if (newcomer.closesAt !== undefined && now >= newcomer.closesAt) {
    return closeWith(newcomer.id, MEETING_ROOM_CLOSE_CODES.roomClosed, 'Room closed');
  }
  const present = live(others);
  const side = sideOf(newcomer);
  const franchise = new Set(
    present.filter((s) => sideOf(s.state) === 'franchise').map((s) => s.state.userId),
  );
  if (
    side === 'franchise' &&
    !franchise.has(newcomer.userId) &&
    franchise.size >= FRANCHISE_SEATS
  ) {
    return [
      ...closeWith(newcomer.id, MEETING_ROOM_CLOSE_CODES.full, 'Full'),
      {
        kind: 'report',
        events: [{ kind: 'refused', connectionId: newcomer.id, userId: newcomer.userId, at: now }],
      },
    ];
  }
  const state: MeetingSocketState = {
    userId: newcomer.userId,
    role: newcomer.role,
    joinedAt: now,
    lastSeen: now,
    media: NO_MEDIA,
    side,
  };
  if (newcomer.closesAt !== undefined) state.closesAt = newcomer.closesAt;
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
    { kind: 'alarm', at: nextSweep(now, newcomer.closesAt) },
  ];
}

/** Validates one raw frame against the contract. */
export function parseMeetingFrame(
  raw: string | ArrayBuffer | ArrayBufferView,
): { ok: true; frame: MeetingClientFrame } | { ok: false; error: MeetingServerFrame } {
  // SDPs are larger than chat frames; four times the chat bound covers a video offer.
  const parsed = validateFrame(MeetingClientFrameSchema, raw, MAX_FRAME_CHARS * 4);
  return parsed.ok ? { ok: true, frame: parsed.message } : parsed;
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
 * Ends a socket the room closes itself: marked gone (its leave reported here, at `leftAt`), the
 * others told, the socket told why and closed.
 */
function endSocket(
  s: MeetingSocket,
  code: MeetingClosingFrame['code'],
  reason: string,
  leftAt: number,
): { effects: MeetingEffect[]; event: PresenceEvent } {
  const { userId } = s.state;
  return {
    effects: [
      { kind: 'setState', id: s.id, state: { ...s.state, gone: true } },
      { kind: 'broadcast', frame: { type: 'peerLeft', connectionId: s.id, userId }, except: s.id },
      ...closeWith(s.id, code, reason),
    ],
    event: { kind: 'leave', connectionId: s.id, userId, at: leftAt },
  };
}

/**
 * The alarm: at the room's closing time every socket is closed; sockets silent for
 * `heartbeatTimeoutMs` are closed, their stretch ending 30 s after their last heartbeat; the
 * others are reported as seen; the next sweep is set while anyone is left (at the closing time if
 * that comes before the next interval).
 *
 * @example
 * meetingSweep(sockets, Date.now());
 */
export function meetingSweep(sockets: readonly MeetingSocket[], now: number): MeetingEffect[] {
  const effects: MeetingEffect[] = [];
  const events: PresenceEvent[] = [];
  let next = Number.POSITIVE_INFINITY;
  for (const s of live(sockets)) {
    const { userId, lastSeen, closesAt } = s.state;
    const silentUntil = lastSeen + MEETING_ROOM.heartbeatTimeoutMs;
    let ended: ReturnType<typeof endSocket> | null = null;
    if (closesAt !== undefined && now >= closesAt) {
      ended = endSocket(
        s,
        MEETING_ROOM_CLOSE_CODES.roomClosed,
        'Room closed',
        Math.min(now, silentUntil),
      );
    } else if (now - lastSeen >= MEETING_ROOM.heartbeatTimeoutMs) {
      ended = endSocket(s, MEETING_ROOM_CLOSE_CODES.heartbeatLost, 'Heartbeat lost', silentUntil);
    }
    if (ended) {
      effects.push(...ended.effects);
      events.push(ended.event);
    } else {
      next = Math.min(next, nextSweep(now, closesAt));
      events.push({ kind: 'seen', connectionId: s.id, userId, at: lastSeen });
    }
  }
  if (events.length > 0) effects.push({ kind: 'report', events });
  if (next !== Number.POSITIVE_INFINITY) effects.push({ kind: 'alarm', at: next });
  return effects;
}

/**
 * The API ended a user's sessions or their place in the meeting (deactivated, removed from the
 * franchise): the sockets `ids` are closed with `sessionEnded`, their leave reported now.
 *
 * @example
 * meetingEndSessions(sockets, ['a'], Date.now());
 */
export function meetingEndSessions(
  sockets: readonly MeetingSocket[],
  ids: readonly string[],
  now: number,
): MeetingEffect[] {
  const effects: MeetingEffect[] = [];
  const events: PresenceEvent[] = [];
  for (const s of live(sockets)) {
    if (!ids.includes(s.id)) continue;
    const ended = endSocket(s, MEETING_ROOM_CLOSE_CODES.sessionEnded, 'Session ended', now);
    effects.push(...ended.effects);
    events.push(ended.event);
  }
  if (events.length > 0) effects.push({ kind: 'report', events });
  return effects;
}
