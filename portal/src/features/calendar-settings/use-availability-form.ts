import { isApiError } from '@fm/sdk';
import { type CalendarSettings, GENERIC_MESSAGES, TOASTS } from '@fm/sdk/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import {
  type AvailabilityErrors,
  type AvailabilityValues,
  addDateOff,
  DEFAULT_RANGE,
  nextHour,
  patchFromValues,
  rangeKey,
  valuesFromSettings,
  type Weekday,
} from './availability-form.ts';
import { CALENDAR_TEXT } from './calendar-text.ts';

/**
 * The availability editor's state and edits: weekly ranges by day, meeting lengths, dates off,
 * and the save (validated with `patchFromValues`, the server's field messages shown in place).
 *
 * @example
 * ```tsx
 * const availability = useAvailabilityForm(settings, onSaved);
 * <form onSubmit={(event) => void availability.save(event)}>…</form>
 * ```
 */
export function useAvailabilityForm(
  settings: CalendarSettings,
  onSaved: (settings: CalendarSettings) => void,
) {
  const [values, setValues] = useState<AvailabilityValues>(() => valuesFromSettings(settings));
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [pending, setPending] = useState(false);

  const set = <K extends keyof AvailabilityValues>(key: K, value: AvailabilityValues[K]) =>
    setValues((before) => ({ ...before, [key]: value }));
  const rangesOf = (day: Weekday) => values.weeklyHours.filter((r) => r.weekday === day);

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

  return {
    values,
    errors,
    pending,
    set,
    rangesOf,
    updateRange: (key: string, patch: { start?: string; end?: string }) =>
      set(
        'weeklyHours',
        values.weeklyHours.map((r) => (r.key === key ? { ...r, ...patch } : r)),
      ),
    /** A new range after the day's last one (an hour long), or 09:00–17:00 on an empty day. */
    addRange: (day: Weekday) => {
      const last = rangesOf(day).at(-1);
      const start = last?.end && last.end < '23:00' ? last.end : DEFAULT_RANGE.start;
      const end = last ? (start < '23:00' ? nextHour(start) : '23:59') : DEFAULT_RANGE.end;
      set('weeklyHours', [...values.weeklyHours, { key: rangeKey(), weekday: day, start, end }]);
    },
    removeRange: (key: string) =>
      set(
        'weeklyHours',
        values.weeklyHours.filter((r) => r.key !== key),
      ),
    toggleDay: (day: Weekday, on: boolean) =>
      set(
        'weeklyHours',
        on
          ? [...values.weeklyHours, { key: rangeKey(), weekday: day, ...DEFAULT_RANGE }]
          : values.weeklyHours.filter((r) => r.weekday !== day),
      ),
    toggleLength: (minutes: number, on: boolean) =>
      set(
        'meetingLengths',
        on
          ? [...values.meetingLengths, minutes].sort((a, b) => a - b)
          : values.meetingLengths.filter((n) => n !== minutes),
      ),
    addDateOff: (date: string) => set('datesOff', addDateOff(values.datesOff, date)),
    removeDateOff: (date: string) =>
      set(
        'datesOff',
        values.datesOff.filter((d) => d !== date),
      ),
    save,
  };
}

export type AvailabilityForm = ReturnType<typeof useAvailabilityForm>;
