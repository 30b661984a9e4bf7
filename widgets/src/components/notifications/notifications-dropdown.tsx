import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, type UIEvent, useRef } from 'react';
import { NotificationsList, type NotificationsListProps } from './notifications-list.tsx';
import styles from './notifications-panel.css?inline';
import { NOTIFICATIONS_TEXT as T } from './notifications-text.ts';

export interface NotificationsDropdownProps extends NotificationsListProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel's id, which the bell's `aria-controls` names. */
  id: string;
  /** The bell: focus goes back to it when the panel closes from inside (Escape, a choice). */
  bell: RefObject<HTMLButtonElement | null>;
  /** Where the panel is placed from (it is shown as a popover, see `useAnchoredPanel`). */
  panelRef: (panel: HTMLDivElement | null) => void;
  /** Keeps the panel open when a click outside it is still inside the widget (the bell). */
  onInteractOutside: (event: {
    detail: { originalEvent: Event };
    preventDefault(): void;
    defaultPrevented: boolean;
  }) => void;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * The dropdown panel under the bell: a non-modal dialog that closes on Escape and on a click
 * outside the widget. Loaded on the first open (`NotificationsView`) with the panel's styles, so a
 * page that never opens it downloads none of the dialog's code.
 *
 * @example
 * <NotificationsDropdown open={open} onOpenChange={setOpen} id={panelId} bell={bell} … />
 */
export function NotificationsDropdown({
  open,
  onOpenChange,
  id,
  bell,
  panelRef,
  onInteractOutside,
  onScroll,
  ...list
}: NotificationsDropdownProps) {
  // A click elsewhere on the page keeps its focus; closing from inside returns focus to the bell.
  const wentOutside = useRef(false);
  return (
    <>
      <style>{styles}</style>
      <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <Dialog.Content
          ref={panelRef}
          id={id}
          className="notifications notifications--dropdown"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentOutside.current) bell.current?.focus();
            wentOutside.current = false;
          }}
          onScroll={onScroll}
          onInteractOutside={(event) => {
            onInteractOutside(event);
            if (!event.defaultPrevented) wentOutside.current = true;
          }}
        >
          <div className="notifications__header">
            <Dialog.Title className="notifications__title">{T.title}</Dialog.Title>
          </div>
          <NotificationsList {...list} />
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
