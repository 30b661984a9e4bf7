import { UI_TEXT } from '@fm/sdk/contracts';
import { DialogActions } from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useSession } from '../../shared/session.ts';
import {
  type CalendarPrompt,
  createPromptController,
  type PromptController,
} from './calendar-prompt-rules.ts';
import { CALENDAR_TEXT } from './calendar-text.ts';
import { ConnectCalendarDialog } from './connect-calendar-dialog.tsx';

/** The calendar page itself shows the connections; the prompts stay away from it. */
export const CALENDAR_PAGE_PATH = '/my-profile/calendar';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The calendar reconnect prompts of user-area §4, for a signed-in consultant (nothing for anyone
 * else): while no calendar is fully connected, a connect prompt (a dismissible banner at the top of
 * the page, so it never blocks the page); with full credentials but no calendar chosen, the
 * Reconnect Your Calendar modal. Checked every 60 s; once closed, shown again only 15 minutes
 * later (the time of closing is kept in localStorage).
 *
 * @example
 * <CalendarPrompts />
 */
export function CalendarPrompts() {
  const session = useSession();
  const consultantId = session?.role === 'consultant' ? session.user.id : null;
  if (!consultantId) return null;
  return <ConsultantCalendarPrompts key={consultantId} userId={consultantId} />;
}

function ConsultantCalendarPrompts({ userId }: { userId: string }) {
  const { pathname } = useLocation();
  const [prompt, setPrompt] = useState<CalendarPrompt>(null);
  const [connectOpen, setConnectOpen] = useState(false);
  const controller = useRef<PromptController | null>(null);

  useEffect(() => {
    const next = createPromptController({
      userId,
      now: () => Date.now(),
      storage: localStorageOrNull(),
      load: async () => (await api.bookings.getCalendarSettings()).connections,
      every: (ms, run) => {
        const timer = window.setInterval(run, ms);
        return () => window.clearInterval(timer);
      },
      onPrompt: setPrompt,
    });
    controller.current = next;
    next.start();
    return () => next.stop();
  }, [userId]);

  const dismiss = () => controller.current?.dismiss();
  const openConnect = () => {
    dismiss();
    setConnectOpen(true);
  };
  const onCalendarPage = pathname === CALENDAR_PAGE_PATH;

  return (
    <>
      {prompt === 'connect' && !onCalendarPage ? (
        <section className="calendar-prompt" aria-labelledby="calendar-prompt-title">
          <div className="calendar-prompt__body">
            <h2 className="calendar-prompt__title" id="calendar-prompt-title">
              {CALENDAR_TEXT.promptTitle}
            </h2>
            <p className="calendar-prompt__text">{CALENDAR_TEXT.promptText}</p>
          </div>
          <div className="calendar-prompt__actions">
            <button type="button" className="button button--primary" onClick={openConnect}>
              {CALENDAR_TEXT.connect}
            </button>
            <button type="button" className="button button--ghost" onClick={dismiss}>
              {CALENDAR_TEXT.dismiss}
            </button>
          </div>
        </section>
      ) : null}
      <Dialog.Root
        open={prompt === 'reconnect' && !onCalendarPage && !connectOpen}
        onOpenChange={(open) => {
          if (!open) dismiss();
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog--small">
            <Dialog.Title className="dialog__title">{UI_TEXT.reconnectYourCalendar}</Dialog.Title>
            <Dialog.Description className="dialog__text">
              {CALENDAR_TEXT.reconnectText}
            </Dialog.Description>
            <DialogActions cancelLabel={CALENDAR_TEXT.later}>
              <button type="button" className="button button--primary" onClick={openConnect}>
                {UI_TEXT.reconnectYourCalendar}
              </button>
            </DialogActions>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <ConnectCalendarDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </>
  );
}
