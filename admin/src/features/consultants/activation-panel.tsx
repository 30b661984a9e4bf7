import type { ActivationLink } from '@fm/sdk/contracts';
import { formatActivationExpiry, toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { errorMessage } from '../../api/error-message.ts';

/**
 * The pending activation link of an account an admin created (rule 6, admin-panel §6): the link to
 * pass on, when it expires (`d MMM, yyyy, h:mm a`), and a button that issues a fresh one.
 */
export function ActivationPanel({
  userId,
  activation,
}: {
  userId: string;
  activation: ActivationLink | null;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const linkId = useId();
  if (!activation) return null;
  const reissue = async () => {
    setBusy(true);
    try {
      await adminApi.issueActivationLink(userId);
      await queryClient.invalidateQueries({ queryKey: ['user', userId] });
      await queryClient.invalidateQueries({ queryKey: ['franchise'] });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="activation">
      <label className="field__label" htmlFor={linkId}>
        {ADMIN_UI.activationLink}
      </label>
      <input id={linkId} className="field__input" readOnly value={activation.link} />
      <p className="field__hint" data-testid="activation-expiry">
        {activation.expired ? 'Expired' : 'Expires'} {formatActivationExpiry(activation.expiresAt)}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void reissue()}
        disabled={busy}
        aria-busy={busy}
      >
        {ADMIN_UI.issueFreshLink}
      </button>
    </div>
  );
}
