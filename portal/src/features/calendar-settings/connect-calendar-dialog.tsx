import { isApiError } from '@fm/sdk';
import { CALENDAR_PROVIDERS, type CalendarProvider } from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { api } from '../../shared/api-client.ts';
import { CALENDAR_TEXT } from './calendar-text.ts';

export interface ConnectCalendarDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Leaves for the provider's consent page (tests replace it). */
  navigate?: (url: string) => void;
}

/**
 * The calendar connect modal (user-area §2): Google or Office 365. Asks the API for a one-time
 * connect URL (`api.bookings.calendarConnectUrl`) and leaves for it; when the server answers
 * 422, says that the provider is not configured on this server.
 */
export function ConnectCalendarDialog({
  open,
  onOpenChange,
  navigate = (url) => window.location.assign(url),
}: ConnectCalendarDialogProps) {
  const [pending, setPending] = useState<CalendarProvider | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const connect = async (provider: CalendarProvider) => {
    setPending(provider);
    setMessage(null);
    try {
      navigate(await api.bookings.calendarConnectUrl(provider));
    } catch (error) {
      const name = CALENDAR_TEXT.providerNames[provider];
      if (isApiError(error) && error.status === 422) {
        setMessage(error.serverMessage ?? CALENDAR_TEXT.notConfigured(name));
      } else setMessage(isApiError(error) ? error.message : String(error));
      setPending(null);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setMessage(null);
          setPending(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{CALENDAR_TEXT.connectTitle}</Dialog.Title>
          <Dialog.Description className="dialog__text">
            {CALENDAR_TEXT.connectText}
          </Dialog.Description>
          <div className="calendar-connect__providers">
            {CALENDAR_PROVIDERS.map((provider) => {
              const name = CALENDAR_TEXT.providerNames[provider];
              return (
                <button
                  key={provider}
                  type="button"
                  className="button button--secondary button--large calendar-connect__provider"
                  data-provider={provider}
                  disabled={pending !== null}
                  aria-busy={pending === provider}
                  onClick={() => void connect(provider)}
                >
                  {pending === provider
                    ? CALENDAR_TEXT.connecting
                    : CALENDAR_TEXT.connectWith(name)}
                </button>
              );
            })}
          </div>
          {message ? (
            <p className="calendar-connect__message" role="alert">
              {message}
            </p>
          ) : null}
          <Dialog.Close asChild>
            <button type="button" className="dialog__close" aria-label="Close">
              ×
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
