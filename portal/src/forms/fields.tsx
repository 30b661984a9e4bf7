import { type ReactNode, useState } from 'react';
import type { CheckboxBinding, TextFieldBinding } from './use-valibot-form.ts';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // Always rendered, so the text is announced when it appears (aria-live) and layout stays stable.
  return (
    <p className="field__error" id={id} aria-live="polite">
      {error ?? ''}
    </p>
  );
}

interface TextFieldProps {
  label: string;
  field: TextFieldBinding;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  /** A short help text under the label. */
  hint?: string;
  autoFocus?: boolean;
  required?: boolean;
}

/** A labelled text input with its validation message. */
export function TextField({
  label,
  field,
  type = 'text',
  autoComplete,
  hint,
  autoFocus,
  required = true,
}: TextFieldProps) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="field" data-invalid={field.error ? '' : undefined}>
      <label className="field__label" htmlFor={field.id}>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        className="field__input"
        id={field.id}
        name={field.name}
        type={type}
        value={field.value}
        onChange={field.onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-required={required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={hint ? `${hintId} ${field.errorId}` : field.errorId}
      />
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

interface PasswordFieldProps {
  label: string;
  field: TextFieldBinding;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

/** A labelled password input with a show/hide toggle and its validation message. */
export function PasswordField({ label, field, autoComplete, autoFocus }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field" data-invalid={field.error ? '' : undefined}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <div className="field__password">
        <input
          className="field__input"
          id={field.id}
          name={field.name}
          type={visible ? 'text' : 'password'}
          value={field.value}
          onChange={field.onChange}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-required
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.errorId}
        />
        <button
          type="button"
          className="field__reveal"
          aria-controls={field.id}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

interface TextAreaFieldProps {
  label: string;
  field: TextFieldBinding;
  rows?: number;
}

/** A labelled multi-line input with its validation message. */
export function TextAreaField({ label, field, rows = 5 }: TextAreaFieldProps) {
  return (
    <div className="field" data-invalid={field.error ? '' : undefined}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <textarea
        className="field__input field__input--area"
        id={field.id}
        name={field.name}
        rows={rows}
        value={field.value}
        onChange={field.onChange}
        aria-required
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.errorId}
      />
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

/** A checkbox with its label (which may hold links) and its validation message. */
export function CheckboxField({
  field,
  children,
}: {
  field: CheckboxBinding;
  children: ReactNode;
}) {
  return (
    <div className="field field--checkbox" data-invalid={field.error ? '' : undefined}>
      <div className="field__check-row">
        <input
          className="field__checkbox"
          id={field.id}
          name={field.name}
          type="checkbox"
          checked={field.checked}
          onChange={field.onChange}
          aria-required
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.errorId}
        />
        <label className="field__check-label" htmlFor={field.id}>
          {children}
        </label>
      </div>
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedFieldProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  error?: string | undefined;
  errorId: string;
}

/** A radio group drawn as a segmented control: arrow keys move between options. */
export function SegmentedField<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  errorId,
}: SegmentedFieldProps<T>) {
  return (
    <fieldset className="field segmented" aria-describedby={errorId}>
      <legend className="field__label">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** The message of a failed submit that belongs to no single field. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      {message}
    </div>
  );
}

/** The submit button; it says it is busy while the request runs. */
export function SubmitButton({
  children,
  pending,
  className = 'button button--primary button--block',
}: {
  children: ReactNode;
  pending: boolean;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
