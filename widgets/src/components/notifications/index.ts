export { formatWhen, initialsOf } from './notification-format.ts';
export { Notifications, type NotificationsProps } from './notifications.tsx';
export { NotificationsList, type NotificationsListProps } from './notifications-list.tsx';
export { type NotificationsSource, notificationsSourceOf } from './notifications-source.ts';
export {
  INITIAL as INITIAL_NOTIFICATIONS,
  type NotificationsState,
  nearBottom,
  withIncoming,
  withPage,
  withRead,
} from './notifications-state.ts';
export { NOTIFICATIONS_TEXT } from './notifications-text.ts';
export { NotificationsView, type NotificationsViewProps } from './notifications-view.tsx';
export {
  type NotificationsModel,
  type UseNotificationsOptions,
  useNotifications,
} from './use-notifications.ts';
