import { TOASTS } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_UI } from '../admin-toasts.ts';
import { adminApi } from '../api/client.ts';

/**
 * Starts processing of pending payments (`POST /api/users/cron-manual-trigger`, admin-panel §4):
 * 'Manual processing completed successfully' or 'Failed to start manual processing'.
 */
export function ManualProcessingButton() {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const run = async () => {
    setBusy(true);
    try {
      await adminApi.runManualProcessing();
      toast.success(TOASTS.manualProcessingCompleted);
      await queryClient.invalidateQueries();
    } catch {
      toast.error(TOASTS.manualProcessingFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {ADMIN_UI.manualProcessing}
    </button>
  );
}
