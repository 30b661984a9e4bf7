import { MAX_PROPOSED_STARTS, RESCHEDULE_TEXT, type Slot } from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { DialogActions } from '../../kit/dialogs/dialog-actions.tsx';
import { useFocusReturn } from '../../kit/dialogs/focus-return.ts';
import styles from './reschedule.css?inline';
import { proposedTime, slotTime, toggleStart } from './reschedule-format.ts';

/** The chosen day's slots: being read, read, or failed. */
export type RescheduleSlots =
  | { status: 'loading' }
  | { status: 'ready'; slots: readonly Slot[] }
  | { status: 'error'; message: string };

export interface RescheduleDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The viewer's zone: days and times are shown in it. */
  timeZone: string;
  /** The meeting's current start: never offered as a new time. */
  currentStart: string;
  /** The day whose slots are shown, YYYY-MM-DD. */
  date: string;
  /** The earliest day that may be chosen, YYYY-MM-DD. */
  minDate: string;
  onDateChange: (date: string) => void;
  slots: RescheduleSlots;
  /** The starts chosen so far (ISO), at most {@link MAX_PROPOSED_STARTS}. */
  chosen: readonly string[];
  onChosenChange: (chosen: string[]) => void;
  onSend: () => void;
  /** While the proposal is being sent. */
  busy?: boolean;
  /** Why sending failed. */
  error?: string | null;
}

/**
 * Rule 20's "propose new times" dialog, without data: a day, its open slots as toggles, and the one
 * to three starts chosen (kept across days). The portal's {@link RescheduleDialog} feeds it.
 *
 * @example
 * <RescheduleDialogView open timeZone="America/New_York" currentStart={meeting.start} date="2026-03-04"
 *   minDate="2026-03-02" onDateChange={setDate} slots={{ status: 'ready', slots }} chosen={chosen}
 *   onChosenChange={setChosen} onSend={send} onOpenChange={setOpen} />
 */
export function RescheduleDialogView(props: RescheduleDialogViewProps) {
  const { timeZone, chosen, slots, busy = false } = props;
  const focusReturn = useFocusReturn();
  const full = chosen.length >= MAX_PROPOSED_STARTS;
  const offered =
    slots.status === 'ready' ? slots.slots.filter((s) => s.start !== props.currentStart) : [];
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !busy && props.onOpenChange(open)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="reschedule-dialog" {...focusReturn}>
          <style>{styles}</style>
          <Dialog.Title className="dialog__title">{RESCHEDULE_TEXT.dialogTitle}</Dialog.Title>
          <Dialog.Description className="dialog__text">
            {RESCHEDULE_TEXT.dialogHint}
          </Dialog.Description>
          <label className="reschedule__day">
            {RESCHEDULE_TEXT.day}
            <input
              type="date"
              value={props.date}
              min={props.minDate}
              onChange={(event) => event.target.value && props.onDateChange(event.target.value)}
            />
          </label>
          {slots.status === 'loading' ? (
            <p className="reschedule__notice" role="status">
              {RESCHEDULE_TEXT.loadingSlots}
            </p>
          ) : slots.status === 'error' ? (
            <p className="form-alert" role="alert">
              {slots.message}
            </p>
          ) : offered.length === 0 ? (
            <p className="reschedule__notice">{RESCHEDULE_TEXT.noSlots}</p>
          ) : (
            <ul className="reschedule__slots" aria-label={RESCHEDULE_TEXT.slotsLabel}>
              {offered.map((slot) => {
                const pressed = chosen.includes(slot.start);
                return (
                  <li key={slot.start}>
                    <button
                      type="button"
                      className="reschedule__slot"
                      aria-pressed={pressed}
                      disabled={busy || (full && !pressed)}
                      onClick={() =>
                        props.onChosenChange(toggleStart(chosen, slot.start, MAX_PROPOSED_STARTS))
                      }
                    >
                      {slotTime(slot.start, timeZone)}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <h3 className="reschedule__subtitle">
            {RESCHEDULE_TEXT.chosen} ({chosen.length}/{MAX_PROPOSED_STARTS})
          </h3>
          {chosen.length === 0 ? (
            <p className="reschedule__notice">{RESCHEDULE_TEXT.noneChosen}</p>
          ) : (
            <ul className="reschedule__chosen" data-testid="reschedule-chosen">
              {chosen.map((start) => (
                <li key={start}>
                  <span>{proposedTime(start, timeZone)}</span>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy}
                    onClick={() => props.onChosenChange(chosen.filter((s) => s !== start))}
                  >
                    {RESCHEDULE_TEXT.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <DialogActions
            busy={busy}
            error={props.error ?? null}
            cancelLabel={RESCHEDULE_TEXT.cancel}
          >
            <button
              type="button"
              className="button button--primary"
              disabled={busy || chosen.length === 0}
              aria-busy={busy}
              onClick={props.onSend}
            >
              {RESCHEDULE_TEXT.send}
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface RescheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
  currentStart: string;
  /** The first day shown (and the earliest that may be chosen), YYYY-MM-DD. */
  firstDate: string;
  /** The open slots of a day for the meeting's length (the booking modal's slot call). */
  loadSlots: (date: string) => Promise<readonly Slot[]>;
  /** Sends the proposal; a rejection's message is shown in the dialog. */
  onPropose: (starts: string[]) => Promise<void>;
  /** A failure as text. */
  describeError?: (error: unknown) => string;
}

const defaultDescribe = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * {@link RescheduleDialogView} with its data: the chosen day's slots through `loadSlots`, the
 * proposal through `onPropose`; it closes once the proposal is sent.
 *
 * @example
 * <RescheduleDialog open={open} onOpenChange={setOpen} timeZone={zone} currentStart={m.start}
 *   firstDate={today} loadSlots={(date) => slotsOf(date)} onPropose={(starts) => propose(starts)} />
 */
export function RescheduleDialog(props: RescheduleDialogProps) {
  const { open } = props;
  const describe = props.describeError ?? defaultDescribe;
  // The latest callbacks, read when a day loads: inline functions do not reload the slots.
  const latest = useRef({ loadSlots: props.loadSlots, describe });
  latest.current = { loadSlots: props.loadSlots, describe };
  const [date, setDate] = useState(props.firstDate);
  const [slots, setSlots] = useState<RescheduleSlots>({ status: 'loading' });
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setSlots({ status: 'loading' });
    const { loadSlots, describe: describeFailure } = latest.current;
    loadSlots(date).then(
      (list) => current && setSlots({ status: 'ready', slots: list }),
      (failure: unknown) =>
        current && setSlots({ status: 'error', message: describeFailure(failure) }),
    );
    return () => {
      current = false;
    };
  }, [open, date]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onPropose(chosen);
      setChosen([]);
      props.onOpenChange(false);
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RescheduleDialogView
      open={open}
      onOpenChange={props.onOpenChange}
      timeZone={props.timeZone}
      currentStart={props.currentStart}
      date={date}
      minDate={props.firstDate}
      onDateChange={setDate}
      slots={slots}
      chosen={chosen}
      onChosenChange={setChosen}
      onSend={() => void send()}
      busy={busy}
      error={error}
    />
  );
}
