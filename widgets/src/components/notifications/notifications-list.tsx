import type { Notification } from '@fm/sdk/contracts';
import { formatWhen, initialsOf } from './notification-format.ts';
import type { NotificationsState } from './notifications-state.ts';
import { NOTIFICATIONS_TEXT as T } from './notifications-text.ts';

function Avatar({ notification }: { notification: Notification }) {
  return notification.avatar ? (
    <img className="notification__avatar" src={notification.avatar} alt="" />
  ) : (
    <span className="notification__avatar notification__avatar--initials" aria-hidden="true">
      {initialsOf(notification.firstName, notification.lastName)}
    </span>
  );
}

export interface NotificationsListProps {
  state: NotificationsState;
  /** A notification was chosen: mark it read and follow its link. */
  onChoose: (notification: Notification) => void;
  onMarkAllRead: () => void;
  onLoadMore: () => void;
  onRetry: () => void;
  /** "Now", for the relative times (stories fix it). */
  now?: Date | undefined;
  /** Nobody is signed in: the panel offers this sign-in link instead of a list. */
  signInHref?: string | undefined;
}

/**
 * The notifications panel's content: newest first, unread ones marked, each opening where it
 * leads, "Mark all as read", the error with a retry, and the next page as the list nears its end.
 * Messages are text: markup in them is shown as typed, never interpreted.
 *
 * @example
 * <NotificationsList state={state} onChoose={open} onMarkAllRead={all} onLoadMore={more} onRetry={retry} />
 */
export function NotificationsList({
  state,
  onChoose,
  onMarkAllRead,
  onLoadMore,
  onRetry,
  now = new Date(),
  signInHref,
}: NotificationsListProps) {
  const { items, loading, error, unreadCount, total } = state;
  if (signInHref) {
    return (
      <div className="notifications__empty">
        <p>{T.signIn}</p>
        <a className="notifications__button" href={signInHref}>
          {T.signInLink}
        </a>
      </div>
    );
  }
  return (
    <>
      {unreadCount > 0 ? (
        <div className="notifications__actions">
          <button type="button" className="notifications__button" onClick={onMarkAllRead}>
            {T.markAllRead}
          </button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className="notifications__list" aria-label={T.list}>
          {items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`notification${n.isRead ? '' : ' notification--unread'}`}
                onClick={() => onChoose(n)}
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
                    <span className="notifications__visually-hidden">{T.unread}</span>
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
          <button type="button" className="notifications__button" onClick={onRetry}>
            {T.retry}
          </button>
        </div>
      ) : null}
      {loading ? (
        <p className="notifications__status" role="status">
          {T.loading}
        </p>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <p className="notifications__empty">{T.empty}</p>
      ) : null}
      {!loading && items.length > 0 && items.length < total ? (
        <button
          type="button"
          className="notifications__button notifications__more"
          onClick={onLoadMore}
        >
          {T.loadMore}
        </button>
      ) : null}
    </>
  );
}
