import { useFocusReturn } from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, clearBrowserStorage } from '../shared/api-client.ts';
import { PATHS } from '../shared/paths.ts';
import { PROFILE_MENU_TEXT } from './nav-items.ts';

interface LogOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks before logging out; then signs out, clears local and session storage and returns to the
 * landing page (user-area §4).
 */
export function LogOutDialog({ open, onOpenChange }: LogOutDialogProps) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const focusReturn = useFocusReturn();

  const logOut = async () => {
    setPending(true);
    // Leave the signed-in page first, rendered at once (flushSync), so that its guard is gone
    // when the credentials are: it would send the user to sign-in instead.
    await navigate(PATHS.landing, { flushSync: true });
    try {
      await api.auth.signOut();
    } catch {
      // The SDK clears the credentials even when the server cannot be reached.
    } finally {
      clearBrowserStorage();
      setPending(false);
      onOpenChange(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--small" role="alertdialog" {...focusReturn}>
          <Dialog.Title className="dialog__title">{PROFILE_MENU_TEXT.logOut}</Dialog.Title>
          <Dialog.Description className="dialog__text">
            Are you sure you want to log out?
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--ghost">
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void logOut()}
              disabled={pending}
              aria-busy={pending}
            >
              {PROFILE_MENU_TEXT.logOut}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
