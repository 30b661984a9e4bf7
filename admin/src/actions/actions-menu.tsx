import { ConfirmDialog } from '@fm/widgets/kit';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { ADMIN_UI } from '../admin-toasts.ts';

export interface MenuAction {
  label: string;
  onSelect: () => Promise<unknown> | undefined;
  /** Ask first (delete): the dialog's title and text. */
  confirm?: { title: string; text: string; confirmLabel: string };
  danger?: boolean;
}

/**
 * The Actions dropdown of a detail page (admin-panel §2): a keyboard-usable menu (Radix) whose
 * dangerous items ask for confirmation in a dialog that keeps focus.
 */
export function ActionsMenu({
  actions,
  label = ADMIN_UI.actions,
  name,
}: {
  actions: readonly MenuAction[];
  label?: string;
  /** The button's accessible name when several menus share a page (one per table row). */
  name?: string;
}) {
  const [asking, setAsking] = useState<MenuAction | null>(null);
  // What a dialog opened from the menu gives focus back to when it closes (the items are gone).
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: MenuAction) => {
    setBusy(true);
    try {
      await action.onSelect();
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <>
      {/* Not modal: a modal menu sets aria-hidden on the page around it while its links stay
          focusable (axe aria-hidden-focus); Escape and a click outside still close it. */}
      <Menu.Root modal={false}>
        <Menu.Trigger asChild>
          <button
            type="button"
            ref={button}
            className="button button--secondary"
            aria-busy={busy || undefined}
            aria-label={name}
          >
            {label}
            <span aria-hidden="true"> ▾</span>
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="actions-menu" align="end" sideOffset={4}>
            {actions.map((action) => (
              <Menu.Item
                key={action.label}
                className={`actions-menu__item${action.danger ? ' actions-menu__item--danger' : ''}`}
                onSelect={() => {
                  button.current?.focus();
                  if (action.confirm) setAsking(action);
                  else void run(action);
                }}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {asking?.confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open && !busy) setAsking(null);
          }}
          title={asking.confirm.title}
          confirmLabel={asking.confirm.confirmLabel}
          onConfirm={() => void run(asking)}
          pending={busy}
        >
          {asking.confirm.text}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
