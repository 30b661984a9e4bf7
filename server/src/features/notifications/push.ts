import { userRoomId } from '@fm/sdk/contracts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../http/logger.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { findNotifications, unreadCountOf } from './inbox.ts';

/** What {@link pushNotifications} needs. */
export interface NotificationPushDeps {
  db: Db;
  realtime: RealtimePublisher;
  logger: Logger;
}

/**
 * Pushes notification rows that were just created (and committed) to their owners' user rooms as
 * `{ type: 'notification', notification, unreadCount }` frames, so the bell updates at once (rule 12).
 * Call it after the transaction that wrote the rows has committed. Never throws: a failure is
 * logged and the clients' poll is the fallback.
 *
 * @example
 * const [row] = await db.insert(notification).values({...}).returning({ id: notification.id });
 * await pushNotifications({ db, realtime, logger }, [row.id]);
 */
export async function pushNotifications(
  deps: NotificationPushDeps,
  notificationIds: readonly string[],
): Promise<void> {
  try {
    const found = await findNotifications(deps.db, notificationIds);
    const unread = new Map<string, number>();
    for (const userId of new Set(found.map((f) => f.userId))) {
      unread.set(userId, await unreadCountOf(deps.db, userId));
    }
    await Promise.all(
      found.map(({ userId, notification }) =>
        deps.realtime.publish([userRoomId(userId)], {
          type: 'notification',
          notification,
          unreadCount: unread.get(userId) ?? 0,
        }),
      ),
    );
  } catch (error) {
    deps.logger.error('notification push failed', String(error));
  }
}
