import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions.tsx';
import { useFocusReturn } from './focus-return.ts';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  danger?: boolean;
}

/** Asks before an action that cannot be undone (delete a card, unsubscribe). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  danger = true,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--small" role="alertdialog" {...focusReturn}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__text">{children}</Dialog.Description>
          <DialogActions>
            <button
              type="button"
              className={danger ? 'button button--danger' : 'button button--primary'}
              onClick={onConfirm}
              disabled={pending}
              aria-busy={pending}
            >
              {confirmLabel}
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
