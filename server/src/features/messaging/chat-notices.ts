import { CHAT_EMAIL_INTERVAL_MS, type ChatMessage, PRODUCT_NAME } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notification, user } from '../../db/schema/index.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { pushNotifications } from '../notifications/push.ts';
import { claimEmailSlot } from './chat-repository.ts';

/** The `notification.type` of a new chat message (the seed writes the same). */
export const MESSAGE_NOTIFICATION_TYPE = 'new_message';

/** Longest excerpt of a message quoted in an e-mail. */
const EMAIL_EXCERPT_CHARS = 500;

const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || 'Someone';

/** The bell's line about a new message. Plain text: the client renders it as text. */
export const messageNotificationText = (senderName: string) => `${senderName} sent you a message.`;

/**
 * The e-mail about new messages: plain text only (no HTML part), so markup typed into a message
 * is shown as the characters it is.
 */
export function messageMail(input: {
  senderName: string;
  message: Pick<ChatMessage, 'text' | 'attachments'>;
  link: string;
}) {
  const text = input.message.text;
  const excerpt =
    text.length > EMAIL_EXCERPT_CHARS ? `${text.slice(0, EMAIL_EXCERPT_CHARS)}…` : text;
  const files = input.message.attachments.map((a) => `- ${a.name}`).join('\n');
  return {
    subject: `New message from ${input.senderName} on ${PRODUCT_NAME}`,
    text: [
      `${input.senderName} sent you a message:`,
      '',
      excerpt,
      ...(files ? ['', 'Attached files:', files] : []),
      '',
      `Read and reply: ${input.link}`,
      '',
      `You get at most one e-mail an hour per conversation while you are away from ${PRODUCT_NAME}.`,
    ].join('\n'),
  };
}

/**
 * Tells a recipient who has no open socket about a new message: a notification in the bell
 * (pushed live in case a socket opens meanwhile) and, at most once per `CHAT_EMAIL_INTERVAL_MS`
 * per chat, an e-mail. Never throws: the message is stored either way.
 */
export function createChatNotices(deps: {
  db: Db;
  mailer: Mailer;
  realtime: RealtimePublisher;
  logger: Logger;
  publicUrl: string;
  now: () => Date;
}) {
  const { db } = deps;
  return {
    async messageToOffline(input: {
      chatId: string;
      recipientId: string;
      sender: { id: string; firstName: string; lastName: string };
      message: ChatMessage;
    }): Promise<void> {
      try {
        const recipient = await db.query.user.findFirst({
          columns: { email: true, isDeleted: true, isDeactivated: true },
          where: eq(user.id, input.recipientId),
        });
        if (!recipient || recipient.isDeleted || recipient.isDeactivated) return;
        const senderName = fullName(input.sender);
        const at = deps.now();
        const [row] = await db
          .insert(notification)
          .values({
            userId: input.recipientId,
            actorId: input.sender.id,
            type: MESSAGE_NOTIFICATION_TYPE,
            message: messageNotificationText(senderName),
            link: `/chats/${input.chatId}`,
            createdAt: at,
          })
          .returning({ id: notification.id });
        if (row) await pushNotifications(deps, [row.id]);
        const mayEmail = await claimEmailSlot(
          db,
          input.chatId,
          input.recipientId,
          at,
          CHAT_EMAIL_INTERVAL_MS,
        );
        if (!mayEmail) return;
        await deps.mailer.send({
          to: recipient.email,
          ...messageMail({
            senderName,
            message: input.message,
            link: `${deps.publicUrl}/chats/${input.chatId}`,
          }),
        });
      } catch (error) {
        deps.logger.error('message notice failed', String(error));
      }
    },
  };
}

export type ChatNotices = ReturnType<typeof createChatNotices>;
