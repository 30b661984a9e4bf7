import { type CalendarSettings, TIME_ZONES, type TimeZone } from '@fm/sdk/contracts';
import { useId, useState } from 'react';
import { lengthOptions } from './availability-form.ts';
import { ErrorText, NumberInput } from './calendar-section.tsx';
import { CALENDAR_TEXT } from './calendar-text.ts';
import { useAvailabilityForm } from './use-availability-form.ts';
import { WeeklyHoursEditor } from './weekly-hours-editor.tsx';

const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * A consultant's availability: time zone, weekly hours, meeting lengths, minimum notice, buffer
 * and dates off, saved together.
 */
export function AvailabilityEditor({
  settings,
  onSaved,
}: {
  settings: CalendarSettings;
  onSaved: (settings: CalendarSettings) => void;
}) {
  const id = useId();
  const form = useAvailabilityForm(settings, onSaved);
  const { values, errors, pending } = form;
  const [dateOff, setDateOff] = useState('');

  return (
    <form
      className="calendar-section calendar-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void form.save(event)}
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
          onChange={(event) => form.set('timeZone', event.target.value as TimeZone)}
        >
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
      </div>

      <WeeklyHoursEditor form={form} idPrefix={id} />

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
                onChange={(event) => form.toggleLength(minutes, event.target.checked)}
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
          onChange={(value) => form.set('minNoticeMinutes', value)}
        />
        <NumberInput
          id={`${id}-buffer`}
          label={CALENDAR_TEXT.buffer}
          hint={CALENDAR_TEXT.bufferHint}
          value={values.bufferMinutes}
          step={5}
          error={errors.bufferMinutes}
          onChange={(value) => form.set('bufferMinutes', value)}
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
                  onClick={() => form.removeDateOff(date)}
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
              form.addDateOff(dateOff);
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
