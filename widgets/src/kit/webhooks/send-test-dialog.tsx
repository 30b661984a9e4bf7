import type { WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_OPERATIONS,
  WEBHOOK_TEXT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { DialogActions } from '../dialogs/dialog-actions.tsx';
import { useFocusReturn } from '../dialogs/focus-return.ts';

export interface SendTestDialogProps {
  /** The endpoint to send to; the dialog is open while there is one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  sendTest: WebhooksApi['sendTest'];
  failureText: (error: unknown, fallback: string) => string;
  onSent: (delivery: WebhookDelivery) => void;
}

/**
 * "Send test event": one of the endpoint's events, sent as a sample through the normal delivery
 * path (signed, logged, retried). A refusal (a disabled endpoint) is shown above the buttons.
 *
 * @example
 * <SendTestDialog endpoint={testing} onClose={() => setTesting(null)} sendTest={webhooks.sendTest}
 *   failureText={serverMessageOr} onSent={refreshLog} />
 */
export function SendTestDialog(props: SendTestDialogProps) {
  const endpoint = props.endpoint;
  return (
    <Dialog.Root
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
    >
      {endpoint ? <SendTestContent {...props} endpoint={endpoint} /> : null}
    </Dialog.Root>
  );
}

function SendTestContent(props: SendTestDialogProps & { endpoint: WebhookEndpoint }) {
  const id = useId();
  const focusReturn = useFocusReturn();
  const [eventType, setEventType] = useState<WebhookEventType | undefined>(
    props.endpoint.events[0],
  );
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => {
    setError(null);
    setPending(true);
    try {
      const delivery = await props.sendTest(props.endpoint.id, eventType ? { eventType } : {});
      props.onSent(delivery);
    } catch (failure) {
      setError(props.failureText(failure, WEBHOOK_OPERATIONS.sendTestWebhook));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <Dialog.Content className="dialog webhooks-dialog" {...focusReturn}>
        <Dialog.Title className="dialog__title">{WEBHOOK_TEXT.sendTest}</Dialog.Title>
        <Dialog.Description className="dialog__text webhooks-url">
          {props.endpoint.url}
        </Dialog.Description>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-event`}>
            {WEBHOOK_TEXT.event}
          </label>
          <select
            id={`${id}-event`}
            className="field__input field__select"
            value={eventType}
            onChange={(e) =>
              setEventType(props.endpoint.events.find((type) => type === e.target.value))
            }
          >
            {props.endpoint.events.map((type) => (
              <option key={type} value={type}>
                {type} — {WEBHOOK_EVENTS[type]}
              </option>
            ))}
          </select>
        </div>
        <DialogActions cancelLabel={WEBHOOK_TEXT.cancel} busy={pending} error={error}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void send()}
            disabled={pending}
            aria-busy={pending}
          >
            {WEBHOOK_TEXT.sendTest}
          </button>
        </DialogActions>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
