import { isApiError } from '@fm/sdk';
import {
  CALENDAR_PROVIDERS,
  type CalendarProvider,
  type CalendarSettings,
  GENERIC_MESSAGES,
} from '@fm/sdk/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { connectionState } from './calendar-prompt-rules.ts';
import { Section } from './calendar-section.tsx';
import { CALENDAR_TEXT } from './calendar-text.ts';
import { ConnectCalendarDialog } from './connect-calendar-dialog.tsx';

/** Google and Office 365: each one's state, Connect or Reconnect, and Disconnect. */
export function Connections({
  settings,
  onChanged,
}: {
  settings: CalendarSettings;
  onChanged: (settings: CalendarSettings) => void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<CalendarProvider | null>(null);

  const disconnect = async (provider: CalendarProvider) => {
    setPending(provider);
    try {
      await api.bookings.disconnectCalendar(provider);
      toast.success(CALENDAR_TEXT.disconnected(CALENDAR_TEXT.providerNames[provider]));
      onChanged(await api.bookings.getCalendarSettings());
    } catch (error) {
      toast.error(isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setPending(null);
    }
  };

  return (
    <Section title={CALENDAR_TEXT.connections} lead={CALENDAR_TEXT.connectionsLead}>
      <ul className="calendar-connections">
        {CALENDAR_PROVIDERS.map((provider) => {
          const connection = settings.connections.find((c) => c.provider === provider);
          const state = connection ? connectionState([connection]) : 'none';
          const status =
            state === 'connected'
              ? CALENDAR_TEXT.connected
              : state === 'needs-calendar'
                ? CALENDAR_TEXT.needsCalendar
                : state === 'incomplete'
                  ? CALENDAR_TEXT.incomplete
                  : CALENDAR_TEXT.notConnected;
          const name = CALENDAR_TEXT.providerNames[provider];
          return (
            <li key={provider} className="calendar-connections__item" data-state={state}>
              <div>
                <p className="calendar-connections__name">{name}</p>
                <p className="calendar-connections__status">
                  {status}
                  {connection?.accountId ? ` · ${connection.accountId}` : ''}
                </p>
              </div>
              <div className="calendar-connections__actions">
                {state !== 'connected' ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setOpen(true)}
                  >
                    {state === 'none' ? CALENDAR_TEXT.connect : CALENDAR_TEXT.reconnect}
                    <span className="visually-hidden"> {name}</span>
                  </button>
                ) : null}
                {connection ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={pending === provider}
                    onClick={() => void disconnect(provider)}
                  >
                    {CALENDAR_TEXT.disconnect}
                    <span className="visually-hidden"> {name}</span>
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConnectCalendarDialog open={open} onOpenChange={setOpen} />
    </Section>
  );
}
