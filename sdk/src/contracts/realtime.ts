import * as v from 'valibot';
import { ROLES } from './enums.ts';
import { MeetingAdmissionSchema } from './meeting-room.ts';
import { type ChatMessage, ChatMessageSchema } from './messaging.ts';
import { NotificationSchema } from './notifications.ts';

/**
 * The realtime contract (rule 12): rooms, how sockets authenticate, and every frame that crosses a
 * socket, in both directions. Frames are JSON objects told apart by `type`; every frame is
 * validated with these schemas on arrival (`v.safeParse`), never cast.
 */

/** The events the spec names; each makes the client refresh its unread count (user-area §7). */
export const REALTIME_EVENTS = ['receiveMessage', 'readMessage', 'joinChat'] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/**
 * The party that holds the rooms (rule 15): the PartyServer Durable Object bound as `Rooms` in
 * `party/wrangler.jsonc`, which partyserver routes under its kebab-case name. Sockets connect to
 * `{partyUrl}/parties/rooms/{room}`; the API pushes to the same path over HTTP.
 */
export const REALTIME_PARTY = 'rooms';

/**
 * Room names: `user-{userId}` (a user's own events) and `chat-{chatId}` (the participants of one
 * chat). `meeting-{id}` joins them with the video meetings.
 */
export const REALTIME_ROOM_PREFIXES = {
  user: 'user-',
  chat: 'chat-',
  meeting: 'meeting-',
} as const;
export type RealtimeRoomKind = keyof typeof REALTIME_ROOM_PREFIXES;

/**
 * The room of one user's own events.
 *
 * @example
 * userRoomId('u1'); // 'user-u1'
 */
export function userRoomId(userId: string): string {
  return `${REALTIME_ROOM_PREFIXES.user}${userId}`;
}

/**
 * The room of one chat.
 *
 * @example
 * chatRoomId('c1'); // 'chat-c1'
 */
export function chatRoomId(chatId: string): string {
  return `${REALTIME_ROOM_PREFIXES.chat}${chatId}`;
}

/** A room id read as what it is for. */
export type RoomRef = { kind: RealtimeRoomKind; id: string };

/**
 * Reads a room id (`user-{id}`, `chat-{id}`); null for anything else. Ids are what the API
 * generates (letters, digits, `-` and `_`, at most 200 characters).
 *
 * @example
 * parseRoomId('chat-c1'); // { kind: 'chat', id: 'c1' }
 * parseRoomId('lobby'); // null
 */
export function parseRoomId(room: string): RoomRef | null {
  for (const kind of Object.keys(REALTIME_ROOM_PREFIXES) as RealtimeRoomKind[]) {
    const prefix = REALTIME_ROOM_PREFIXES[kind];
    if (!room.startsWith(prefix)) continue;
    const id = room.slice(prefix.length);
    return /^[A-Za-z0-9_-]{1,200}$/.test(id) ? { kind, id } : null;
  }
  return null;
}

/**
 * How a socket is admitted (rule 15): the client asks the API for a ticket for one room
 * (`POST /api/realtime/ticket`) and opens the socket with it in the `ticket` query parameter. The
 * room server redeems it with the API (`POST /api/realtime/redeem`, authenticated by the shared
 * `REALTIME_SECRET` as a bearer token) before the socket opens, and hands the verified identity to
 * the room in the two headers (a client's own values are overwritten). The access token never
 * travels in a URL.
 */
export const REALTIME_AUTH = {
  ticketQueryParam: 'ticket',
  userIdHeader: 'x-fm-user-id',
  userRoleHeader: 'x-fm-user-role',
  /** A meeting socket's side and its room's closing time (`MeetingAdmission`). */
  meetingSideHeader: 'x-fm-meeting-side',
  meetingClosesAtHeader: 'x-fm-meeting-closes-at',
} as const;

/** API paths of the realtime handshake, below the API root (`/api`). */
export const REALTIME_API_PATHS = {
  ticket: 'realtime/ticket',
  redeem: 'realtime/redeem',
} as const;

/** How long a ticket may wait to be redeemed; it works once. */
export const REALTIME_TICKET_TTL_MS = 60_000;

/**
 * Why a room closes a socket: a policy violation (RFC 6455), or the API ending the user's sessions
 * (sign-out, password change, deactivation, deletion). Clients reconnect either way, with a new
 * ticket, which a signed-out user no longer gets.
 */
export const REALTIME_CLOSE_CODES = { policyViolation: 1008, sessionEnded: 4001 } as const;

/** Socket reconnects: forever, one second apart (user-area §7). */
export const REALTIME_RECONNECT_MS = 1_000;

const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(200));
const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

// ---- client → server ----

/** `{ type: 'ping', id? }`: the server answers `pong` with the same `id`. */
export const PingMessageSchema = v.strictObject({
  type: v.literal('ping'),
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type PingMessage = v.InferOutput<typeof PingMessageSchema>;

/** Every frame a client may send. */
export const RealtimeClientMessageSchema = v.variant('type', [PingMessageSchema]);
export type RealtimeClientMessage = v.InferOutput<typeof RealtimeClientMessageSchema>;

// ---- server → client ----

/** The answer to `ping`; `at` is the server's clock in epoch milliseconds. */
export const PongMessageSchema = v.object({
  type: v.literal('pong'),
  id: v.optional(v.string()),
  at: v.number(),
});
export type PongMessage = v.InferOutput<typeof PongMessageSchema>;

/** A chat message as realtime frames carry it: the same shape the API answers. */
export const RealtimeChatMessageSchema = ChatMessageSchema;
export type RealtimeChatMessage = ChatMessage;

/** A new message in one of the user's chats. */
export const ReceiveMessageEventSchema = v.object({
  type: v.literal('receiveMessage'),
  chatId: id,
  message: RealtimeChatMessageSchema,
});
export type ReceiveMessageEvent = v.InferOutput<typeof ReceiveMessageEventSchema>;

/** A participant read a chat up to (and including) `lastReadMessageId`. */
export const ReadMessageEventSchema = v.object({
  type: v.literal('readMessage'),
  chatId: id,
  readerId: id,
  lastReadMessageId: v.nullable(id),
  readAt: isoDateTime,
});
export type ReadMessageEvent = v.InferOutput<typeof ReadMessageEventSchema>;

/** The user was added to a chat (a new conversation started with them). */
export const JoinChatEventSchema = v.object({
  type: v.literal('joinChat'),
  chatId: id,
  userId: id,
});
export type JoinChatEvent = v.InferOutput<typeof JoinChatEventSchema>;

/**
 * A notification the API just created for the user (rule 12): the bell shows it and its badge takes
 * `unreadCount` without waiting for the poll. Sent to the user's own room.
 */
export const NotificationEventSchema = v.object({
  type: v.literal('notification'),
  notification: NotificationSchema,
  unreadCount: v.number(),
});
export type NotificationEvent = v.InferOutput<typeof NotificationEventSchema>;

/** A frame the server could not accept; the socket stays open. `code` is an ERROR_CODES key. */
export const RealtimeErrorMessageSchema = v.object({
  type: v.literal('error'),
  code: v.string(),
  message: v.string(),
});
export type RealtimeErrorMessage = v.InferOutput<typeof RealtimeErrorMessageSchema>;

/**
 * The room is about to close this socket with `REALTIME_CLOSE_CODES.sessionEnded`. Sent first
 * because the close handshake can take seconds to finish (a hibernating room's runtime closes the
 * connection late), so a client acts on this frame rather than on the close event.
 */
export const SessionEndedMessageSchema = v.object({ type: v.literal('sessionEnded') });
export type SessionEndedMessage = v.InferOutput<typeof SessionEndedMessageSchema>;

/** Every frame the server may send. */
export const RealtimeServerMessageSchema = v.variant('type', [
  PongMessageSchema,
  SessionEndedMessageSchema,
  ReceiveMessageEventSchema,
  ReadMessageEventSchema,
  JoinChatEventSchema,
  NotificationEventSchema,
  RealtimeErrorMessageSchema,
]);
export type RealtimeServerMessage = v.InferOutput<typeof RealtimeServerMessageSchema>;

// ---- the handshake (rule 15) ----

const roomName = v.pipe(
  v.string(),
  v.check((room) => parseRoomId(room) !== null, 'Unknown room'),
);

/** `POST /api/realtime/ticket`: a ticket for one room the caller may join. */
export const RealtimeTicketInputSchema = v.strictObject({ room: roomName });
export type RealtimeTicketInput = v.InferInput<typeof RealtimeTicketInputSchema>;

/** A single-use ticket, good until `expiresAt`. */
export const RealtimeTicketSchema = v.object({
  ticket: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: isoDateTime,
});
export type RealtimeTicket = v.InferOutput<typeof RealtimeTicketSchema>;

/** `POST /api/realtime/redeem` (room server → API, with the shared secret). */
export const RealtimeRedeemInputSchema = v.strictObject({
  ticket: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  room: roomName,
});
export type RealtimeRedeemInput = v.InferInput<typeof RealtimeRedeemInputSchema>;

/** Who the redeemed ticket belongs to. */
export const RealtimeIdentitySchema = v.object({
  userId: id,
  role: v.picklist(ROLES),
});
export type RealtimeIdentity = v.InferOutput<typeof RealtimeIdentitySchema>;

/**
 * The answer of `POST /api/realtime/redeem`: who the ticket admits, and for a meeting room
 * (`meeting-{id}`) the socket's side and the room's closing time.
 */
export const RealtimeRedemptionSchema = v.object({
  ...RealtimeIdentitySchema.entries,
  meeting: v.optional(MeetingAdmissionSchema),
});
export type RealtimeRedemption = v.InferOutput<typeof RealtimeRedemptionSchema>;

// ---- API → room (over HTTP, with the shared secret) ----

/** Send `message` to every socket in the room. */
export const PublishCommandSchema = v.strictObject({
  type: v.literal('publish'),
  message: RealtimeServerMessageSchema,
});

/** Close every socket of `userId` in the room. Answers `{ closed }`. */
export const DisconnectCommandSchema = v.strictObject({
  type: v.literal('disconnect'),
  userId: id,
});

/** How many sockets of `userId` the room holds. Answers `{ connections }`. */
export const PresenceCommandSchema = v.strictObject({
  type: v.literal('presence'),
  userId: id,
});

/**
 * What the API may ask a room to do: `POST {partyUrl}/parties/rooms/{room}` with
 * `Authorization: Bearer {REALTIME_SECRET}` and one of these as the JSON body.
 */
export const RealtimeRoomCommandSchema = v.variant('type', [
  PublishCommandSchema,
  DisconnectCommandSchema,
  PresenceCommandSchema,
]);
export type RealtimeRoomCommand = v.InferOutput<typeof RealtimeRoomCommandSchema>;

/**
 * One frame for several rooms in one request (`POST {partyUrl}{REALTIME_FANOUT_PATH}`, the shared
 * secret as a bearer token): the rooms server hands it to each room, so a chat message costs the
 * API one request instead of one per room.
 */
export const RealtimeFanoutSchema = v.strictObject({
  rooms: v.pipe(v.array(roomName), v.minLength(1), v.maxLength(100)),
  message: RealtimeServerMessageSchema,
});
export type RealtimeFanout = v.InferOutput<typeof RealtimeFanoutSchema>;

/** At most this many fan-outs travel in one {@link RealtimeFanoutBatch}. */
export const REALTIME_FANOUT_BATCH_MAX = 100;

/**
 * Several fan-outs in one request: the API sends the pushes of one moment together (a booking's
 * two notifications, a burst of messages), each handed to its rooms in order.
 */
export const RealtimeFanoutBatchSchema = v.strictObject({
  pushes: v.pipe(
    v.array(RealtimeFanoutSchema),
    v.minLength(1),
    v.maxLength(REALTIME_FANOUT_BATCH_MAX),
  ),
});
export type RealtimeFanoutBatch = v.InferOutput<typeof RealtimeFanoutBatchSchema>;

/** Where the API sends a {@link RealtimeFanoutBatch} (or a single {@link RealtimeFanout}). */
export const REALTIME_FANOUT_PATH = '/fanout';

/** A room's answer to a command: how many sockets it sent to, closed or counted. */
export const RealtimeRoomReplySchema = v.object({
  delivered: v.optional(v.number()),
  closed: v.optional(v.number()),
  connections: v.optional(v.number()),
});
export type RealtimeRoomReply = v.InferOutput<typeof RealtimeRoomReplySchema>;

/** Live updates (rule 15, the SDK's `realtime-api.ts`), not named by the spec. */
export const REALTIME_OPERATIONS = {
  fetchRealtimeTicket: 'Error connecting to live updates',
} as const;
