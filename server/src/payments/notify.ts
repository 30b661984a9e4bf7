import { PRODUCT_NAME } from '@fm/sdk/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
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
 * Writes a money notice — a notification row each and an e-mail in the outbox — with `executor`
 * (an open transaction, so the notice commits or rolls back with the money movement). Answers the
 * notification ids, to push once the writes are committed.
 */
export async function recordNotice(
  ctx: Pick<PaymentsContext, 'mailer' | 'now'>,
  executor: Tx | PaymentsContext['db'],
  notice: MoneyNotice,
): Promise<string[]> {
  const ids = [...new Set(notice.userIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return [];
  const createdAt = ctx.now();
  const created = await executor
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
  const recipients = await executor
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(inArray(user.id, ids));
  for (const r of recipients) {
    await ctx.mailer.send(
      {
        to: r.email,
        subject: `${PRODUCT_NAME}: ${notice.subject}`,
        text: `Hello ${r.firstName || 'there'},\n\n${notice.message}\n\n${PRODUCT_NAME}`,
      },
      { tx: executor },
    );
  }
  return created.map((row) => row.id);
}

/**
 * Tells people about money: a notification row each (pushed to their rooms at once, polled as the
 * fallback) and an e-mail. A failure to notify never undoes the money movement that caused it: it
 * is logged.
 */
export async function notifyUsers(ctx: PaymentsContext, notice: MoneyNotice): Promise<void> {
  try {
    await pushNotifications(ctx, await recordNotice(ctx, ctx.db, notice));
  } catch (error) {
    ctx.logger.error('payment notification failed', error);
  }
}
