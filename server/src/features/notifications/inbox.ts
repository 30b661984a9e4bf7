import type {
  MarkNotificationsReadInput,
  MarkNotificationsReadResult,
  Notification,
  NotificationList,
} from '@fm/sdk/contracts';
import { and, count, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { notification, user } from '../../db/schema/index.ts';

/**
 * Unread notifications of the user, written as the partial index `notification_unread_idx` is
 * (a literal 0, not a bound value), so SQLite reads only the unread entries.
 */
const unreadOfUser = (userId: SQLWrapper) =>
  and(eq(notification.userId, userId), sql`${notification.isRead} = 0`);

/** How many notifications the user has, and how many of them are unread. */
export async function countsOf(db: Db, userId: string): Promise<{ total: number; unread: number }> {
  const [total, unread] = await Promise.all([
    totalQuery(db).get({ userId }),
    unreadCountOf(db, userId),
  ]);
  return { total: total?.count ?? 0, unread };
}

/** How many of the user's notifications are unread (the bell's count, sent with every push). */
export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  return (await unreadQuery(db).get({ userId }))?.count ?? 0;
}

// Built once: read for every push and every list. The total counts the user's index entries.
const totalQuery = preparedOnce((db: Db) =>
  db
    .select({ count: count() })
    .from(notification)
    .where(eq(notification.userId, sql.placeholder('userId')))
    .prepare(),
);
const unreadQuery = preparedOnce((db: Db) =>
  db
    .select({ count: count() })
    .from(notification)
    .where(unreadOfUser(sql.placeholder('userId')))
    .prepare(),
);

/** Notifications as the contract shows them: with the avatar and name of who caused each. */
function selectNotifications(db: Db) {
  return db
    .select({
      id: notification.id,
      userId: notification.userId,
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
    .leftJoin(user, eq(user.id, notification.actorId));
}

/** Read for every push of notifications (their ids as a JSON array): built once. */
const notificationsById = preparedOnce((db: Db) =>
  selectNotifications(db)
    .where(sql`${notification.id} in (select value from json_each(${sql.placeholder('ids')}))`)
    .orderBy(notification.createdAt, notification.id)
    .prepare(),
);

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['where']>>[number];

function toNotification({ userId: _owner, ...row }: NotificationRow): Notification {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The notifications with these ids, with whose they are (for pushing them to their owners).
 *
 * @example
 * const rows = await findNotifications(db, [id]); // [{ userId, notification }]
 */
export async function findNotifications(
  db: Db,
  ids: readonly string[],
): Promise<{ userId: string; notification: Notification }[]> {
  if (ids.length === 0) return [];
  const rows = await notificationsById(db).all({ ids: JSON.stringify(ids) });
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
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
  const [rows, counts] = await Promise.all([
    selectNotifications(db)
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countsOf(db, userId),
  ]);
  return {
    total: counts.total,
    unreadCount: counts.unread,
    page: query.page,
    limit: query.limit,
    data: rows.map(toNotification),
  };
}

/** Marks notifications of the user read (the given ids, or all); others' ids change nothing. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<MarkNotificationsReadResult> {
  const mine = unreadOfUser(sql.param(userId));
  const updated = await db
    .update(notification)
    .set({ isRead: true })
    .where('ids' in input ? and(mine, inArray(notification.id, input.ids)) : mine)
    .returning({ id: notification.id });
  return { updated: updated.length, unreadCount: await unreadCountOf(db, userId) };
}
