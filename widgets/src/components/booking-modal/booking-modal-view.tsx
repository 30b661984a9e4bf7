import { type Slot, TIME_ZONES, type TimeZone, UI_TEXT } from '@fm/sdk/contracts';
import { lazy, type MouseEvent, Suspense, useId } from 'react';
import { formatDateTime, formatDollars } from '../../kit/format/format.ts';
import type { WidgetTheme } from '../../theme.ts';
import { ModalFrame } from '../restricted-action/modal-frame.tsx';
import { NoticePanel } from '../restricted-action/notice-panel.tsx';
import restrictedStyles from '../restricted-action/restricted-action.css?inline';
import {
  dayLabel,
  formatSlotTime,
  type LocalDate,
  type LocalMonth,
  sameSlot,
  shortDayLabel,
  slotMinutes,
  timeZoneLabel,
} from './booking-calendar.ts';
import { meetingTotal } from './booking-format.ts';
import styles from './booking-modal.css?inline';
import { availableDaysOf, type BookingState, canSchedule } from './booking-state.ts';
import { BOOKING_TEXT } from './booking-text.ts';
import { MonthCalendar } from './month-calendar.tsx';

// The Action Not Available content shows only once a booking is refused: it loads then.
const ActionNotAvailableContent = lazy(() =>
  import('../restricted-action/action-not-available.tsx').then((m) => ({
    default: m.ActionNotAvailableContent,
  })),
);

/** Who the meeting is with, when known (the modal works without it). */
export interface BookingConsultant {
  name: string;
  /** Dollars per 15 minutes. */
  rate: number | null;
}

export interface BookingModalViewProps {
  state: BookingState;
  consultant?: BookingConsultant | null | undefined;
  theme?: WidgetTheme | undefined;
  /** The portal's sign-in page (shown when nobody is signed in). */
  signInHref: string;
  /** Called instead of following Log In when given (an embed signs in through a popup). */
  onSignInLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** The portal's subscription page (Activate Your Subscription). */
  activateHref: string;
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** "View My Meetings" after booking; left out, only Done shows. */
  meetingsHref?: string | undefined;
  onMeetingsLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onClose: () => void;
  onZone: (zone: TimeZone) => void;
  onDuration: (minutes: number) => void;
  onMonth: (month: LocalMonth) => void;
  onChoose: (date: LocalDate) => void;
  onSlot: (slot: Slot) => void;
  /**
   * Whether another booker has this slot selected right now (rule 20): shown as being booked and
   * not choosable. Advisory: the booking itself is judged by the API alone.
   */
  beingBooked?: ((slot: Slot) => boolean) | undefined;
  onLoadMore: () => void;
  onRetrySlots: () => void;
  onRetryDays: () => void;
  onSchedule: () => void;
}

/**
 * The booking modal as a pure view of its state (user-area §2, §4, §5, §9): titled Select a
 * Date & Time; the month calendar; the time-zone selector with the 13 zones; the meeting length
 * when the consultant offers several; the chosen day's slots as h:mm A with Load More; CANCEL and
 * Schedule Meeting (disabled until a slot is chosen). It becomes the Action Not Available modal,
 * the log-in invitation or the confirmation as the state says.
 *
 * @example
 * <BookingModalView state={state} signInHref="/sign-in" activateHref="/my-profile/subscription" … />
 */
export function BookingModalView(props: BookingModalViewProps) {
  const { state, theme = 'light', onClose } = props;
  const titleId = useId();
  const view = state.booked ? 'booked' : (state.blocked ?? 'booking');
  return (
    <div className="fm-ui fm-booking" data-theme={theme}>
      <style>{restrictedStyles + styles}</style>
      <ModalFrame
        labelledBy={titleId}
        describedBy={view === 'restricted' ? `${titleId}-text` : undefined}
        onClose={onClose}
        focusKey={view}
        className={view === 'booking' ? 'fm-booking__panel' : 'fm-modal__panel--small'}
      >
        {view === 'restricted' && (
          <Suspense fallback={null}>
            <ActionNotAvailableContent
              titleId={titleId}
              activateHref={props.activateHref}
              onActivate={props.onActivate}
              onClose={onClose}
              closeLabel={UI_TEXT.cancel}
            />
          </Suspense>
        )}
        {view === 'sign-in' && <SignInBody titleId={titleId} {...props} />}
        {view === 'booked' && <BookedBody titleId={titleId} {...props} />}
        {view === 'booking' && <BookingBody titleId={titleId} {...props} />}
      </ModalFrame>
    </div>
  );
}

type BodyProps = BookingModalViewProps & { titleId: string };

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      className="fm-booking__close"
      aria-label={BOOKING_TEXT.close}
      onClick={onClose}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z" />
      </svg>
    </button>
  );
}

function BookingBody(props: BodyProps) {
  const { state, consultant, titleId } = props;
  const zoneId = useId();
  const lengthId = useId();
  const radioName = useId();
  const days = availableDaysOf(state);
  const duration = state.duration ?? state.meetingLengths[0] ?? null;
  const selected = state.selected;
  const total =
    consultant?.rate !== null && consultant?.rate !== undefined && duration !== null
      ? formatDollars(meetingTotal(selected ? slotMinutes(selected) : duration, consultant.rate))
      : null;
  const summary =
    selected && state.date
      ? BOOKING_TEXT.summary(
          dayLabel(state.date),
          formatSlotTime(selected.start, state.timeZone),
          timeZoneLabel(state.timeZone),
        )
      : null;

  return (
    <>
      <header className="fm-booking__header">
        <div>
          <h2 className="fm-booking__title" id={titleId}>
            {UI_TEXT.bookingModalTitle}
          </h2>
          {consultant && (
            <p className="fm-booking__subtitle">
              {BOOKING_TEXT.with(consultant.name)}
              {consultant.rate !== null && (
                <> · {BOOKING_TEXT.rate(formatDollars(consultant.rate))}</>
              )}
            </p>
          )}
        </div>
        <CloseButton onClose={props.onClose} />
      </header>
      <div className="fm-booking__body">
        <section className="fm-booking__calendar" aria-label={BOOKING_TEXT.date}>
          {state.availability.status === 'error' ? (
            <div className="fm-booking__notice" role="alert">
              <p>{state.availability.message}</p>
              <button type="button" className="fm-btn" onClick={props.onRetryDays}>
                {BOOKING_TEXT.retry}
              </button>
            </div>
          ) : null}
          <MonthCalendar
            month={state.month}
            today={state.today}
            selected={state.date}
            available={days}
            loading={state.availability.status === 'loading'}
            onMonth={props.onMonth}
            onChoose={props.onChoose}
          />
        </section>
        <section className="fm-booking__times" aria-label={BOOKING_TEXT.time}>
          <div className="fm-booking__fields">
            <SelectField
              id={zoneId}
              label={BOOKING_TEXT.timeZone}
              value={state.timeZone}
              options={TIME_ZONES.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
              onChange={(zone) => props.onZone(zone as TimeZone)}
            />
            {state.meetingLengths.length > 1 && duration !== null && (
              <SelectField
                id={lengthId}
                label={BOOKING_TEXT.meetingLength}
                value={duration}
                options={state.meetingLengths.map((minutes) => ({
                  value: minutes,
                  label: BOOKING_TEXT.minutes(minutes),
                }))}
                onChange={(minutes) => props.onDuration(Number(minutes))}
              />
            )}
          </div>
          <SlotPicker {...props} radioName={radioName} />
        </section>
      </div>
      {state.message && (
        <p className="fm-booking__error" role="alert">
          {state.message}
        </p>
      )}
      <footer className="fm-booking__footer">
        <p className="fm-booking__summary" aria-live="polite">
          {summary}
          {summary && total && (
            <span className="fm-booking__total"> · {BOOKING_TEXT.total(total)}</span>
          )}
        </p>
        <div className="fm-booking__actions">
          <button type="button" className="fm-btn" onClick={props.onClose}>
            {UI_TEXT.cancel}
          </button>
          <button
            type="button"
            className="fm-btn fm-btn--primary"
            disabled={!canSchedule(state)}
            aria-busy={state.submitting}
            onClick={props.onSchedule}
          >
            {state.submitting && <span className="fm-booking__spinner" aria-hidden="true" />}
            {UI_TEXT.scheduleMeeting}
          </button>
        </div>
      </footer>
    </>
  );
}

function SlotPicker(props: BodyProps & { radioName: string }) {
  const { state, radioName } = props;
  const { slots } = state;
  const legend = state.date
    ? BOOKING_TEXT.availableTimes(shortDayLabel(state.date))
    : BOOKING_TEXT.availableTimesNoDay;
  const loading = slots.status === 'loading';
  const noDays = state.availability.status === 'ready' && !state.autoPick && state.date === null;

  return (
    <fieldset className="fm-slots" aria-busy={loading || slots.loadingMore}>
      <legend className="fm-slots__legend">{legend}</legend>
      {!state.date &&
        (state.autoPick || state.availability.status === 'loading' ? (
          <p className="fm-slots__notice" role="status">
            {BOOKING_TEXT.loadingDays}
          </p>
        ) : (
          <p className="fm-slots__notice">
            {noDays ? BOOKING_TEXT.noDays : BOOKING_TEXT.chooseDay}
          </p>
        ))}
      {state.date && loading && (
        <>
          <span className="fm-visually-hidden" role="status">
            {BOOKING_TEXT.loadingTimes}
          </span>
          <ul className="fm-slots__list" aria-hidden="true">
            {Array.from({ length: 6 }, (_, index) => (
              // Placeholders have no identity but their position.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="fm-slots__skeleton" />
            ))}
          </ul>
        </>
      )}
      {state.date && slots.status === 'error' && (
        <div className="fm-booking__notice" role="alert">
          <p>{slots.message}</p>
          <button type="button" className="fm-btn" onClick={props.onRetrySlots}>
            {BOOKING_TEXT.retry}
          </button>
        </div>
      )}
      {state.date && slots.status === 'ready' && slots.items.length === 0 && (
        <p className="fm-slots__notice">{BOOKING_TEXT.noTimes}</p>
      )}
      {state.date && slots.items.length > 0 && slots.status !== 'loading' && (
        <ul className="fm-slots__list">
          {slots.items.map((slot) => {
            const label = formatSlotTime(slot.start, state.timeZone);
            const checked = sameSlot(slot, state.selected);
            const held = props.beingBooked?.(slot) ?? false;
            return (
              <li key={`${slot.start}/${slot.end}`}>
                <label
                  className="fm-slot"
                  data-checked={checked ? '' : undefined}
                  data-held={held ? '' : undefined}
                >
                  <input
                    type="radio"
                    className="fm-slot__input"
                    name={radioName}
                    value={slot.start}
                    checked={checked}
                    // A slot this modal already chose stays its own: the API decides the race.
                    disabled={state.submitting || (held && !checked)}
                    onChange={() => props.onSlot(slot)}
                  />
                  <span className="fm-slot__time">{label}</span>
                  {held && <span className="fm-slot__held">{BOOKING_TEXT.beingBooked}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {state.date && slots.status === 'ready' && slots.hasMore && (
        <button
          type="button"
          className="fm-btn fm-slots__more"
          onClick={props.onLoadMore}
          disabled={slots.loadingMore}
          aria-busy={slots.loadingMore}
        >
          {UI_TEXT.loadMore}
        </button>
      )}
    </fieldset>
  );
}

/** A labelled select of the modal's fields (time zone, meeting length). */
function SelectField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="fm-field">
      <label className="fm-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fm-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SignInBody(props: BodyProps) {
  return (
    <NoticePanel
      titleId={props.titleId}
      title={BOOKING_TEXT.signInTitle}
      text={BOOKING_TEXT.signInText}
    >
      <button type="button" className="fm-btn" onClick={props.onClose}>
        {UI_TEXT.cancel}
      </button>
      <a
        className="fm-btn fm-btn--primary"
        part="button primary"
        href={props.signInHref}
        onClick={props.onSignInLink}
      >
        {BOOKING_TEXT.signInLink}
      </a>
    </NoticePanel>
  );
}

function BookedBody(props: BodyProps) {
  const session = props.state.booked;
  if (!session) return null;
  const zone = props.state.timeZone;
  // The spec's date format, as the meeting's page shows it, with the zone it is in.
  const when = BOOKING_TEXT.bookedAt(formatDateTime(session.start, zone), timeZoneLabel(zone));
  const name =
    props.consultant?.name ??
    (`${session.consultant.firstName} ${session.consultant.lastName}`.trim() || null);
  return (
    <NoticePanel
      titleId={props.titleId}
      title={BOOKING_TEXT.bookedTitle}
      text={BOOKING_TEXT.booked(name, when)}
      textProps={{ role: 'status' }}
      icon={{
        path: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
        className: 'fm-booking__done-icon',
      }}
    >
      {props.meetingsHref && (
        <a className="fm-btn" href={props.meetingsHref} onClick={props.onMeetingsLink}>
          {BOOKING_TEXT.viewMeetings}
        </a>
      )}
      <button type="button" className="fm-btn fm-btn--primary" onClick={props.onClose}>
        {BOOKING_TEXT.done}
      </button>
    </NoticePanel>
  );
}
