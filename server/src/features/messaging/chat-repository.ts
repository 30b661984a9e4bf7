import type {
  ChatAttachment,
  ChatAttachmentKind,
  ChatMessage,
  ChatParticipant,
  ChatSummary,
} from '@fm/sdk/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  chat,
  chatParticipant,
  consultantProfile,
  franchise,
  message,
  messageAttachment,
  upload,
  user,
} from '../../db/schema/index.ts';

type Queryable = Db | Tx;

/** Where participants fetch a chat file: served only to the chat's participants (and its uploader). */
export const chatFileUrl = (uploadId: string) => `/api/chats/attachments/${uploadId}`;

/**
 * The unique key of a two-person chat: both user ids, sorted, joined by `:` (the migration
 * back-fills old chats the same way, with SQLite's `min`/`max`, which agree for ASCII ids).
 */
export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');

const attachmentKind = (mime: string): ChatAttachmentKind =>
  mime === 'image/jpeg' || mime === 'image/png' ? 'image' : 'document';

/** An upload row as a chat attachment. */
export function toChatAttachment(row: {
  id: string;
  mime: string;
  size: number;
  originalName: string | null;
}): ChatAttachment {
  return {
    id: row.id,
    kind: attachmentKind(row.mime),
    url: chatFileUrl(row.id),
    name: row.originalName || 'file',
    mime: row.mime,
    size: row.size,
  };
}

type MessageRow = typeof message.$inferSelect;

/** Messages with their attachments (in attachment order), in the order given. */
export async function withAttachments(db: Queryable, rows: MessageRow[]): Promise<ChatMessage[]> {
  const ids = rows.map((r) => r.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            messageId: messageAttachment.messageId,
            id: upload.id,
            mime: upload.mime,
            size: upload.size,
            originalName: upload.originalName,
          })
          .from(messageAttachment)
          .innerJoin(upload, eq(upload.id, messageAttachment.uploadId))
          .where(inArray(messageAttachment.messageId, ids))
          .orderBy(asc(messageAttachment.position));
  const byMessage = new Map<string, ChatAttachment[]>();
  for (const f of files) {
    const list = byMessage.get(f.messageId) ?? [];
    list.push(toChatAttachment(f));
    byMessage.set(f.messageId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    chatId: r.chatId,
    senderId: r.senderId,
    text: r.body,
    attachments: byMessage.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Users as the other side of a chat: name, photo, role and company (brand or consultancy). */
export async function participantsByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, ChatParticipant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      photo: user.profilePhoto,
      consultantCompany: consultantProfile.company,
      brand: franchise.company,
      logo: franchise.logo,
    })
    .from(user)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
    .leftJoin(franchise, eq(franchise.id, user.franchiseId))
    .where(inArray(user.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        role: r.role,
        photo: r.photo ?? (r.role === 'franchisor' ? r.logo : null),
        company: (r.role === 'franchisor' ? r.brand : r.consultantCompany) || null,
      },
    ]),
  );
}

/** The caller's side and the other side of a chat; null when the caller does not take part. */
export async function findMembership(db: Queryable, chatId: string, userId: string) {
  const rows = await db
    .select({
      userId: chatParticipant.userId,
      lastReadAt: chatParticipant.lastReadAt,
    })
    .from(chatParticipant)
    .where(eq(chatParticipant.chatId, chatId));
  const me = rows.find((r) => r.userId === userId);
  const other = rows.find((r) => r.userId !== userId);
  if (!me || !other) return null;
  return { me, other };
}

/** One page of the user's chats, newest activity first, with the other side and the unread count. */
export async function listChats(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
  onlyChatId?: string,
): Promise<{ total: number; data: ChatSummary[] }> {
  const filter = onlyChatId ? sql`and c.id = ${onlyChatId}` : sql``;
  const [rows, totals] = await Promise.all([
    db.all<{
      id: string;
      otherId: string;
      activityAt: number;
      unread: number;
      lastMessageId: string | null;
    }>(sql`
      select c.id as id,
             o.user_id as otherId,
             coalesce(c.last_message_at, c.created_at) as activityAt,
             (select count(*) from message m
               where m.chat_id = c.id and m.sender_id <> me.user_id
                 and (me.last_read_at is null or m.created_at > me.last_read_at)) as unread,
             (select m.id from message m where m.chat_id = c.id
               order by m.created_at desc, m.id desc limit 1) as lastMessageId
        from chat_participant me
        join chat c on c.id = me.chat_id
        join chat_participant o on o.chat_id = c.id and o.user_id <> me.user_id
       where me.user_id = ${userId} ${filter}
       order by activityAt desc, c.id desc
       limit ${page.limit} offset ${page.offset}`),
    db.all<{ n: number }>(sql`
      select count(*) as n
        from chat_participant me
        join chat_participant o on o.chat_id = me.chat_id and o.user_id <> me.user_id
       where me.user_id = ${userId} ${onlyChatId ? sql`and me.chat_id = ${onlyChatId}` : sql``}`),
  ]);
  const lastIds = rows.flatMap((r) => (r.lastMessageId ? [r.lastMessageId] : []));
  const [people, lastRows] = await Promise.all([
    participantsByIds(
      db,
      rows.map((r) => r.otherId),
    ),
    lastIds.length === 0
      ? Promise.resolve([])
      : db.select().from(message).where(inArray(message.id, lastIds)),
  ]);
  const lastMessages = new Map((await withAttachments(db, lastRows)).map((m) => [m.id, m]));
  const data: ChatSummary[] = [];
  for (const r of rows) {
    const participant = people.get(r.otherId);
    if (!participant) continue;
    data.push({
      id: r.id,
      participant,
      lastMessage: (r.lastMessageId && lastMessages.get(r.lastMessageId)) || null,
      unreadCount: Number(r.unread),
      updatedAt: new Date(Number(r.activityAt)).toISOString(),
    });
  }
  return { total: Number(totals[0]?.n ?? 0), data };
}

/** The message a `before` cursor points at, in this chat only. */
export async function findCursorMessage(db: Db, chatId: string, messageId: string) {
  const [row] = await db
    .select({ id: message.id, createdAt: message.createdAt })
    .from(message)
    .where(and(eq(message.chatId, chatId), eq(message.id, messageId)));
  return row ?? null;
}

/**
 * One page of a chat's messages, oldest first: the newest `limit` messages, or those before the
 * cursor message; `hasEarlier` says whether older ones remain.
 */
export async function messagesPage(
  db: Db,
  chatId: string,
  options: { limit: number; before: { id: string; createdAt: Date } | null },
): Promise<{ messages: ChatMessage[]; hasEarlier: boolean }> {
  const { before } = options;
  const rows = await db
    .select()
    .from(message)
    .where(
      and(
        eq(message.chatId, chatId),
        before
          ? or(
              lt(message.createdAt, before.createdAt),
              and(eq(message.createdAt, before.createdAt), lt(message.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(message.createdAt), desc(message.id))
    .limit(options.limit + 1);
  const hasEarlier = rows.length > options.limit;
  const page = rows.slice(0, options.limit).reverse();
  return { messages: await withAttachments(db, page), hasEarlier };
}

/** The chat of a pair, if there is one. */
export async function findPairChat(db: Queryable, pairKey: string) {
  const row = await db.query.chat.findFirst({
    columns: { id: true },
    where: eq(chat.pairKey, pairKey),
  });
  return row?.id ?? null;
}

/**
 * Creates the chat of a pair, or finds it when it exists: the unique pair key decides between
 * two concurrent calls, so a pair never gets two chats.
 */
export async function createPairChat(
  db: Db,
  a: string,
  b: string,
  at: Date,
): Promise<{ chatId: string; created: boolean }> {
  const pairKey = pairKeyOf(a, b);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chat)
      .values({ pairKey, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: chat.pairKey })
      .returning({ id: chat.id });
    if (!row) {
      const existing = await findPairChat(tx, pairKey);
      if (!existing) throw new Error(`chat of pair ${pairKey} vanished`);
      return { chatId: existing, created: false };
    }
    await tx.insert(chatParticipant).values([
      { chatId: row.id, userId: a },
      { chatId: row.id, userId: b },
    ]);
    return { chatId: row.id, created: true };
  });
}

/**
 * The sender's own uploads of kind attachment that no message carries yet, among `ids`.
 */
export async function freeAttachments(db: Queryable, ownerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: upload.id })
    .from(upload)
    .leftJoin(messageAttachment, eq(messageAttachment.uploadId, upload.id))
    .where(
      and(
        inArray(upload.id, [...ids]),
        eq(upload.ownerId, ownerId),
        eq(upload.kind, 'attachment'),
        isNull(messageAttachment.uploadId),
      ),
    );
}

/** Stores a message with its files and moves the chat's activity time; one transaction. */
export async function insertMessage(
  tx: Tx,
  input: { chatId: string; senderId: string; text: string; uploadIds: string[]; at: Date },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(message)
    .values({
      chatId: input.chatId,
      senderId: input.senderId,
      body: input.text,
      createdAt: input.at,
    })
    .returning();
  if (!row) throw new Error('message not stored');
  if (input.uploadIds.length > 0) {
    await tx
      .insert(messageAttachment)
      .values(
        input.uploadIds.map((uploadId, position) => ({ messageId: row.id, uploadId, position })),
      );
  }
  await tx
    .update(chat)
    .set({ lastMessageAt: input.at, updatedAt: input.at })
    .where(eq(chat.id, input.chatId));
  return row;
}

/** The newest message of a chat (id and time), or null when it has none. */
export async function latestMessage(db: Queryable, chatId: string) {
  const [row] = await db
    .select({ id: message.id, createdAt: message.createdAt })
    .from(message)
    .where(eq(message.chatId, chatId))
    .orderBy(desc(message.createdAt), desc(message.id))
    .limit(1);
  return row ?? null;
}

/** Sets how far the user has read a chat; never moves it back. */
export async function setLastReadAt(db: Queryable, chatId: string, userId: string, at: Date) {
  await db
    .update(chatParticipant)
    .set({ lastReadAt: at })
    .where(
      and(
        eq(chatParticipant.chatId, chatId),
        eq(chatParticipant.userId, userId),
        or(isNull(chatParticipant.lastReadAt), lt(chatParticipant.lastReadAt, at)),
      ),
    );
}

/**
 * Claims the right to e-mail `userId` about chat `chatId` now: true for at most one caller per
 * interval, decided by one conditional update (so concurrent messages send one e-mail).
 */
export async function claimEmailSlot(
  db: Db,
  chatId: string,
  userId: string,
  at: Date,
  intervalMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(chatParticipant)
    .set({ lastEmailedAt: at })
    .where(
      and(
        eq(chatParticipant.chatId, chatId),
        eq(chatParticipant.userId, userId),
        or(
          isNull(chatParticipant.lastEmailedAt),
          lte(chatParticipant.lastEmailedAt, new Date(at.getTime() - intervalMs)),
        ),
      ),
    )
    .returning({ userId: chatParticipant.userId });
  return claimed.length > 0;
}

/**
 * A chat file for a reader: the upload when the reader uploaded it or takes part in the chat
 * whose message carries it; null otherwise (the route answers 404 either way).
 */
export async function findReadableAttachment(db: Db, uploadId: string, readerId: string) {
  const [row] = await db
    .select({
      key: upload.key,
      mime: upload.mime,
      size: upload.size,
      originalName: upload.originalName,
      ownerId: upload.ownerId,
      chatId: message.chatId,
    })
    .from(upload)
    .leftJoin(messageAttachment, eq(messageAttachment.uploadId, upload.id))
    .leftJoin(message, eq(message.id, messageAttachment.messageId))
    .where(and(eq(upload.id, uploadId), eq(upload.kind, 'attachment')));
  if (!row) return null;
  if (row.ownerId === readerId) return row;
  if (!row.chatId) return null;
  const member = await db.query.chatParticipant.findFirst({
    columns: { userId: true },
    where: and(eq(chatParticipant.chatId, row.chatId), eq(chatParticipant.userId, readerId)),
  });
  return member ? row : null;
}
