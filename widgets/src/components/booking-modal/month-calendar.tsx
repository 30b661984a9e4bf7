import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  addMonths,
  CALENDAR_KEYS,
  CALENDAR_MONTHS_AHEAD,
  type CalendarKey,
  dayLabel,
  dayNumber,
  focusableDayOf,
  isSelectable,
  type LocalDate,
  type LocalMonth,
  monthGrid,
  monthLabel,
  monthOf,
  moveFocus,
} from './booking-calendar.ts';
import { BOOKING_TEXT } from './booking-text.ts';

export interface MonthCalendarProps {
  month: LocalMonth;
  /** Today in the chosen zone. */
  today: LocalDate;
  selected: LocalDate | null;
  /** Days with free times (highlighted). */
  available: ReadonlySet<LocalDate>;
  /** The month's free days are still loading. */
  loading: boolean;
  onMonth: (month: LocalMonth) => void;
  onChoose: (date: LocalDate) => void;
}

const isCalendarKey = (key: string): key is CalendarKey =>
  (CALENDAR_KEYS as readonly string[]).includes(key);

/**
 * A month grid (WAI-ARIA date-grid pattern): Saturdays, Sundays and past days are
 * `aria-disabled` and skipped by the arrow keys; days with free times are highlighted; one day at
 * a time is in the Tab order (roving tabindex); Enter or Space chooses it.
 */
export function MonthCalendar({
  month,
  today,
  selected,
  available,
  loading,
  onMonth,
  onChoose,
}: MonthCalendarProps) {
  const labelId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState<LocalDate | null>(null);
  const moveFocusNext = useRef(false);
  const rovingDay =
    focused && monthOf(focused) === month && isSelectable(focused, today)
      ? focused
      : focusableDayOf(month, today, selected);

  // Before the paint: the focus ring never shows on the old day while the new one is tabbable.
  useLayoutEffect(() => {
    if (!moveFocusNext.current || !rovingDay) return;
    moveFocusNext.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${rovingDay}"]`)?.focus();
  }, [rovingDay]);

  const first = monthOf(today);
  const last = addMonths(first, CALENDAR_MONTHS_AHEAD);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!isCalendarKey(event.key) || !rovingDay) return;
    event.preventDefault();
    const next = moveFocus(rovingDay, event.key, today);
    if (!next) return;
    moveFocusNext.current = true;
    setFocused(next);
    if (monthOf(next) !== month) onMonth(monthOf(next));
  };

  return (
    <div className="fm-calendar">
      <div className="fm-calendar__nav">
        <button
          type="button"
          className="fm-calendar__arrow"
          aria-label={BOOKING_TEXT.previousMonth}
          disabled={month <= first}
          onClick={() => onMonth(addMonths(month, -1))}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" />
          </svg>
        </button>
        <h3 className="fm-calendar__month" id={labelId} aria-live="polite">
          {monthLabel(month)}
        </h3>
        <button
          type="button"
          className="fm-calendar__arrow"
          aria-label={BOOKING_TEXT.nextMonth}
          disabled={month >= last}
          onClick={() => onMonth(addMonths(month, 1))}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
          </svg>
        </button>
      </div>
      <table
        ref={grid}
        className="fm-calendar__grid"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker is a table in the grid role
        role="grid"
        aria-labelledby={labelId}
        aria-busy={loading}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {BOOKING_TEXT.weekdayShort.map((short, index) => (
              <th key={short} scope="col" abbr={BOOKING_TEXT.weekdays[index]}>
                <span aria-hidden="true">{short}</span>
                <span className="fm-visually-hidden">{BOOKING_TEXT.weekdays[index]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week.find(Boolean) ?? month}>
              {week.map((day, index) => {
                if (!day) {
                  // Padding cells have no identity but their place in the week.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  return <td key={`pad-${index}`} />;
                }
                const choosable = isSelectable(day, today);
                const free = choosable && available.has(day);
                const isSelected = day === selected;
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className="fm-calendar__day"
                      data-date={day}
                      data-available={free ? '' : undefined}
                      data-today={day === today ? '' : undefined}
                      aria-label={
                        free ? `${dayLabel(day)}, ${BOOKING_TEXT.hasFreeTimes}` : dayLabel(day)
                      }
                      aria-pressed={choosable ? isSelected : undefined}
                      aria-disabled={choosable ? undefined : true}
                      aria-current={day === today ? 'date' : undefined}
                      tabIndex={day === rovingDay ? 0 : -1}
                      onFocus={() => choosable && setFocused(day)}
                      onClick={() => {
                        if (!choosable) return;
                        setFocused(day);
                        onChoose(day);
                      }}
                    >
                      {dayNumber(day)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fm-calendar__legend">
        <span className="fm-calendar__swatch" aria-hidden="true" />
        {loading ? BOOKING_TEXT.loadingDays : BOOKING_TEXT.legend}
      </p>
    </div>
  );
}
