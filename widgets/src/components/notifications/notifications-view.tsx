import { lazy, Suspense, type UIEvent, useId, useRef, useState } from 'react';
import { useAnchoredPanel } from '../../kit/dialogs/anchored-panel.ts';
import type { WidgetTheme } from '../../theme.ts';
import styles from './notifications.css?inline';
import type { NotificationsListProps } from './notifications-list.tsx';
import { nearBottom } from './notifications-state.ts';
import { NOTIFICATIONS_TEXT as T } from './notifications-text.ts';

/**
 * The panel (the dropdown's dialog or the drawer, the list and their styles) arrives with the first
 * open: a page that never opens it skips it.
 */
const NotificationsDropdown = lazy(() =>
  import('./notifications-dropdown.tsx').then((m) => ({ default: m.NotificationsDropdown })),
);
const NotificationsDrawer = lazy(() =>
  import('./notifications-drawer.tsx').then((m) => ({ default: m.NotificationsDrawer })),
);

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

export interface NotificationsViewProps extends NotificationsListProps {
  /** Whether the panel is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A bottom drawer (under 768 px) instead of a dropdown under the bell. */
  drawer?: boolean | undefined;
  theme?: WidgetTheme | undefined;
}

/** Room between the bell and the dropdown under it, in CSS pixels. */
const DROPDOWN_GAP = 8;

/**
 * The bell with its unread badge and the notifications panel (user-area §2), a pure view of its
 * state: a dropdown under the bell, or a drawer from the bottom on small screens. Both open in the
 * top layer (a popover placed under the bell, kept inside the viewport; a modal `<dialog>`), so a
 * brand's clipping or transformed container cannot cut them off; in the DOM they stay inside the
 * widget's own root (also in `<fm-notifications>`'s shadow root), where its styles reach them.
 *
 * @example
 * <NotificationsView state={state} open={open} onOpenChange={setOpen} onChoose={go} … />
 */
export function NotificationsView({
  open,
  onOpenChange,
  drawer = false,
  theme = 'light',
  ...list
}: NotificationsViewProps) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  useAnchoredPanel(anchor, panel, open && !drawer, DROPDOWN_GAP);
  const titleId = useId();
  const panelId = useId();
  const bell = useRef<HTMLButtonElement | null>(null);
  // Mounted from the first open on, so that it can animate closed and open again at once.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const unread = list.state.unreadCount;
  // Inside a shadow root, document listeners see the host as the target: a click in the panel
  // would look like one outside it. The composed path tells the truth.
  const keepIfInside = (event: { detail: { originalEvent: Event }; preventDefault(): void }) => {
    const path = event.detail.originalEvent.composedPath();
    if (root && path.includes(root)) event.preventDefault();
  };
  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (nearBottom(event.currentTarget)) list.onLoadMore();
  };
  const bellLabel = unread > 0 ? T.bellUnread(unread) : T.bell;
  const bellFace = (
    <>
      <BellIcon />
      {unread > 0 ? (
        <span className="notifications-bell__badge" aria-hidden="true" data-testid="bell-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </>
  );

  return (
    <div className="fm-notifications" data-theme={theme} ref={setRoot}>
      <style>{styles}</style>
      {drawer ? (
        <>
          <button
            type="button"
            className="notifications-bell"
            aria-label={bellLabel}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => onOpenChange(true)}
          >
            {bellFace}
          </button>
          {opened && (
            <Suspense fallback={null}>
              <NotificationsDrawer
                {...list}
                open={open}
                onOpenChange={onOpenChange}
                titleId={titleId}
                onScroll={onScroll}
              />
            </Suspense>
          )}
        </>
      ) : (
        <span className="notifications__anchor" ref={setAnchor}>
          <button
            type="button"
            ref={bell}
            className="notifications-bell"
            aria-label={bellLabel}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            data-state={open ? 'open' : 'closed'}
            onClick={() => onOpenChange(!open)}
          >
            {bellFace}
          </button>
          {opened && (
            <Suspense fallback={null}>
              <NotificationsDropdown
                {...list}
                open={open}
                onOpenChange={onOpenChange}
                id={panelId}
                bell={bell}
                panelRef={setPanel}
                onInteractOutside={keepIfInside}
                onScroll={onScroll}
              />
            </Suspense>
          )}
        </span>
      )}
    </div>
  );
}
