import { type ReactNode, useId } from 'react';
import { CALENDAR_TEXT } from './calendar-text.ts';

/** A titled section of the calendar settings page. */
export function Section({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
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

/** A field's message, always rendered so that it is announced when it appears. */
export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p className="field__error" id={id} aria-live="polite">
      {message ?? ''}
    </p>
  );
}

/** A whole-number input with its label, help text and message (minimum notice, buffer). */
export function NumberInput({
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

/** How a calendar page's read looks while it loads or after it failed (for `QueryLoadStatus`). */
export const CALENDAR_LOAD_LOOK = {
  loadingText: CALENDAR_TEXT.loading,
  retryText: CALENDAR_TEXT.retry,
  loadingClassName: 'page__status',
  errorClassName: 'meetings__notice',
};
