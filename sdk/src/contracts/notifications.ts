import * as v from 'valibot';
import { MAX_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from './constants.ts';
import { queryCount } from './paging.ts';

/**
 * Notifications (user-area §3, §7): what happened to the user's meetings, messages and money,
 * newest first, unread until marked read.
 */

/** `GET /api/users/notifications?page&limit`. */
export const NotificationListQuerySchema = v.object({
  page: v.optional(queryCount(1_000_000), 1),
  limit: v.optional(queryCount(MAX_PAGE_SIZE), NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = v.InferInput<typeof NotificationListQuerySchema>;

/** One notification, with who caused it (avatar and name) when someone did. */
export const NotificationSchema = v.object({
  id: v.string(),
  type: v.string(),
  message: v.string(),
  /** Where it leads in the portal (`/bookings/{id}`, `/chats/{id}`), if anywhere. */
  link: v.nullable(v.string()),
  isRead: v.boolean(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  avatar: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

export const NotificationListSchema = v.object({
  total: v.number(),
  /** Unread notifications in all pages (the bell's badge). */
  unreadCount: v.number(),
  page: v.number(),
  limit: v.number(),
  data: v.array(NotificationSchema),
});
export type NotificationList = v.InferOutput<typeof NotificationListSchema>;

/**
 * `POST /api/users/notifications/read`: marks the given notifications of the user read, or all of
 * them with `all: true`. Ids of other users' notifications are ignored.
 */
export const MarkNotificationsReadInputSchema = v.union([
  v.strictObject({
    ids: v.pipe(
      v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
      v.minLength(1, 'Choose at least one notification'),
      v.maxLength(MAX_PAGE_SIZE),
    ),
  }),
  v.strictObject({ all: v.literal(true) }),
]);
export type MarkNotificationsReadInput = v.InferInput<typeof MarkNotificationsReadInputSchema>;

export const MarkNotificationsReadResultSchema = v.object({
  updated: v.number(),
  unreadCount: v.number(),
});
export type MarkNotificationsReadResult = v.InferOutput<typeof MarkNotificationsReadResultSchema>;

/** Notifications (the SDK's `notifications.ts`). */
export const NOTIFICATION_OPERATIONS = {
  fetchNotifications: 'Error fetching notifications',
  markNotificationRead: 'Error marking notification as read',
} as const;
