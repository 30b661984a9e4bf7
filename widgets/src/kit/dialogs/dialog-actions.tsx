import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * The foot of a dialog: why its action failed (if it did), a ghost button that closes it (off while
 * the action runs), then the dialog's own action.
 *
 * @example
 * <DialogActions busy={saving}>
 *   <button type="button" className="button button--primary" onClick={save}>Save</button>
 * </DialogActions>
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  busy = false,
  error = null,
  children,
}: {
  /** The closing button's text. */
  cancelLabel?: string;
  /** While true, the closing button is disabled. */
  busy?: boolean;
  /** The failure of the dialog's action, shown above the buttons. */
  error?: string | null;
  /** The action button(s). */
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--ghost" disabled={busy}>
            {cancelLabel}
          </button>
        </Dialog.Close>
        {children}
      </div>
    </>
  );
}
