import { WEEKDAY_NAMES } from '@fm/sdk/contracts';
import { EDITABLE_WEEKDAYS, type RangeValue, type Weekday } from './availability-form.ts';
import { ErrorText } from './calendar-section.tsx';
import { CALENDAR_TEXT } from './calendar-text.ts';
import type { AvailabilityForm } from './use-availability-form.ts';

const dayName = (weekday: Weekday) => WEEKDAY_NAMES[weekday - 1] ?? '';

/** One end of a range: a 15-minute time input named for its range ("Monday, range 1: From"). */
function TimeInput({
  rangeLabel,
  text,
  value,
  invalid,
  errorId,
  onChange,
}: {
  rangeLabel: string;
  text: string;
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="weekly-hours__time">
      <span className="visually-hidden">{`${rangeLabel}: `}</span>
      {text}
      <input
        type="time"
        step={900}
        className="field__input"
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

function RangeRow({
  form,
  range,
  name,
  index,
  idPrefix,
}: {
  form: AvailabilityForm;
  range: RangeValue;
  name: string;
  index: number;
  idPrefix: string;
}) {
  const label = CALENDAR_TEXT.rangeLabel(name, index + 1);
  const errorId = `${idPrefix}-range-${range.key}`;
  const error = form.errors[`range-${range.key}`];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two time fields
    <div
      className="weekly-hours__range"
      role="group"
      aria-label={label}
      data-invalid={error ? '' : undefined}
    >
      <TimeInput
        rangeLabel={label}
        text={CALENDAR_TEXT.from}
        value={range.start}
        invalid={Boolean(error)}
        errorId={errorId}
        onChange={(start) => form.updateRange(range.key, { start })}
      />
      <TimeInput
        rangeLabel={label}
        text={CALENDAR_TEXT.to}
        value={range.end}
        invalid={Boolean(error)}
        errorId={errorId}
        onChange={(end) => form.updateRange(range.key, { end })}
      />
      <button
        type="button"
        className="button button--ghost weekly-hours__remove"
        aria-label={CALENDAR_TEXT.removeRange(name, index + 1)}
        onClick={() => form.removeRange(range.key)}
      >
        {CALENDAR_TEXT.remove}
      </button>
      <ErrorText id={errorId} message={error} />
    </div>
  );
}

/** Weekly hours: each bookable day on or off, with one or more time ranges. */
export function WeeklyHoursEditor({
  form,
  idPrefix,
}: {
  form: AvailabilityForm;
  idPrefix: string;
}) {
  return (
    <fieldset className="calendar-form__group">
      <legend className="calendar-form__legend">{CALENDAR_TEXT.weeklyHours}</legend>
      <p className="field__hint">{CALENDAR_TEXT.weeklyHoursLead}</p>
      <ul className="weekly-hours">
        {EDITABLE_WEEKDAYS.map((day) => {
          const name = dayName(day);
          const ranges = form.rangesOf(day);
          const dayError = form.errors[`day-${day}`];
          return (
            <li key={day} className="weekly-hours__day" data-testid={`weekday-${day}`}>
              <label className="weekly-hours__toggle">
                <input
                  type="checkbox"
                  checked={ranges.length > 0}
                  onChange={(event) => form.toggleDay(day, event.target.checked)}
                  aria-label={CALENDAR_TEXT.available(name)}
                />
                <span className="weekly-hours__name">{name}</span>
              </label>
              <div className="weekly-hours__ranges">
                {ranges.length === 0 ? (
                  <p className="weekly-hours__off">{CALENDAR_TEXT.unavailable}</p>
                ) : null}
                {ranges.map((range, index) => (
                  <RangeRow
                    key={range.key}
                    form={form}
                    range={range}
                    name={name}
                    index={index}
                    idPrefix={idPrefix}
                  />
                ))}
                {dayError ? (
                  <p className="field__error" role="alert">
                    {dayError}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost weekly-hours__add"
                  aria-label={CALENDAR_TEXT.addRangeTo(name)}
                  onClick={() => form.addRange(day)}
                >
                  + {CALENDAR_TEXT.addRange}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
