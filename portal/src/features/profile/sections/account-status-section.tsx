import { GENERIC_MESSAGES, type OwnProfile } from '@fm/sdk/contracts';
import {
  DISPLAY_STATUS_EXPLANATIONS,
  DialogActions,
  displayStatus,
  isGoodStanding,
} from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { api, clearBrowserStorage } from '../../../shared/api-client.ts';
import { PATHS } from '../../../shared/paths.ts';
import { failureText } from '../profile-toasts.ts';

/**
 * Account Status: the display status of user-area §4 with what it means, and deleting the account
 * (after a confirmation; then everything stored in the browser is cleared and the landing page
 * opens).
 */
export function AccountStatusSection({ profile }: { profile: OwnProfile }) {
  const status = displayStatus(profile.role, profile);
  return (
    <>
      <section className="profile-form__group" aria-labelledby="status-title">
        <h2 className="profile-form__group-title" id="status-title">
          Status
        </h2>
        <p className="account-status">
          <span
            className={isGoodStanding(status) ? 'pill pill--success' : 'pill pill--warning'}
            data-testid="account-status"
          >
            {status}
          </span>
          <span>{DISPLAY_STATUS_EXPLANATIONS[status]}</span>
        </p>
      </section>
      <DeleteAccount />
    </>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setPending(true);
    setError(null);
    try {
      await api.profile.deleteAccount();
    } catch (failure) {
      setError(failureText(failure, GENERIC_MESSAGES.somethingWentWrong));
      setPending(false);
      return;
    }
    clearBrowserStorage();
    // A full load: the signed-in area is gone and nothing of this account stays in memory.
    window.location.assign(PATHS.landing);
  };

  return (
    <section className="profile-form__group danger-zone" aria-labelledby="delete-title">
      <h2 className="profile-form__group-title" id="delete-title">
        Delete account
      </h2>
      <p className="profile-form__group-text">
        Deleting your account signs you out everywhere and removes your public profile. Meetings and
        payments stay on record for the other side and for accounting.
      </p>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!pending) {
            setOpen(next);
            setError(null);
          }
        }}
      >
        <Dialog.Trigger asChild>
          <button type="button" className="button button--danger">
            Delete account
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog--small" role="alertdialog">
            <Dialog.Title className="dialog__title">Delete account</Dialog.Title>
            <Dialog.Description className="dialog__text">
              Are you sure you want to delete your account? This cannot be undone.
            </Dialog.Description>
            <DialogActions busy={pending} error={error}>
              <button
                type="button"
                className="button button--danger"
                onClick={() => void remove()}
                disabled={pending}
                aria-busy={pending}
              >
                Delete account
              </button>
            </DialogActions>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
