import { isApiError } from '@fm/sdk';
import {
  CALENDAR_PROVIDERS,
  type CalendarProvider,
  type CalendarSettings,
  GENERIC_MESSAGES,
  TIME_ZONES,
  type TimeZone,
  TOASTS,
  WEEKDAY_NAMES,
} from '@fm/sdk/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../app/api-client.ts';
import { useSession } from '../../app/session.ts';
import { BACK_TO_PROFILE } from '../../pages/my-profile/my-profile-sections.ts';
import { PageShell } from '../../pages/page-shell.tsx';
import {
  type AvailabilityErrors,
  type AvailabilityValues,
  addDateOff,
  DEFAULT_RANGE,
  EDITABLE_WEEKDAYS,
  lengthOptions,
  patchFromValues,
  rangeKey,
  valuesFromSettings,
  type Weekday,
} from './availability-form.ts';
import { connectionState } from './calendar-prompt-rules.ts';
import { CALENDAR_TEXT } from './calendar-text.ts';
import { ConnectCalendarDialog } from './connect-calendar-dialog.tsx';

type Load<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

const dayName = (weekday: Weekday) => WEEKDAY_NAMES[weekday - 1] ?? '';
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * `/my-profile/calendar`. A consultant edits their availability (time zone, weekly hours with
 * several ranges a day, meeting lengths, minimum notice, buffer, dates off), connects Google or
 * Office 365, and copies their private iCalendar feed. A franchisor has no availability: they get
 * their private feed of meetings.
 */
export function CalendarSettingsPage() {
  const session = useSession();
  return (
    <PageShell title={CALENDAR_TEXT.pageTitle} backTo={BACK_TO_PROFILE} className="page--calendar">
      {session?.role === 'consultant' ? <ConsultantCalendar /> : null}
      {session?.role === 'franchisor' ? <FeedOnly /> : null}
    </PageShell>
  );
}

function ConsultantCalendar() {
  const [state, setState] = useState<Load<CalendarSettings>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [params, setParams] = useSearchParams();
  const [returnMessage, setReturnMessage] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.bookings.getCalendarSettings().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState({
          status: 'error',
          message: isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong,
        }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // Back from the provider: /my-profile/calendar?connected=google or ?error=…&calendar=google.
  useEffect(() => {
    const connected = params.get('connected');
    const failed = params.get('error');
    if (!connected && !failed) return;
    if (connected === 'google' || connected === 'office365') {
      toast.success(CALENDAR_TEXT.connectedToast(CALENDAR_TEXT.providerNames[connected]));
    }
    if (failed) {
      setReturnMessage(CALENDAR_TEXT.connectFailed[failed] ?? CALENDAR_TEXT.connectFailedDefault);
    }
    setParams({}, { replace: true });
  }, [params, setParams]);

  if (state.status === 'loading') {
    return (
      <p className="page__status" role="status">
        {CALENDAR_TEXT.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="meetings__notice" role="alert">
        <p>{state.message}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {CALENDAR_TEXT.retry}
        </button>
      </div>
    );
  }
  return (
    <div className="calendar-settings">
      {returnMessage ? (
        <p className="calendar-settings__alert" role="alert">
          {returnMessage}
        </p>
      ) : null}
      <AvailabilityEditor
        settings={state.data}
        onSaved={(data) => setState({ status: 'ready', data })}
      />
      <Connections
        settings={state.data}
        onChanged={(data) => setState({ status: 'ready', data })}
      />
      <FeedSection url={state.data.icalFeedUrl} />
    </div>
  );
}

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="calendar-section" aria-labelledby={id}>
      <h2 className="calendar-section__title" id={id}>
        {title}
      </h2>
      {lead ? <p className="calendar-section__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p className="field__error" id={id} aria-live="polite">
      {message ?? ''}
    </p>
  );
}

function AvailabilityEditor({
  settings,
  onSaved,
}: {
  settings: CalendarSettings;
  onSaved: (settings: CalendarSettings) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<AvailabilityValues>(() => valuesFromSettings(settings));
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [pending, setPending] = useState(false);
  const [dateOff, setDateOff] = useState('');

  const set = <K extends keyof AvailabilityValues>(key: K, value: AvailabilityValues[K]) =>
    setValues((before) => ({ ...before, [key]: value }));
  const rangesOf = (day: Weekday) => values.weeklyHours.filter((r) => r.weekday === day);
  const updateRange = (key: string, patch: { start?: string; end?: string }) =>
    set(
      'weeklyHours',
      values.weeklyHours.map((r) => (r.key === key ? { ...r, ...patch } : r)),
    );
  const addRange = (day: Weekday) => {
    const last = rangesOf(day).at(-1);
    const start = last?.end && last.end < '23:00' ? last.end : DEFAULT_RANGE.start;
    const end = last ? (start < '23:00' ? nextHour(start) : '23:59') : DEFAULT_RANGE.end;
    set('weeklyHours', [...values.weeklyHours, { key: rangeKey(), weekday: day, start, end }]);
  };
  const toggleDay = (day: Weekday, on: boolean) =>
    set(
      'weeklyHours',
      on
        ? [...values.weeklyHours, { key: rangeKey(), weekday: day, ...DEFAULT_RANGE }]
        : values.weeklyHours.filter((r) => r.weekday !== day),
    );

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { patch, errors: found } = patchFromValues(values);
    setErrors(found);
    if (!patch) {
      toast.error(CALENDAR_TEXT.invalid);
      return;
    }
    setPending(true);
    try {
      const saved = await api.bookings.updateCalendarSettings(patch);
      setValues(valuesFromSettings(saved));
      onSaved(saved);
      toast.success(TOASTS.profileUpdated);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong);
      if (isApiError(error) && error.errors) setErrors({ ...error.errors });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="calendar-section calendar-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <h2 className="calendar-section__title" id={`${id}-title`}>
        {CALENDAR_TEXT.availability}
      </h2>
      <p className="calendar-section__lead">{CALENDAR_TEXT.availabilityLead}</p>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-zone`}>
          {CALENDAR_TEXT.timeZone}
        </label>
        <select
          id={`${id}-zone`}
          className="field__input calendar-form__zone"
          value={values.timeZone}
          onChange={(event) => set('timeZone', event.target.value as TimeZone)}
        >
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="calendar-form__group">
        <legend className="calendar-form__legend">{CALENDAR_TEXT.weeklyHours}</legend>
        <p className="field__hint">{CALENDAR_TEXT.weeklyHoursLead}</p>
        <ul className="weekly-hours">
          {EDITABLE_WEEKDAYS.map((day) => {
            const name = dayName(day);
            const ranges = rangesOf(day);
            const dayError = errors[`day-${day}`];
            return (
              <li key={day} className="weekly-hours__day" data-testid={`weekday-${day}`}>
                <label className="weekly-hours__toggle">
                  <input
                    type="checkbox"
                    checked={ranges.length > 0}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                    aria-label={CALENDAR_TEXT.available(name)}
                  />
                  <span className="weekly-hours__name">{name}</span>
                </label>
                <div className="weekly-hours__ranges">
                  {ranges.length === 0 ? (
                    <p className="weekly-hours__off">{CALENDAR_TEXT.unavailable}</p>
                  ) : null}
                  {ranges.map((range, index) => {
                    const label = CALENDAR_TEXT.rangeLabel(name, index + 1);
                    const errorId = `${id}-range-${range.key}`;
                    const error = errors[`range-${range.key}`];
                    return (
                      // biome-ignore lint/a11y/useSemanticElements: a labelled group of two time fields
                      <div
                        key={range.key}
                        className="weekly-hours__range"
                        role="group"
                        aria-label={label}
                        data-invalid={error ? '' : undefined}
                      >
                        <label className="weekly-hours__time">
                          <span className="visually-hidden">{`${label}: `}</span>
                          {CALENDAR_TEXT.from}
                          <input
                            type="time"
                            step={900}
                            className="field__input"
                            value={range.start}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={errorId}
                            onChange={(event) =>
                              updateRange(range.key, { start: event.target.value })
                            }
                          />
                        </label>
                        <label className="weekly-hours__time">
                          <span className="visually-hidden">{`${label}: `}</span>
                          {CALENDAR_TEXT.to}
                          <input
                            type="time"
                            step={900}
                            className="field__input"
                            value={range.end}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={errorId}
                            onChange={(event) =>
                              updateRange(range.key, { end: event.target.value })
                            }
                          />
                        </label>
                        <button
                          type="button"
                          className="button button--ghost weekly-hours__remove"
                          aria-label={CALENDAR_TEXT.removeRange(name, index + 1)}
                          onClick={() =>
                            set(
                              'weeklyHours',
                              values.weeklyHours.filter((r) => r.key !== range.key),
                            )
                          }
                        >
                          {CALENDAR_TEXT.remove}
                        </button>
                        <ErrorText id={errorId} message={error} />
                      </div>
                    );
                  })}
                  {dayError ? (
                    <p className="field__error" role="alert">
                      {dayError}
                    </p>
                  ) : null}
                  <button
                    type="button"
                    className="button button--ghost weekly-hours__add"
                    aria-label={CALENDAR_TEXT.addRangeTo(name)}
                    onClick={() => addRange(day)}
                  >
                    + {CALENDAR_TEXT.addRange}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset
        className="calendar-form__group"
        aria-describedby={`${id}-lengths-error`}
        aria-invalid={errors.meetingLengths ? true : undefined}
      >
        <legend className="calendar-form__legend">{CALENDAR_TEXT.meetingLengths}</legend>
        <p className="field__hint">{CALENDAR_TEXT.meetingLengthsLead}</p>
        <div className="calendar-form__lengths">
          {lengthOptions(values).map((minutes) => (
            <label key={minutes} className="calendar-form__length">
              <input
                type="checkbox"
                checked={values.meetingLengths.includes(minutes)}
                onChange={(event) =>
                  set(
                    'meetingLengths',
                    event.target.checked
                      ? [...values.meetingLengths, minutes].sort((a, b) => a - b)
                      : values.meetingLengths.filter((n) => n !== minutes),
                  )
                }
              />
              {CALENDAR_TEXT.minutes(minutes)}
            </label>
          ))}
        </div>
        <ErrorText id={`${id}-lengths-error`} message={errors.meetingLengths} />
      </fieldset>

      <div className="form__row">
        <NumberInput
          id={`${id}-notice`}
          label={CALENDAR_TEXT.minNotice}
          hint={CALENDAR_TEXT.minNoticeHint}
          value={values.minNoticeMinutes}
          step={15}
          error={errors.minNoticeMinutes}
          onChange={(value) => set('minNoticeMinutes', value)}
        />
        <NumberInput
          id={`${id}-buffer`}
          label={CALENDAR_TEXT.buffer}
          hint={CALENDAR_TEXT.bufferHint}
          value={values.bufferMinutes}
          step={5}
          error={errors.bufferMinutes}
          onChange={(value) => set('bufferMinutes', value)}
        />
      </div>

      <fieldset className="calendar-form__group">
        <legend className="calendar-form__legend">{CALENDAR_TEXT.datesOff}</legend>
        <p className="field__hint">{CALENDAR_TEXT.datesOffLead}</p>
        {values.datesOff.length === 0 ? (
          <p className="weekly-hours__off">{CALENDAR_TEXT.noDatesOff}</p>
        ) : (
          <ul className="dates-off">
            {values.datesOff.map((date) => (
              <li key={date} className="dates-off__item">
                <time dateTime={date}>{date}</time>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={CALENDAR_TEXT.removeDateOff(date)}
                  onClick={() =>
                    set(
                      'datesOff',
                      values.datesOff.filter((d) => d !== date),
                    )
                  }
                >
                  {CALENDAR_TEXT.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="dates-off__add">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-date-off`}>
              {CALENDAR_TEXT.dateOff}
            </label>
            <input
              id={`${id}-date-off`}
              type="date"
              className="field__input"
              value={dateOff}
              onChange={(event) => setDateOff(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="button button--secondary"
            disabled={!dateOff}
            onClick={() => {
              set('datesOff', addDateOff(values.datesOff, dateOff));
              setDateOff('');
            }}
          >
            {CALENDAR_TEXT.addDateOff}
          </button>
        </div>
      </fieldset>

      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          aria-busy={pending}
        >
          {pending ? CALENDAR_TEXT.saving : CALENDAR_TEXT.save}
        </button>
      </div>
    </form>
  );
}

function nextHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const next = Math.min(h * 60 + m + 60, 23 * 60 + 59);
  return `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
}

function NumberInput({
  id,
  label,
  hint,
  value,
  step,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  step: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={step}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function Connections({
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

function FeedSection({ url }: { url: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_TEXT.copied);
    } catch {
      toast.error(CALENDAR_TEXT.copyFailed);
    }
  };
  return (
    <Section title={CALENDAR_TEXT.feed} lead={CALENDAR_TEXT.feedLead}>
      <div className="calendar-feed">
        <label className="visually-hidden" htmlFor={id}>
          {CALENDAR_TEXT.feedLabel}
        </label>
        <input
          id={id}
          className="field__input calendar-feed__url"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {CALENDAR_TEXT.copy}
        </button>
      </div>
    </Section>
  );
}

function FeedOnly() {
  const [state, setState] = useState<Load<string>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api.bookings.getCalendarFeed().then(
      ({ icalFeedUrl }) => current && setState({ status: 'ready', data: icalFeedUrl }),
      (error: unknown) =>
        current &&
        setState({
          status: 'error',
          message: isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong,
        }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (state.status === 'loading') {
    return (
      <p className="page__status" role="status">
        {CALENDAR_TEXT.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="meetings__notice" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <div className="calendar-settings">
      <FeedSection url={state.data} />
    </div>
  );
}
