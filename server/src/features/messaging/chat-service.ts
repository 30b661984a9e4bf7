import {
  type ChatAttachment,
  type ChatDetail,
  type ChatList,
  type ChatMessage,
  type ChatSummary,
  chatRoomId,
  type MarkChatReadResult,
  userRoomId,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { isConstraintViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { UploadService } from '../../uploads/upload-service.ts';
import { isPubliclyVisible } from '../users/profile-repository.ts';
import { enqueueWebhookEvent, lazyWebhookEvent } from '../webhooks/enqueue.ts';
import { attachmentNames, webhookChatMessage } from '../webhooks/payloads.ts';
import type { ChatNotices } from './chat-notices.ts';
import {
  createPairChat,
  findCursorMessage,
  findMembership,
  findPairChat,
  findReadableAttachment,
  freeAttachments,
  insertMessage,
  latestMessage,
  listChats,
  messagesPage,
  pairKeyOf,
  participantsByIds,
  setLastReadAt,
  toChatAttachment,
  withAttachments,
} from './chat-repository.ts';
import { assertMayMessage } from './messaging-access.ts';
import { unreadMessageCount } from './unread.ts';

/** The rule messages of the chat calls (422 and 400 answers). */
export const CHAT_RULES = {
  twoPeople: 'A chat is between you and one consultant or franchisor',
  otherRole: 'Chats are between a franchisor and a consultant',
  attachmentUnavailable: 'An attached file was not found or has already been sent',
  unknownCursor: 'This page of messages does not exist',
} as const;

/**
 * Chats between a franchisor and a consultant (user-area §3, §7; rules 11, 12, 13 and 15): listing,
 * reading a page of messages, starting a chat (one per pair), sending, marking read and the
 * attachments. Who may read and write is decided here; every write pushes its event after commit.
 */
export function createChatService(deps: {
  db: Db;
  uploads: UploadService;
  realtime: RealtimePublisher;
  notices: ChatNotices;
  now: () => Date;
}) {
  const { db, realtime } = deps;

  async function membershipOrNotFound(chatId: string, actor: SessionUser) {
    const membership = await findMembership(db, chatId, actor.id);
    if (!membership) throw new AppError('NOT_FOUND');
    return membership;
  }

  async function summary(chatId: string, actor: SessionUser): Promise<ChatSummary> {
    const { data } = await listChats(db, actor.id, { limit: 1, offset: 0 }, chatId);
    const found = data[0];
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  return {
    /** `GET /api/chats`: the caller's chats, newest activity first. */
    async list(actor: SessionUser, query: { page: number; limit: number }): Promise<ChatList> {
      const { total, data } = await listChats(db, actor.id, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { total, page: query.page, limit: query.limit, data };
    },

    /** `GET /api/chats/{id}`: the chat and one page of messages, oldest first. */
    async detail(
      actor: SessionUser,
      chatId: string,
      query: { before?: string | undefined; limit: number },
    ): Promise<ChatDetail> {
      const { other } = await membershipOrNotFound(chatId, actor);
      let before: { id: string; createdAt: Date } | null = null;
      if (query.before !== undefined) {
        before = await findCursorMessage(db, chatId, query.before);
        if (!before) {
          throw new AppError('VALIDATION_FAILED', {
            message: CHAT_RULES.unknownCursor,
            errors: { before: CHAT_RULES.unknownCursor },
          });
        }
      }
      const [people, page] = await Promise.all([
        participantsByIds(db, [other.userId]),
        messagesPage(db, chatId, { limit: query.limit, before }),
      ]);
      const participant = people.get(other.userId);
      if (!participant) throw new AppError('NOT_FOUND');
      return {
        chat: {
          id: chatId,
          participant,
          participantLastReadAt: other.lastReadAt?.toISOString() ?? null,
        },
        messages: page.messages,
        nextCursor: page.hasEarlier ? (page.messages[0]?.id ?? null) : null,
      };
    },

    /**
     * `POST /api/chats`: the chat between the caller and one user of the other role; the existing
     * one when the pair already has a chat (`created: false`).
     */
    async start(
      actor: SessionUser,
      participants: readonly string[],
    ): Promise<{ chat: ChatSummary; created: boolean }> {
      const others = [...new Set(participants)].filter((id) => id !== actor.id);
      const [otherId] = others;
      if (others.length !== 1 || otherId === undefined) {
        throw new AppError('RULE_VIOLATION', { message: CHAT_RULES.twoPeople });
      }
      if (actor.role !== 'franchisor' && actor.role !== 'consultant') {
        throw new AppError('FORBIDDEN');
      }
      const other = await db.query.user.findFirst({ where: eq(user.id, otherId) });
      if (!other || !isPubliclyVisible(other) || other.banned) throw new AppError('NOT_FOUND');
      if (other.role === actor.role) {
        throw new AppError('RULE_VIOLATION', { message: CHAT_RULES.otherRole });
      }
      // An existing chat is only opened: reading stays allowed without a subscription (rule 11).
      const existing = await findPairChat(db, pairKeyOf(actor.id, other.id));
      if (existing) return { chat: await summary(existing, actor), created: false };
      await assertMayMessage(db, actor);
      const { chatId, created } = await createPairChat(db, actor.id, other.id, deps.now());
      if (created) {
        await realtime.publish([userRoomId(other.id)], {
          type: 'joinChat',
          chatId,
          userId: other.id,
        });
      }
      return { chat: await summary(chatId, actor), created };
    },

    /** `POST /api/chats/{id}/messages`: stores the message, then delivers it. */
    async send(
      actor: SessionUser,
      chatId: string,
      input: { text?: string | undefined; attachmentIds?: string[] | undefined },
    ): Promise<ChatMessage> {
      const { other } = await membershipOrNotFound(chatId, actor);
      await assertMayMessage(db, actor);
      const uploadIds = [...new Set(input.attachmentIds ?? [])];
      const text = (input.text ?? '').trim();
      const at = deps.now();
      let row: Awaited<ReturnType<typeof insertMessage>>;
      try {
        row = await db.transaction(async (tx) => {
          const free = await freeAttachments(tx, actor.id, uploadIds);
          if (free.length !== uploadIds.length) {
            throw new AppError('RULE_VIOLATION', {
              message: CHAT_RULES.attachmentUnavailable,
              errors: { attachmentIds: CHAT_RULES.attachmentUnavailable },
            });
          }
          const stored = await insertMessage(tx, {
            chatId,
            senderId: actor.id,
            text,
            uploadIds,
            at,
          });
          // Rule 21: the recipient's side hears of it, never the sender's own endpoints.
          await enqueueWebhookEvent(
            tx,
            { recipientId: other.userId },
            lazyWebhookEvent(
              'message.received',
              async () => ({
                message: webhookChatMessage(
                  stored,
                  actor,
                  uploadIds.length > 0 ? await attachmentNames(tx, stored.id) : [],
                ),
              }),
              at,
            ),
            at,
          );
          return stored;
        });
      } catch (error) {
        // Another process attached the same file a moment earlier.
        if (isConstraintViolation(error)) {
          throw new AppError('RULE_VIOLATION', {
            message: CHAT_RULES.attachmentUnavailable,
            errors: { attachmentIds: CHAT_RULES.attachmentUnavailable },
          });
        }
        throw error;
      }
      const [stored] = await withAttachments(db, [row]);
      if (!stored) throw new Error('message not read back');
      const delivered = realtime.publish(
        [chatRoomId(chatId), userRoomId(actor.id), userRoomId(other.userId)],
        { type: 'receiveMessage', chatId, message: stored },
      );
      const noticed = realtime.isOnline(other.userId).then((online) =>
        online
          ? undefined
          : deps.notices.messageToOffline({
              chatId,
              recipientId: other.userId,
              sender: actor,
              message: stored,
            }),
      );
      await Promise.all([delivered, noticed]);
      return stored;
    },

    /**
     * `POST /api/chats/{id}/read`: the caller has read everything in the chat up to now; answers
     * the caller's unread count across all chats.
     */
    async markRead(actor: SessionUser, chatId: string): Promise<MarkChatReadResult> {
      const { other } = await membershipOrNotFound(chatId, actor);
      const last = await latestMessage(db, chatId);
      const now = deps.now();
      // Never before the newest message, so a clock behind a message's time still clears it.
      const readAt = last && last.createdAt > now ? last.createdAt : now;
      await setLastReadAt(db, chatId, actor.id, readAt);
      const unreadCount = await unreadMessageCount(db, actor.id);
      await realtime.publish([chatRoomId(chatId), userRoomId(actor.id), userRoomId(other.userId)], {
        type: 'readMessage',
        chatId,
        readerId: actor.id,
        lastReadMessageId: last?.id ?? null,
        readAt: readAt.toISOString(),
      });
      return { unreadCount };
    },

    /** `POST /api/chats/upload`: a checked, private chat file of the caller, not yet sent. */
    async upload(actor: SessionUser, file: File): Promise<ChatAttachment> {
      await assertMayMessage(db, actor);
      const checked = await deps.uploads.check(file, 'attachment');
      const [stored] = await deps.uploads.store([checked], actor.id, { isPrivate: true });
      if (!stored) throw new Error('upload not stored');
      return toChatAttachment({
        id: stored.id,
        mime: stored.mime,
        size: stored.size,
        originalName: checked.name,
      });
    },

    /** A chat file for its chat's participants (and its uploader); 404 for anyone else. */
    async attachmentFile(actor: SessionUser, uploadId: string) {
      const row = await findReadableAttachment(db, uploadId, actor.id);
      if (!row) throw new AppError('NOT_FOUND');
      const stream = await deps.uploads.storage.get(row.key);
      if (!stream) throw new AppError('NOT_FOUND');
      return { ...row, stream };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
