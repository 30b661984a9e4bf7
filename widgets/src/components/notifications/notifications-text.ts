/** The notifications panel's texts (user-area §2, §8); the error's operation text comes from the SDK. */
export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  bell: 'Notifications',
  bellUnread: (count: number) => `Notifications, ${count} unread`,
  list: 'Notifications list',
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet',
  loading: 'Loading notifications…',
  retry: 'Try again',
  loadMore: 'Load more',
  close: 'Close notifications',
  unread: 'Unread',
  signIn: 'Log in to see your notifications.',
  signInLink: 'Log In',
} as const;
