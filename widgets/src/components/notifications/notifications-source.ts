import type {
  MarkNotificationsReadInput,
  MarkNotificationsReadResult,
  NotificationList,
  NotificationListQuery,
} from '@fm/sdk/contracts';
import { type ApiClient, listNotifications, markNotificationsRead } from '@fm/sdk/embed';

/**
 * The calls the notifications widget makes. In an app it is the SDK's `client.notifications`
 * (see {@link notificationsSourceOf}); stories pass fixtures.
 *
 * @example
 * const source: NotificationsSource = notificationsSourceOf(api);
 */
export interface NotificationsSource {
  list(query: NotificationListQuery): Promise<NotificationList>;
  markRead(input: MarkNotificationsReadInput): Promise<MarkNotificationsReadResult>;
}

/**
 * The SDK client as a notifications source.
 *
 * @example
 * <Notifications source={notificationsSourceOf(api)} />
 */
export function notificationsSourceOf(client: ApiClient): NotificationsSource {
  return {
    list: (query) => listNotifications(client.http, query),
    markRead: (input) => markNotificationsRead(client.http, input),
  };
}
