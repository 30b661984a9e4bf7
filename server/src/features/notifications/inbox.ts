import type {
  MarkNotificationsReadInput,
  MarkNotificationsReadResult,
  NotificationList,
} from '@fm/sdk/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notification, user } from '../../db/schema/index.ts';

/** How many of the user's notifications are unread (the bell's badge). */
async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.isRead, false)));
  return row?.n ?? 0;
}

/**
 * One page of the user's notifications, newest first, each with the avatar and name of who caused
 * it; with the total and the unread count.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  query: { page: number; limit: number },
): Promise<NotificationList> {
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select({
        id: notification.id,
        type: notification.type,
        message: notification.message,
        link: notification.link,
        isRead: notification.isRead,
        createdAt: notification.createdAt,
        avatar: user.profilePhoto,
        firstName: user.firstName,
        lastName: user.lastName,
      })
      .from(notification)
      .leftJoin(user, eq(user.id, notification.actorId))
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(notification).where(eq(notification.userId, userId)),
    unreadCountOf(db, userId),
  ]);
  return {
    total: total?.n ?? 0,
    unreadCount,
    page: query.page,
    limit: query.limit,
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** Marks notifications of the user read (the given ids, or all); others' ids change nothing. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<MarkNotificationsReadResult> {
  const mine = and(eq(notification.userId, userId), eq(notification.isRead, false));
  const updated = await db
    .update(notification)
    .set({ isRead: true })
    .where('ids' in input ? and(mine, inArray(notification.id, input.ids)) : mine)
    .returning({ id: notification.id });
  return { updated: updated.length, unreadCount: await unreadCountOf(db, userId) };
}
