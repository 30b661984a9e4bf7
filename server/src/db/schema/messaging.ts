import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { bool, id, instant, timestamps } from './columns.ts';

export const chat = sqliteTable(
  'chat',
  {
    id: id(),
    lastMessageAt: instant('last_message_at'),
    ...timestamps,
  },
  (t) => [index('chat_last_message_idx').on(t.lastMessageAt)],
);

export const chatParticipant = sqliteTable(
  'chat_participant',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chat.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastReadAt: instant('last_read_at'),
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
    chatId: text('chat_id')
      .notNull()
      .references(() => chat.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id),
    body: text('body').notNull().default(''),
    attachmentUploadId: text('attachment_upload_id'),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('message_chat_idx').on(t.chatId, t.createdAt)],
);

export const notification = sqliteTable(
  'notification',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
  (t) => [index('notification_user_idx').on(t.userId, t.createdAt)],
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
