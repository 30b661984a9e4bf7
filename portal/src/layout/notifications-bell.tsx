import * as Dialog from '@radix-ui/react-dialog';
import { type UIEvent, useState } from 'react';
import { useIsMobile } from '../app/viewport.ts';
import { NotificationsList, nearBottom } from '../features/notifications/notifications-list.tsx';
import { useNotifications } from '../features/notifications/use-notifications.ts';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The bell and its notifications panel: a dropdown under the bell on desktop, a drawer from the
 * bottom under 768px wide (user-area §2).
 */
export function NotificationsBell() {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications(open);
  const unread = notifications.unreadCount;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (nearBottom(event.currentTarget)) notifications.loadMore();
  };
  const list = (
    <NotificationsList notifications={notifications} onNavigate={() => setOpen(false)} />
  );

  const trigger = (
    <Dialog.Trigger
      className="icon-button notifications-bell"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          className="badge notifications-bell__badge"
          aria-hidden="true"
          data-testid="bell-badge"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Dialog.Trigger>
  );

  if (isMobile) {
    return (
      <Dialog.Root open={open} onOpenChange={setOpen}>
        {trigger}
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content
            className="notifications notifications--drawer"
            aria-describedby={undefined}
            onScroll={onScroll}
          >
            <div className="drawer-handle" aria-hidden="true" />
            <div className="notifications__header">
              <Dialog.Title className="notifications__title">Notifications</Dialog.Title>
              <Dialog.Close className="icon-button" aria-label="Close notifications">
                ×
              </Dialog.Close>
            </div>
            {list}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <div className="notifications-anchor">
      <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
        {trigger}
        <Dialog.Content
          className="notifications notifications--dropdown"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onScroll={onScroll}
        >
          <div className="notifications__header">
            <Dialog.Title className="notifications__title">Notifications</Dialog.Title>
          </div>
          {list}
        </Dialog.Content>
      </Dialog.Root>
    </div>
  );
}
