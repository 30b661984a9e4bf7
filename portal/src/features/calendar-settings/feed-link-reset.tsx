import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { ConfirmDialog } from '@fm/widgets/kit';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';

export const FEED_RESET_TEXT = {
  button: 'Reset link',
  title: 'Reset the calendar feed link?',
  confirm:
    'The current address stops working at once: calendars subscribed to it stop updating. Subscribe again with the new address.',
  done: 'A new feed link is ready',
} as const;

/**
 * "Reset link" for the private calendar feed: after a confirmation, a new address
 * replaces the old one, which stops working at once.
 */
export function FeedLinkReset({ onReset }: { onReset: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const reset = async () => {
    setPending(true);
    try {
      const { icalFeedUrl } = await api.calendar.rotateFeed();
      onReset(icalFeedUrl);
      setOpen(false);
      toast.success(FEED_RESET_TEXT.done);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        {FEED_RESET_TEXT.button}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={FEED_RESET_TEXT.title}
        confirmLabel={FEED_RESET_TEXT.button}
        pending={pending}
        onConfirm={() => void reset()}
      >
        {FEED_RESET_TEXT.confirm}
      </ConfirmDialog>
    </>
  );
}
