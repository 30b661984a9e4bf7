import { ConfirmDialog } from '@fm/widgets/kit';
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={PROFILE_MENU_TEXT.logOut}
      confirmLabel={PROFILE_MENU_TEXT.logOut}
      onConfirm={() => void logOut()}
      pending={pending}
    >
      Are you sure you want to log out?
    </ConfirmDialog>
  );
}
