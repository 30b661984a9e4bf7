import { NOTIFICATIONS_LOAD_MORE_PX, type Notification } from '@fm/sdk/contracts';
import { useNavigate } from 'react-router';
import { formatWhen, initialsOf } from './notification-format.ts';
import type { useNotifications } from './use-notifications.ts';

type Notifications = ReturnType<typeof useNotifications>;

/** Whether a scrolled element is within `NOTIFICATIONS_LOAD_MORE_PX` of its bottom. */
export function nearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - NOTIFICATIONS_LOAD_MORE_PX;
}

function Avatar({ notification }: { notification: Notification }) {
  return notification.avatar ? (
    <img className="notification__avatar" src={notification.avatar} alt="" />
  ) : (
    <span className="notification__avatar notification__avatar--initials" aria-hidden="true">
      {initialsOf(notification.firstName, notification.lastName)}
    </span>
  );
}

/**
 * The notifications panel's content: newest first, unread ones marked, each opening where it
 * leads (and marking it read), "Mark all as read", and the next page as the list nears its end.
 */
export function NotificationsList({
  notifications,
  onNavigate,
}: {
  notifications: Notifications;
  /** Called before following a notification's link (closes the panel). */
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const { items, loading, error, unreadCount, total } = notifications;
  const now = new Date();

  const choose = (n: Notification) => {
    void notifications.markRead(n);
    if (n.link) {
      onNavigate();
      void navigate(n.link);
    }
  };

  return (
    <>
      {unreadCount > 0 ? (
        <div className="notifications__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void notifications.markAllRead()}
          >
            Mark all as read
          </button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className="notifications__list" aria-label="Notifications list">
          {items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`notification${n.isRead ? '' : ' notification--unread'}`}
                onClick={() => choose(n)}
                data-testid="notification"
              >
                <Avatar notification={n} />
                <span className="notification__body">
                  {n.firstName || n.lastName ? (
                    <span className="notification__name">
                      {`${n.firstName ?? ''} ${n.lastName ?? ''}`.trim()}
                    </span>
                  ) : null}
                  <span className="notification__message">{n.message}</span>
                  <time className="notification__time" dateTime={n.createdAt}>
                    {formatWhen(n.createdAt, now)}
                  </time>
                </span>
                {n.isRead ? null : (
                  <span className="notification__dot">
                    <span className="visually-hidden">Unread</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <div className="notifications__error" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--ghost" onClick={notifications.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {loading ? (
        <p className="notifications__status" role="status">
          Loading notifications…
        </p>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <p className="notifications__empty">No notifications yet</p>
      ) : null}
      {!loading && items.length > 0 && items.length < total ? (
        <button
          type="button"
          className="button button--ghost notifications__more"
          onClick={notifications.loadMore}
        >
          Load more
        </button>
      ) : null}
    </>
  );
}
