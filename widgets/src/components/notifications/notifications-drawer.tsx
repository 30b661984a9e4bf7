import type { UIEvent } from 'react';
import { Drawer } from '../../kit/dialogs/drawer.tsx';
import { NotificationsList, type NotificationsListProps } from './notifications-list.tsx';
import styles from './notifications-panel.css?inline';
import { NOTIFICATIONS_TEXT as T } from './notifications-text.ts';

export interface NotificationsDrawerProps extends NotificationsListProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of the drawer's title, which names the dialog. */
  titleId: string;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * The panel as a drawer from the bottom (small screens): a modal `<dialog>` with a close button.
 * Loaded on the first open (`NotificationsView`) with the panel's styles, so a page that never
 * opens it downloads none of it.
 *
 * @example
 * <NotificationsDrawer open={open} onOpenChange={setOpen} titleId={titleId} onScroll={onScroll} … />
 */
export function NotificationsDrawer({
  open,
  onOpenChange,
  titleId,
  onScroll,
  ...list
}: NotificationsDrawerProps) {
  return (
    <>
      <style>{styles}</style>
      <Drawer
        open={open}
        onOpenChange={onOpenChange}
        labelledBy={titleId}
        className="notifications notifications--drawer"
        onScroll={onScroll}
      >
        <div className="notifications__handle" aria-hidden="true" />
        <div className="notifications__header">
          <h2 className="notifications__title" id={titleId}>
            {T.title}
          </h2>
          <button
            type="button"
            className="notifications__close"
            aria-label={T.close}
            onClick={() => onOpenChange(false)}
          >
            ×
          </button>
        </div>
        <NotificationsList {...list} />
      </Drawer>
    </>
  );
}
