import * as v from 'valibot';

/**
 * The meeting room (rule 16): who may be in a meeting's room and when, the frames of its signalling
 * room `meeting-{id}` (WebRTC offers, answers and ICE candidates relayed peer to peer, rule 15), what
 * the room server reports to the API about presence, and the presence summary billing rests on.
 * Every frame is validated with these schemas on arrival, in both directions.
 */

const MINUTE_MS = 60_000;

/** Rule 16 as numbers. */
export const MEETING_ROOM = {
  /** The room opens this long before the booked start. */
  opensBeforeMs: 10 * MINUTE_MS,
  /** … and closes this long after the booked end. */
  closesAfterMs: 30 * MINUTE_MS,
  /** The consultant and up to three franchise members. */
  maxParticipants: 4,
  /** How often a browser in the room says it is still there. */
  heartbeatIntervalMs: 10_000,
  /** A participant not heard from for this long has left (a closed laptop). */
  heartbeatTimeoutMs: 30_000,
  /** How often the room server checks heartbeats and reports who is still there. */
  sweepIntervalMs: 10_000,
  /** No-shows (rule 16): presence inside the booked time that makes a no-show. */
  noShowMinutes: 10,
  /**
   * A side has JOINED the meeting only after this much presence in total inside the booked time
   * (or the whole booked time, when shorter): a pop-in neither dodges a no-show nor caps the bill.
   */
  joinedMinutes: 2,
} as const;

/** Why a meeting room closes a socket. */
export const MEETING_ROOM_CLOSE_CODES = {
  /**
   * The user's sessions ended, or they may no longer be in the meeting (deactivated, removed from
   * the franchise): `REALTIME_CLOSE_CODES.sessionEnded`.
   */
  sessionEnded: 4001,
  /** The franchise side's three seats are taken (the consultant's seat is always kept). */
  full: 4003,
  /** No heartbeat for `heartbeatTimeoutMs`. */
  heartbeatLost: 4004,
  /** The room's closing time (booked end + `closesAfterMs`) came. */
  roomClosed: 4005,
} as const;

/**
 * The signalling room of one meeting.
 *
 * @example
 * meetingRoomId('m1'); // 'meeting-m1'
 */
export function meetingRoomId(meetingId: string): string {
  return `meeting-${meetingId}`;
}

/** When a meeting's room is open: `[opensAt, closesAt)`. */
export interface MeetingRoomWindow {
  opensAt: Date;
  closesAt: Date;
}

/**
 * The room's open window for a meeting booked from `start` to `end` (rule 16).
 *
 * @example
 * meetingRoomWindow(new Date('2026-03-09T15:00:00Z'), new Date('2026-03-09T16:00:00Z'));
 * // { opensAt: 14:50Z, closesAt: 16:30Z }
 */
export function meetingRoomWindow(start: Date, end: Date): MeetingRoomWindow {
  return {
    opensAt: new Date(start.getTime() - MEETING_ROOM.opensBeforeMs),
    closesAt: new Date(end.getTime() + MEETING_ROOM.closesAfterMs),
  };
}

/** Where `now` is against the window. */
export const MEETING_ROOM_STATES = ['notYetOpen', 'open', 'closed'] as const;
export type MeetingRoomState = (typeof MEETING_ROOM_STATES)[number];

/**
 * Whether the room is open at `now`.
 *
 * @example
 * meetingRoomState(window, new Date()); // 'open'
 */
export function meetingRoomState(window: MeetingRoomWindow, now: Date): MeetingRoomState {
  if (now.getTime() < window.opensAt.getTime()) return 'notYetOpen';
  return now.getTime() < window.closesAt.getTime() ? 'open' : 'closed';
}

/** Which side of the meeting a participant is on. */
export const MEETING_SIDES = ['consultant', 'franchise'] as const;
export type MeetingSide = (typeof MEETING_SIDES)[number];

/**
 * What the room server learns about a meeting socket when the API redeems its ticket: the
 * participant's side (the consultant's seat is always kept) and the room's closing time (epoch
 * ms), when the room closes every socket.
 */
export const MeetingAdmissionSchema = v.object({
  side: v.picklist(MEETING_SIDES),
  closesAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type MeetingAdmission = v.InferOutput<typeof MeetingAdmissionSchema>;

/** The product's texts of the room (UI). */
export const MEETING_ROOM_TEXT = {
  join: 'Join meeting',
  opensAt: (when: string) => `The meeting room opens at ${when}.`,
  closedAt: (when: string) => `The meeting room closed at ${when}.`,
  refused: 'This meeting does not exist or you are not one of its participants.',
  full: 'The meeting room is full (four people at most).',
  rate: (dollars: string) => `${dollars} per 15 minutes`,
  durationExceedsMeasured: 'The duration is longer than the measured meeting time.',
} as const;

const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(200));
const connectionId = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));
const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

// ---- ICE servers (ICE_SERVERS) ----

/** One `RTCIceServer` (`urls` is `stun:`, `turn:` or `turns:`). */
export const IceServerSchema = v.strictObject({
  urls: v.union([
    v.pipe(v.string(), v.regex(/^(stun|turns?):/, 'must start with stun:, turn: or turns:')),
    v.pipe(
      v.array(
        v.pipe(v.string(), v.regex(/^(stun|turns?):/, 'must start with stun:, turn: or turns:')),
      ),
      v.minLength(1),
    ),
  ]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});
export type IceServer = v.InferOutput<typeof IceServerSchema>;
export const IceServersSchema = v.array(IceServerSchema);

// ---- client → meeting room ----

/** A session description (offer or answer) as `RTCSessionDescriptionInit`. */
export const SessionDescriptionSchema = v.strictObject({
  type: v.picklist(['offer', 'answer']),
  sdp: v.pipe(v.string(), v.maxLength(60_000)),
});
export type SessionDescription = v.InferOutput<typeof SessionDescriptionSchema>;

/** An ICE candidate as `RTCIceCandidateInit`. */
export const IceCandidateSchema = v.object({
  candidate: v.pipe(v.string(), v.maxLength(2_000)),
  sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  sdpMLineIndex: v.optional(v.nullable(v.number())),
  usernameFragment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
});
export type IceCandidate = v.InferOutput<typeof IceCandidateSchema>;

/** What a participant shares: microphone on, camera on, screen shared. */
export const MediaStateSchema = v.strictObject({
  audio: v.boolean(),
  video: v.boolean(),
  screen: v.boolean(),
});
export type MediaState = v.InferOutput<typeof MediaStateSchema>;

/** "Still here" (every `heartbeatIntervalMs`); answered with nothing. */
export const MeetingHeartbeatFrameSchema = v.strictObject({ type: v.literal('heartbeat') });

/** A signal for one other connection: a description, an ICE candidate, or both. */
export const MeetingSignalOutFrameSchema = v.pipe(
  v.strictObject({
    type: v.literal('signal'),
    to: connectionId,
    description: v.optional(SessionDescriptionSchema),
    candidate: v.optional(IceCandidateSchema),
  }),
  v.check((f) => f.description !== undefined || f.candidate !== undefined, 'Nothing to signal'),
);

/** The sender's media changed; told to everyone else. */
export const MeetingMediaOutFrameSchema = v.strictObject({
  type: v.literal('media'),
  media: MediaStateSchema,
});

/** A round trip through the room (measures signalling latency); answered with `echo`. */
export const MeetingEchoOutFrameSchema = v.strictObject({
  type: v.literal('echo'),
  id: v.pipe(v.string(), v.maxLength(100)),
});

/** Every frame a browser may send to a meeting room. */
export const MeetingClientFrameSchema = v.variant('type', [
  MeetingHeartbeatFrameSchema,
  MeetingSignalOutFrameSchema,
  MeetingMediaOutFrameSchema,
  MeetingEchoOutFrameSchema,
]);
export type MeetingClientFrame = v.InferOutput<typeof MeetingClientFrameSchema>;

// ---- meeting room → client ----

/** One connection in the room. `joinedAt` is the room server's clock (epoch ms). */
export const MeetingPeerSchema = v.object({
  connectionId,
  userId: id,
  joinedAt: v.number(),
  media: MediaStateSchema,
});
export type MeetingPeer = v.InferOutput<typeof MeetingPeerSchema>;

/** To a newcomer: its own connection id and who is there already (it makes the offers). */
export const MeetingWelcomeFrameSchema = v.object({
  type: v.literal('welcome'),
  self: connectionId,
  peers: v.array(MeetingPeerSchema),
  at: v.number(),
});

/** To everyone else: someone joined (they will receive its offer). */
export const MeetingPeerJoinedFrameSchema = v.object({
  type: v.literal('peerJoined'),
  peer: MeetingPeerSchema,
});

/** To everyone: a connection left (closed, or its heartbeat stopped). */
export const MeetingPeerLeftFrameSchema = v.object({
  type: v.literal('peerLeft'),
  connectionId,
  userId: id,
});

/** A signal from another connection. */
export const MeetingSignalInFrameSchema = v.object({
  type: v.literal('signal'),
  from: connectionId,
  description: v.optional(SessionDescriptionSchema),
  candidate: v.optional(IceCandidateSchema),
});

/** Another connection's media changed. */
export const MeetingMediaInFrameSchema = v.object({
  type: v.literal('media'),
  connectionId,
  media: MediaStateSchema,
});

/** The answer to `echo`, with the room server's clock. */
export const MeetingEchoInFrameSchema = v.object({
  type: v.literal('echo'),
  id: v.string(),
  at: v.number(),
});

/** A frame the room could not accept (the socket stays open). */
export const MeetingErrorFrameSchema = v.object({
  type: v.literal('error'),
  code: v.string(),
  message: v.string(),
});

/**
 * The room is about to close this socket with `code` (one of `MEETING_ROOM_CLOSE_CODES`). Sent
 * first because the close itself can reach the browser seconds later (a hibernating room's close
 * handshake), and a refused or dropped participant should know at once (decision 013).
 */
export const MeetingClosingFrameSchema = v.object({
  type: v.literal('closing'),
  code: v.picklist(Object.values(MEETING_ROOM_CLOSE_CODES)),
});
export type MeetingClosingFrame = v.InferOutput<typeof MeetingClosingFrameSchema>;

/** Every frame a meeting room may send. */
export const MeetingServerFrameSchema = v.variant('type', [
  MeetingWelcomeFrameSchema,
  MeetingPeerJoinedFrameSchema,
  MeetingPeerLeftFrameSchema,
  MeetingSignalInFrameSchema,
  MeetingMediaInFrameSchema,
  MeetingEchoInFrameSchema,
  MeetingErrorFrameSchema,
  MeetingClosingFrameSchema,
]);
export type MeetingServerFrame = v.InferOutput<typeof MeetingServerFrameSchema>;

// ---- room server → API: presence (rule 16) ----

/**
 * What the room server saw, in its own clock (epoch ms): a connection joined, was still there
 * (its last heartbeat), left (closed, or `heartbeatTimeoutMs` after its last heartbeat), or was
 * refused because the franchise side's seats were taken (`refused`, kept in the log, never
 * presence).
 */
export const PresenceEventSchema = v.strictObject({
  kind: v.picklist(['join', 'seen', 'leave', 'refused']),
  connectionId,
  userId: id,
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type PresenceEvent = v.InferOutput<typeof PresenceEventSchema>;

/** `POST /api/realtime/presence` (room server → API, the shared secret as a bearer token). */
export const PresenceReportSchema = v.strictObject({
  room: v.pipe(v.string(), v.startsWith('meeting-'), v.maxLength(220)),
  events: v.pipe(v.array(PresenceEventSchema), v.minLength(1), v.maxLength(100)),
});
export type PresenceReport = v.InferOutput<typeof PresenceReportSchema>;

/** The API path of presence reports, below `/api`. */
export const MEETING_ROOM_API_PATHS = { presence: 'realtime/presence' } as const;

// ---- API → browsers ----

/** One stretch of one participant's presence; `leftAt` null while they are still there. */
export const PresenceIntervalSchema = v.object({
  userId: v.string(),
  name: v.string(),
  side: v.picklist(MEETING_SIDES),
  joinedAt: isoDateTime,
  leftAt: v.nullable(isoDateTime),
  /** How it ended: they left, their heartbeat stopped, or it is still going on. */
  endedBy: v.picklist(['leave', 'heartbeat', 'ongoing']),
});
export type PresenceInterval = v.InferOutput<typeof PresenceIntervalSchema>;

/** Someone the room refused (its franchise seats were taken), as the log keeps it. */
export const MeetingRoomRefusalSchema = v.object({
  userId: v.string(),
  name: v.string(),
  side: v.picklist(MEETING_SIDES),
  at: isoDateTime,
  reason: v.picklist(['full']),
});
export type MeetingRoomRefusal = v.InferOutput<typeof MeetingRoomRefusalSchema>;

/** The presence summary of a meeting (rule 16), as both sides and admins see it. */
export const PresenceSummarySchema = v.object({
  /**
   * Anyone entered the room. Without it the meeting keeps the behaviour of rules 8 and 10; with pop-ins
   * only (nobody joined, the sides never met) there is no cap either.
   */
  roomUsed: v.boolean(),
  /** Whole minutes during which the consultant and a franchise member were there together. */
  measuredMinutes: v.number(),
  /** Minutes of the consultant's presence inside the booked time. */
  consultantMinutesInBookedTime: v.number(),
  /** Minutes during which some franchise member was there, inside the booked time. */
  franchiseMinutesInBookedTime: v.number(),
  /** The consultant was there `joinedMinutes` (2) inside the booked time. */
  consultantJoined: v.boolean(),
  /** Some franchise member was (the side's union counts). */
  franchiseJoined: v.boolean(),
  /** The consultant may complete it for the booked duration (no franchise member joined). */
  franchiseNoShow: v.boolean(),
  /** The franchisor may report it (the consultant never came). */
  consultantNoShow: v.boolean(),
  /**
   * The longest duration the consultant may charge; null (no cap) without presence, or when
   * neither side joined and the two sides were never there together.
   */
  maxChargeableMinutes: v.nullable(v.number()),
  /**
   * The measure in milliseconds, not floored (the time used the room page shows), up to the
   * answer's moment.
   */
  measuredMs: v.number(),
  /** What the completion form proposes. */
  proposedMinutes: v.number(),
  /** When the franchisor reported the consultant's no-show. */
  noShowReportedAt: v.nullable(isoDateTime),
  intervals: v.array(PresenceIntervalSchema),
  /** Joins the room refused, oldest first (the consultant is never refused). */
  refusals: v.array(MeetingRoomRefusalSchema),
});
export type PresenceSummary = v.InferOutput<typeof PresenceSummarySchema>;

/** Someone who may enter the room. */
export const MeetingRoomMemberSchema = v.object({
  userId: v.string(),
  name: v.string(),
  side: v.picklist(MEETING_SIDES),
  profilePhoto: v.nullable(v.string()),
});
export type MeetingRoomMember = v.InferOutput<typeof MeetingRoomMemberSchema>;

/** `GET /api/session/{id}/room`: everything the room page needs (404 for anyone else). */
export const MeetingRoomInfoSchema = v.object({
  meetingId: v.string(),
  /** The signalling room, `meeting-{id}`. */
  room: v.string(),
  start: isoDateTime,
  end: isoDateTime,
  durationMinutes: v.number(),
  /** Dollars per 15 minutes (the booked rate). */
  rate: v.number(),
  opensAt: isoDateTime,
  closesAt: isoDateTime,
  state: v.picklist(MEETING_ROOM_STATES),
  /** The meeting is still live (not completed, declined or reported). */
  live: v.boolean(),
  iceServers: IceServersSchema,
  maxParticipants: v.number(),
  self: MeetingRoomMemberSchema,
  /** The consultant and the members of the booking franchise. */
  members: v.array(MeetingRoomMemberSchema),
  presence: PresenceSummarySchema,
  /** The server's clock when answering (ISO), so the page counts from the same time. */
  now: isoDateTime,
});
export type MeetingRoomInfo = v.InferOutput<typeof MeetingRoomInfoSchema>;
