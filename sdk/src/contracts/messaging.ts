import * as v from 'valibot';
import { MAX_PAGE_SIZE } from './constants.ts';
import { ROLES } from './enums.ts';
import { queryCount } from './paging.ts';

/**
 * Messaging shapes (user-area §3, §7; rules 12, 13 and 15): chats between a franchisor and a consultant,
 * their messages with attachments, and the unread count the header badge shows.
 *
 * Calls:
 * - `GET /api/chats?page&limit` → `ChatList` (the caller's chats, newest activity first)
 * - `GET /api/chats/{id}?before&limit` → `ChatDetail` (the chat and one page of messages)
 * - `POST /api/chats {participants}` → `ChatSummary` (the existing chat when there is one)
 * - `POST /api/chats/{id}/messages {text?, attachmentIds?}` → `ChatMessage`
 * - `POST /api/chats/{id}/read` → `MarkChatReadResult`
 * - `POST /api/chats/upload` (multipart, field `file`) → `ChatAttachment`
 * - `GET /api/chats/messages/unread-count` → `UnreadCount`
 */

/** Chats per page in the chat list. */
export const CHATS_PAGE_SIZE = 20;
/** Messages per page in a conversation ("load earlier" fetches the next older page). */
export const CHAT_MESSAGES_PAGE_SIZE = 30;
/** Longest message text, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 5000;
/** Most attachments on one message. */
export const CHAT_MAX_ATTACHMENTS = 10;
/** Largest chat attachment (rule 13). */
export const CHAT_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** A new message to an offline user e-mails them at most once per chat in this window. */
export const CHAT_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(200));
const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

/**
 * `GET /api/chats/messages/unread-count`: messages from others, in the user's chats, that arrived
 * after the user last read that chat.
 */
export const UnreadCountSchema = v.strictObject({
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type UnreadCount = v.InferOutput<typeof UnreadCountSchema>;

/** How an attachment is shown: images inline, documents as a download link with name and size. */
export const CHAT_ATTACHMENT_KINDS = ['image', 'document'] as const;
export type ChatAttachmentKind = (typeof CHAT_ATTACHMENT_KINDS)[number];

/** An uploaded chat file (`POST /api/chats/upload`), readable by the chat's participants only. */
export const ChatAttachmentSchema = v.object({
  id,
  kind: v.picklist(CHAT_ATTACHMENT_KINDS),
  /** Where the participants fetch it (with their credentials). */
  url: v.string(),
  name: v.string(),
  mime: v.string(),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ChatAttachment = v.InferOutput<typeof ChatAttachmentSchema>;

/** One message. `text` is plain text (markup in it is inert everywhere); may be '' with files. */
export const ChatMessageSchema = v.object({
  id,
  chatId: id,
  senderId: id,
  text: v.string(),
  attachments: v.array(ChatAttachmentSchema),
  createdAt: isoDateTime,
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** The other side of a chat, as the chat list and the conversation header show them. */
export const ChatParticipantSchema = v.object({
  id,
  firstName: v.string(),
  lastName: v.string(),
  photo: v.nullable(v.string()),
  role: v.picklist(ROLES),
  /** The brand of a franchisor, the company of a consultant; null when none. */
  company: v.nullable(v.string()),
});
export type ChatParticipant = v.InferOutput<typeof ChatParticipantSchema>;

/** One row of the chat list. */
export const ChatSummarySchema = v.object({
  id,
  participant: ChatParticipantSchema,
  lastMessage: v.nullable(ChatMessageSchema),
  /** Messages from the other participant the caller has not read. */
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When the last message was sent, else when the chat was created. */
  updatedAt: isoDateTime,
});
export type ChatSummary = v.InferOutput<typeof ChatSummarySchema>;

/** `GET /api/chats?page&limit`. */
export const ChatListQuerySchema = v.object({
  page: v.optional(queryCount(1_000_000), 1),
  limit: v.optional(queryCount(MAX_PAGE_SIZE), CHATS_PAGE_SIZE),
});
export type ChatListQuery = v.InferInput<typeof ChatListQuerySchema>;

export const ChatListSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  data: v.array(ChatSummarySchema),
});
export type ChatList = v.InferOutput<typeof ChatListSchema>;

/**
 * `GET /api/chats/{id}?before&limit`: `before` is the `nextCursor` of the previous page and asks
 * for older messages.
 */
export const ChatDetailQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
  limit: v.optional(queryCount(MAX_PAGE_SIZE), CHAT_MESSAGES_PAGE_SIZE),
});
export type ChatDetailQuery = v.InferInput<typeof ChatDetailQuerySchema>;

export const ChatDetailSchema = v.object({
  chat: v.object({
    id,
    participant: ChatParticipantSchema,
    /** Up to when the other participant has read (read ticks); null when never. */
    participantLastReadAt: v.nullable(isoDateTime),
  }),
  /** One page, oldest first. */
  messages: v.array(ChatMessageSchema),
  /** Pass as `before` to load earlier messages; null when this page reaches the first one. */
  nextCursor: v.nullable(v.string()),
});
export type ChatDetail = v.InferOutput<typeof ChatDetailSchema>;

/**
 * `POST /api/chats {participants}`: the user ids of the chat; the caller may be listed or not.
 * A chat is between the caller and one consultant or franchisor of the other role.
 */
export const CreateChatInputSchema = v.strictObject({
  participants: v.pipe(
    v.array(id),
    v.minLength(1, 'Choose who to message'),
    v.maxLength(2, 'A chat has two participants'),
  ),
});
export type CreateChatInput = v.InferInput<typeof CreateChatInputSchema>;

/** `POST /api/chats/{id}/messages`: text, files uploaded before, or both. */
export const SendMessageInputSchema = v.pipe(
  v.strictObject({
    text: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(
          CHAT_MESSAGE_MAX_CHARS,
          `A message can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`,
        ),
      ),
    ),
    attachmentIds: v.optional(
      v.pipe(
        v.array(id),
        v.maxLength(
          CHAT_MAX_ATTACHMENTS,
          `A message can carry at most ${CHAT_MAX_ATTACHMENTS} files`,
        ),
      ),
    ),
  }),
  v.check(
    (input) => (input.text ?? '').trim() !== '' || (input.attachmentIds?.length ?? 0) > 0,
    'Write a message or attach a file',
  ),
);
export type SendMessageInput = v.InferInput<typeof SendMessageInputSchema>;

/** `POST /api/chats/{id}/read`: the caller's unread count across all chats afterwards. */
export const MarkChatReadResultSchema = v.object({
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type MarkChatReadResult = v.InferOutput<typeof MarkChatReadResultSchema>;

/** Chats and their messages (the SDK's `messages.ts`), not named by the spec. */
export const MESSAGING_OPERATIONS = {
  fetchUnreadCount: 'Error fetching unread messages count',
  fetchChats: 'Error fetching chats',
  fetchChat: 'Error fetching chat',
  createChat: 'Error creating chat',
  sendMessage: 'Error sending message',
  markChatRead: 'Error marking chat as read',
  uploadAttachment: 'Error uploading attachment',
  fetchAttachment: 'Error fetching attachment',
} as const;
