import { DialogActions, FormAlert, SubmitButton, useFocusReturn } from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { ADMIN_UI } from '../admin-toasts.ts';

/**
 * A titled dialog holding a form of the control panel (Add Existing Franchisor, Create New
 * Franchisor, Edit Franchisor). Its content mounts only while open, so each opening starts from
 * fresh values.
 */
export function FormDialog({
  title,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} {...focusReturn}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {open ? children : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The end of a dialog's form: its message, Cancel (closes the dialog) and the submit button. */
export function FormDialogFooter({
  error,
  pending,
  submitLabel,
}: {
  error: string | null;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <FormAlert message={error} />
      <DialogActions cancelLabel={ADMIN_UI.cancel}>
        <SubmitButton pending={pending} className="button button--primary">
          {submitLabel}
        </SubmitButton>
      </DialogActions>
    </>
  );
}
