import { isApiError } from '@fm/sdk';
import {
  RESCHEDULE_TEXT,
  type Session,
  type Slot,
  TIME_ZONES,
  type TimeZone,
} from '@fm/sdk/contracts';
import { RescheduleDialog, RescheduleProposal, todayIn } from '@fm/widgets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';

/** The failure toast of an outcome, with the server's reason beside it when there is one. */
export function failed(title: string, error: unknown): void {
  const reason = isApiError(error) ? error.serverMessage : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

/** A failure as the dialogs show it: the server's reason when there is one. */
export const describeFailure = (error: unknown): string =>
  isApiError(error) ? (error.serverMessage ?? error.message) : String(error);

/**
 * One answer to a proposal at a time: `busy` while it runs, a failure toast titled `failure`,
 * and `settled` afterwards either way (the proposal's reads reload).
 */
export function useAnswer(settled: () => void) {
  const [busy, setBusy] = useState(false);
  const answer = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      failed(failure, error);
    } finally {
      setBusy(false);
      settled();
    }
  };
  return { busy, answer };
}

export const asTimeZone = (zone: string): TimeZone =>
  (TIME_ZONES as readonly string[]).includes(zone) ? (zone as TimeZone) : 'America/New_York';

/**
 * Every open slot of a day for a meeting of `duration` minutes, through the booking modal's slot
 * call (paged; read to the end).
 */
export async function daySlots(
  consultantId: string,
  date: string,
  timezone: TimeZone,
  duration: number,
): Promise<Slot[]> {
  const slots: Slot[] = [];
  let from: string | undefined;
  for (;;) {
    const page = await api.bookings.getSlots(consultantId, {
      date,
      timezone,
      duration,
      ...(from ? { from } : {}),
    });
    const day = page.days[0]?.slots ?? [];
    slots.push(...day);
    from = day.at(-1)?.end;
    if (!page.hasMore || !from) return slots;
  }
}

/**
 * Rule 20 on the meeting page: "Reschedule" for an upcoming meeting (one to three new times from
 * the consultant's open slots, which is also how the consultant offers its own availability), and
 * the open proposal — "Accept" per time and "Decline" for the other side, "waiting" for the side
 * that proposed. The meeting moved by an acceptance comes back through `onMoved`.
 */
export function MeetingReschedule({
  meeting,
  viewer,
  zone,
  onMoved,
}: {
  meeting: Session;
  viewer: 'consultant' | 'franchisor';
  /** The viewer's zone: times are shown in it. */
  zone: string;
  onMoved: (meeting: Session) => void;
}) {
  const queryClient = useQueryClient();
  const key = [...queryKeys.meetings.detail(meeting.id), 'reschedules'] as const;
  // Under the meeting's key: the realtime feed's refresh of meetings reloads it too.
  const history = useQuery({ queryKey: key, queryFn: () => api.reschedules.list(meeting.id) });
  const [open, setOpen] = useState(false);
  const { busy, answer } = useAnswer(() => reload());
  const slotZone = asTimeZone(meeting.timeZone);
  const loadSlots = useCallback(
    (date: string) => daySlots(meeting.consultantId, date, slotZone, meeting.duration),
    [meeting.consultantId, slotZone, meeting.duration],
  );
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  if (meeting.status !== 'future' || !history.data) return null;
  const openRequest = history.data.data.find((r) => r.status === 'open');
  if (!openRequest && !history.data.canPropose) return null;

  return (
    <section className="meeting-card" aria-labelledby="meeting-reschedule-title">
      <h2 className="meeting-card__title" id="meeting-reschedule-title">
        {RESCHEDULE_TEXT.action}
      </h2>
      {openRequest ? (
        <RescheduleProposal
          request={openRequest}
          viewer={viewer}
          timeZone={zone}
          busy={busy}
          onAccept={(start) =>
            void answer(async () => {
              onMoved(await api.reschedules.accept(meeting.id, openRequest.id, { start }));
              toast.success(RESCHEDULE_TEXT.accepted);
            }, RESCHEDULE_TEXT.acceptFailed)
          }
          onDecline={() =>
            void answer(async () => {
              await api.reschedules.decline(meeting.id, openRequest.id);
              toast.success(RESCHEDULE_TEXT.declined);
            }, RESCHEDULE_TEXT.declineFailed)
          }
        />
      ) : null}
      {history.data.canPropose ? (
        <>
          <p className="page__text">{RESCHEDULE_TEXT.dialogHint}</p>
          <div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setOpen(true)}
            >
              {RESCHEDULE_TEXT.action}
            </button>
          </div>
        </>
      ) : null}
      {open ? (
        <RescheduleDialog
          open={open}
          onOpenChange={setOpen}
          timeZone={zone}
          currentStart={meeting.start}
          firstDate={todayIn(slotZone, Date.now())}
          loadSlots={loadSlots}
          describeError={describeFailure}
          onPropose={async (starts) => {
            await api.reschedules.propose(meeting.id, { starts });
            toast.success(RESCHEDULE_TEXT.proposed);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
