import type { AdminFile } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import { useState } from 'react';
import { ADMIN_TOASTS, ADMIN_UI } from '../admin-toasts.ts';
import { serverMessageOr } from '../api/error-message.ts';
import { decodeCsvFile } from './csv-file.ts';

function saveText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the moment it needs to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a table as CSV with the table's filters: 'File downloaded successfully', 'Invalid file
 * data' when the answer holds no file, otherwise the server's message or the entity's failure toast.
 */
export function DownloadButton({
  download,
  failure = ADMIN_TOASTS.downloadFailed,
}: {
  download: () => Promise<AdminFile>;
  /** The entity's failure text (admin-panel §8), e.g. 'Bookings download failed. Please try again.' */
  failure?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const csv = decodeCsvFile(await download());
      if (!csv) {
        toast.error(ADMIN_TOASTS.invalidFileData);
        return;
      }
      saveText(csv.fileName, csv.text);
      toast.success(ADMIN_TOASTS.fileDownloaded);
    } catch (error) {
      toast.error(serverMessageOr(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {ADMIN_UI.download}
    </button>
  );
}
