import * as v from 'valibot';
import { type ChatMessage, ChatMessageSchema } from './messaging.ts';

/**
 * The realtime contract (D12): rooms, how sockets authenticate, and every frame that crosses a
 * socket, in both directions. Frames are JSON objects told apart by `type`; every frame is
 * validated with these schemas on arrival (`v.safeParse`), never cast.
 */

/** The events the spec names; each makes the client refresh its unread count (user-area §7). */
export const REALTIME_EVENTS = ['receiveMessage', 'readMessage', 'joinChat'] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** The PartyKit party that holds the rooms: sockets connect to `{partyUrl}/parties/main/{room}`. */
export const REALTIME_PARTY = 'main';

/** Room names: `user-{userId}` (a user's own notifications) and `chat-{chatId}`. */
export const REALTIME_ROOM_PREFIXES = { user: 'user-', chat: 'chat-' } as const;

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

/**
 * How a socket authenticates: browsers cannot set headers on a WebSocket, so the access token
 * travels in the `token` query parameter. The realtime server verifies it with the API and hands
 * the verified identity to the room in the two headers (a client's own values are overwritten).
 */
export const REALTIME_AUTH = {
  tokenQueryParam: 'token',
  userIdHeader: 'x-fm-user-id',
  userRoleHeader: 'x-fm-user-role',
} as const;

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

/** A frame the server could not accept; the socket stays open. `code` is an ERROR_CODES key. */
export const RealtimeErrorMessageSchema = v.object({
  type: v.literal('error'),
  code: v.string(),
  message: v.string(),
});
export type RealtimeErrorMessage = v.InferOutput<typeof RealtimeErrorMessageSchema>;

/** Every frame the server may send. */
export const RealtimeServerMessageSchema = v.variant('type', [
  PongMessageSchema,
  ReceiveMessageEventSchema,
  ReadMessageEventSchema,
  JoinChatEventSchema,
  RealtimeErrorMessageSchema,
]);
export type RealtimeServerMessage = v.InferOutput<typeof RealtimeServerMessageSchema>;
