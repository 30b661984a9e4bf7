import { PRODUCT_NAME } from '@fm/sdk/contracts';
import { inArray } from 'drizzle-orm';
import { notification, user } from '../db/schema/index.ts';
import { pushNotifications } from '../features/notifications/push.ts';
import type { PaymentsContext } from './context.ts';

export interface MoneyNotice {
  /** Who reads it (duplicates and nulls are dropped). */
  userIds: readonly (string | null | undefined)[];
  actorId?: string | null | undefined;
  type: string;
  message: string;
  link: string;
  /** The e-mail's subject; the message is its text. */
  subject: string;
}

/**
 * Tells people about money: a notification row each (pushed to their rooms at once, polled as the
 * fallback) and an e-mail. A failure to
 * notify never undoes the money movement that caused it: it is logged.
 */
export async function notifyUsers(ctx: PaymentsContext, notice: MoneyNotice): Promise<void> {
  const ids = [...new Set(notice.userIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  try {
    const createdAt = ctx.now();
    const created = await ctx.db
      .insert(notification)
      .values(
        ids.map((userId) => ({
          userId,
          actorId: notice.actorId ?? null,
          type: notice.type,
          message: notice.message,
          link: notice.link,
          createdAt,
        })),
      )
      .returning({ id: notification.id });
    await pushNotifications(
      ctx,
      created.map((row) => row.id),
    );
    const recipients = await ctx.db
      .select({ email: user.email, firstName: user.firstName })
      .from(user)
      .where(inArray(user.id, ids));
    for (const r of recipients) {
      await ctx.mailer.send({
        to: r.email,
        subject: `${PRODUCT_NAME}: ${notice.subject}`,
        text: `Hello ${r.firstName || 'there'},\n\n${notice.message}\n\n${PRODUCT_NAME}`,
      });
    }
  } catch (error) {
    ctx.logger.error('payment notification failed', error);
  }
}

/**
 * For hooks that run inside another feature's open transaction: the notice is written once that
 * transaction has let go of the database (a write from here now would wait for its lock).
 */
export async function notifyAfterCommit(ctx: PaymentsContext, notice: MoneyNotice): Promise<void> {
  setTimeout(() => {
    void notifyUsers(ctx, notice);
  }, 0);
}
