import {
  type MarkNotificationsReadInput,
  MarkNotificationsReadInputSchema,
  type MarkNotificationsReadResult,
  MarkNotificationsReadResultSchema,
  NOTIFICATION_OPERATIONS,
  type NotificationList,
  type NotificationListQuery,
  NotificationListQuerySchema,
  NotificationListSchema,
} from './contracts/index.ts';
import { type Http, type RequestOptions, withQuery } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { validateInput } from './validate-input.ts';

/**
 * The signed-in user's notifications (user-area §7): one page at a time, newest first, and
 * marking them read.
 *
 * @example
 * ```ts
 * const { data, unreadCount } = await api.notifications.list({ page: 1 });
 * ```
 */
export interface NotificationsApi {
  /**
   * One page (`GET users/notifications?page&limit`; 10 a page by default), with the total and the
   * unread count. Bypasses caches: the portal polls it every `NOTIFICATIONS_POLL_MS`.
   *
   * @example
   * ```ts
   * const page2 = await api.notifications.list({ page: 2 });
   * ```
   */
  list(
    query?: NotificationListQuery,
    options?: RequestOptions,
  ): PagedCall<NotificationList, NotificationList['data'][number]>;
  /**
   * Marks notifications read (`POST users/notifications/read`): `{ ids }` or `{ all: true }`.
   *
   * @example
   * ```ts
   * const { unreadCount } = await api.notifications.markRead({ ids: [n.id] });
   * ```
   */
  markRead(
    input: MarkNotificationsReadInput,
    options?: RequestOptions,
  ): Promise<MarkNotificationsReadResult>;
}

/**
 * `GET users/notifications`: the signed-in user's notifications, newest first, a page at a time
 * (awaitable for one page, async-iterable for every notification).
 *
 * @example
 * ```ts
 * const { data, unreadCount } = await listNotifications(api.http, { page: 1 });
 * ```
 */
export function listNotifications(
  http: Http,
  query: NotificationListQuery = {},
  options?: RequestOptions,
): PagedCall<NotificationList, NotificationList['data'][number]> {
  return paged(
    async (page) => {
      const q = page === undefined ? query : { ...query, page };
      validateInput('fetchNotifications', NOTIFICATION_OPERATIONS, NotificationListQuerySchema, q);
      return http.call(
        {
          operation: 'fetchNotifications',
          texts: NOTIFICATION_OPERATIONS,
          method: 'get',
          path: withQuery('users/notifications', { page: q.page, limit: q.limit }),
          response: NotificationListSchema,
          fresh: true,
        },
        options,
      );
    },
    (p) => p.data,
  );
}

/**
 * `POST users/notifications/read`: marks the given notifications (or all) read.
 *
 * @example
 * ```ts
 * const { unreadCount } = await markNotificationsRead(api.http, { ids: ['n1'] });
 * ```
 */
export async function markNotificationsRead(
  http: Http,
  input: MarkNotificationsReadInput,
  options?: RequestOptions,
): Promise<MarkNotificationsReadResult> {
  const json = validateInput(
    'markNotificationRead',
    NOTIFICATION_OPERATIONS,
    MarkNotificationsReadInputSchema,
    input,
  );
  return http.call(
    {
      operation: 'markNotificationRead',
      texts: NOTIFICATION_OPERATIONS,
      method: 'post',
      path: 'users/notifications/read',
      json,
      response: MarkNotificationsReadResultSchema,
    },
    options,
  );
}

/**
 * Creates the notification calls on a transport.
 *
 * @example
 * ```ts
 * const notifications = createNotificationsApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createNotificationsApi(http: Http): NotificationsApi {
  return {
    list: (query, options) => listNotifications(http, query, options),
    markRead: (input, options) => markNotificationsRead(http, input, options),
  };
}
