import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { bool, id, instant, requiredRef, timestamps } from './columns.ts';

export const chat = sqliteTable(
  'chat',
  {
    id: id(),
    /**
     * The two participants' user ids, sorted and joined by `:`: one chat per pair, so two
     * concurrent "start a chat" calls end up in the same chat (null only for chats of other shapes).
     */
    pairKey: text('pair_key'),
    lastMessageAt: instant('last_message_at'),
    ...timestamps,
  },
  (t) => [
    index('chat_last_message_idx').on(t.lastMessageAt),
    uniqueIndex('chat_pair_key_uq').on(t.pairKey),
  ],
);

export const chatParticipant = sqliteTable(
  'chat_participant',
  {
    chatId: requiredRef('chat_id', () => chat.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    lastReadAt: instant('last_read_at'),
    /** When this participant was last e-mailed about a new message here (at most hourly). */
    lastEmailedAt: instant('last_emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participant_user_idx').on(t.userId),
  ],
);

export const message = sqliteTable(
  'message',
  {
    id: id(),
    chatId: requiredRef('chat_id', () => chat.id, { onDelete: 'cascade' }),
    senderId: requiredRef('sender_id', () => user.id),
    /** Plain text as the sender typed it (never HTML-escaped here; markup stays inert on display). */
    body: text('body').notNull().default(''),
    /** Unused since `message_attachment` (a message may carry several files); kept for old rows. */
    attachmentUploadId: text('attachment_upload_id'),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('message_chat_idx').on(t.chatId, t.createdAt)],
);

/** The files of a message, in the order they were attached; an upload belongs to one message. */
export const messageAttachment = sqliteTable(
  'message_attachment',
  {
    messageId: requiredRef('message_id', () => message.id, { onDelete: 'cascade' }),
    uploadId: requiredRef('upload_id', () => upload.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.uploadId] }),
    uniqueIndex('message_attachment_upload_uq').on(t.uploadId),
  ],
);

export const notification = sqliteTable(
  'notification',
  {
    id: id(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    /** Who caused it (shown with avatar and name). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    isRead: bool('is_read').notNull().default(false),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index('notification_user_idx').on(t.userId, t.createdAt),
    // The bell's count, on every push and list: as many index entries as unread notifications.
    index('notification_unread_idx').on(t.userId).where(sql`${t.isRead} = 0`),
  ],
);

/** Files uploaded by users: content-checked, stored locally or in a bucket under `key`. */
export const upload = sqliteTable(
  'upload',
  {
    id: id(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'attachment', 'document'] }).notNull(),
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name'),
    /** Private files are served only to signed-in users. */
    isPrivate: bool('is_private').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('upload_owner_idx').on(t.ownerId)],
);
