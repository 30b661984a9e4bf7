import { type ReactNode, useId, useState } from 'react';
import type { CheckboxBinding, ListFieldBinding, TextFieldBinding } from './use-valibot-form.ts';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // Always rendered, so the text is announced when it appears (aria-live) and layout stays stable.
  return (
    <p className="field__error" id={id} aria-live="polite">
      {error ?? ''}
    </p>
  );
}

/**
 * The frame of a labelled field: the label (with '(optional)' when not required), the help text,
 * the control, and the validation message.
 */
function FieldFrame({
  field,
  label,
  required,
  hint,
  children,
}: {
  field: { id: string; error: string | undefined; errorId: string };
  label: string;
  required: boolean;
  hint: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field" data-invalid={field.error ? '' : undefined}>
      <label className="field__label" htmlFor={field.id}>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="field__hint" id={hintIdOf(field)}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

const hintIdOf = (field: { id: string }) => `${field.id}-hint`;

/** What a control is described by: its help text (if any), any other parts, then its message. */
const describedBy = (
  field: { id: string; errorId: string },
  hint: string | undefined,
  ...others: (string | null)[]
) => [hint ? hintIdOf(field) : null, ...others, field.errorId].filter(Boolean).join(' ');

/**
 * The attributes every text-like control takes from its binding: its name and value, its change
 * handler, and what screen readers hear about it (required, invalid, described by).
 */
const boundControl = (
  field: TextFieldBinding,
  required: boolean,
  hint: string | undefined,
  ...others: (string | null)[]
) => ({
  id: field.id,
  name: field.name,
  value: field.value,
  onChange: field.onChange,
  'aria-required': required,
  'aria-invalid': field.error ? true : undefined,
  'aria-describedby': describedBy(field, hint, ...others),
});

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
  return (
    <FieldFrame field={field} label={label} required={required} hint={hint}>
      <input
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        {...boundControl(field, required, hint)}
      />
    </FieldFrame>
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

/**
 * A new password typed twice, bound to the form's `password` and `confirmPassword`: the link of a
 * reset or activation e-mail, and the last two fields of a password change.
 *
 * @example
 * <NewPasswordFields field={form.field} autoFocus />
 */
export function NewPasswordFields({
  field,
  label = 'New Password',
  repeatLabel = 'Repeat Password',
  autoFocus = false,
}: {
  field: (name: 'password' | 'confirmPassword') => TextFieldBinding;
  label?: string;
  repeatLabel?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        field={field('password')}
      />
      <PasswordField
        label={repeatLabel}
        autoComplete="new-password"
        field={field('confirmPassword')}
      />
    </>
  );
}

/**
 * The three fields of a password change (admin-panel §5, user-area §5): current, new and repeat,
 * bound to the form's `oldPassword`, `password` and `confirmPassword`.
 *
 * @example
 * <PasswordChangeFields field={form.field} />
 */
export function PasswordChangeFields({
  field,
}: {
  field: (name: 'oldPassword' | 'password' | 'confirmPassword') => TextFieldBinding;
}) {
  return (
    <>
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        field={field('oldPassword')}
      />
      <NewPasswordFields field={field} />
    </>
  );
}

interface TextAreaFieldProps {
  label: string;
  field: TextFieldBinding;
  rows?: number;
  required?: boolean;
  /** A short help text under the label. */
  hint?: string;
  maxLength?: number;
}

/** A labelled multi-line input with its validation message. */
export function TextAreaField({
  label,
  field,
  rows = 5,
  required = true,
  hint,
  maxLength,
}: TextAreaFieldProps) {
  return (
    <FieldFrame field={field} label={label} required={required} hint={hint}>
      <textarea
        className="field__input field__input--area"
        rows={rows}
        maxLength={maxLength}
        {...boundControl(field, required, hint)}
      />
    </FieldFrame>
  );
}

/** A checkbox with its label (which may hold links) and its validation message. */
export function CheckboxField({
  field,
  children,
  required = true,
}: {
  field: CheckboxBinding;
  children: ReactNode;
  /** Whether the box must be ticked (a consent); plain yes/no facts are not required. */
  required?: boolean;
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
          aria-required={required}
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
      <div
        className="segmented__options"
        style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
      >
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
  disabled = false,
  className = 'button button--primary button--block',
}: {
  children: ReactNode;
  pending: boolean;
  /** Not ready to send yet (besides while sending), e.g. a card field still loading. */
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} aria-busy={pending}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * The end of a form on a page: the failure that belongs to no single field, then the submit button
 * in the form's action row.
 *
 * @example
 * <FormFooter error={form.formError} pending={form.isSubmitting}>Save Changes</FormFooter>
 */
export function FormFooter({
  error,
  pending,
  buttonClassName = 'button button--primary',
  children,
}: {
  error: string | null;
  pending: boolean;
  buttonClassName?: string;
  /** The submit button's text. */
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert message={error} />
      <div className="form__actions">
        <SubmitButton pending={pending} className={buttonClassName}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}

interface SelectFieldProps {
  label: string;
  field: TextFieldBinding;
  options: readonly { value: string; label: string }[];
  /** The text of the empty choice; without it there is no empty choice. */
  placeholder?: string;
  required?: boolean;
  hint?: string;
}

/** A labelled native select with its validation message. */
export function SelectField({
  label,
  field,
  options,
  placeholder,
  required = true,
  hint,
}: SelectFieldProps) {
  return (
    <FieldFrame field={field} label={label} required={required} hint={hint}>
      <select className="field__input field__select" {...boundControl(field, required, hint)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface NumberFieldProps {
  label: string;
  field: TextFieldBinding;
  /** Shown before the input, e.g. '$'. */
  prefix?: string;
  /** Shown after the input, e.g. '%' or 'per 15 minutes'. */
  suffix?: string;
  hint?: string | undefined;
  required?: boolean;
  /** `decimal` for money and percentages, `numeric` for counts and years. */
  inputMode?: 'decimal' | 'numeric';
}

/**
 * A number typed as text (so the contract's pattern decides, and "abc" gets 'Please enter numbers
 * only' instead of being swallowed by the browser), with an optional unit before or after it.
 */
export function NumberField({
  label,
  field,
  prefix,
  suffix,
  hint,
  required = false,
  inputMode = 'decimal',
}: NumberFieldProps) {
  const prefixId = `${field.id}-prefix`;
  const suffixId = `${field.id}-suffix`;
  return (
    <FieldFrame field={field} label={label} required={required} hint={hint}>
      <div className="field__affixed">
        {prefix ? (
          <span className="field__affix" id={prefixId}>
            {prefix}
          </span>
        ) : null}
        <input
          className="field__input"
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          {...boundControl(
            field,
            required,
            hint,
            prefix ? prefixId : null,
            suffix ? suffixId : null,
          )}
        />
        {suffix ? (
          <span className="field__affix" id={suffixId}>
            {suffix}
          </span>
        ) : null}
      </div>
    </FieldFrame>
  );
}

interface MultiSelectFieldProps {
  legend: string;
  field: ListFieldBinding;
  options: readonly { value: string; label: string }[];
  hint?: string;
  /** Offer a filter box (long lists such as the 39 industries or 64 states). */
  filterable?: boolean;
  /** Shown instead of the options when there is nothing to choose from. */
  emptyText?: string;
}

/**
 * A multi-select drawn as a group of checkboxes (keyboard and screen-reader friendly), with a
 * filter for long lists and the count of chosen values. The value keeps the options' order.
 */
export function MultiSelectField({
  legend,
  field,
  options,
  hint,
  filterable = false,
  emptyText,
}: MultiSelectFieldProps) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const chosen = new Set(field.value);
  const needle = filter.trim().toLowerCase();
  const visible = needle
    ? options.filter((option) => option.label.toLowerCase().includes(needle))
    : options;
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    field.onChange(options.map((option) => option.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset
      className="field multi-select"
      id={field.id}
      data-invalid={field.error ? '' : undefined}
      aria-describedby={describedBy(field, hint)}
    >
      <legend className="field__label">
        {legend}
        <span className="field__optional"> ({chosen.size} selected)</span>
      </legend>
      {hint ? (
        <p className="field__hint" id={hintIdOf(field)}>
          {hint}
        </p>
      ) : null}
      {options.length === 0 ? (
        <p className="field__hint">{emptyText ?? 'Nothing to choose from.'}</p>
      ) : (
        <>
          {filterable ? (
            <div className="multi-select__tools">
              <label className="visually-hidden" htmlFor={filterId}>
                Filter {legend.toLowerCase()}
              </label>
              <input
                id={filterId}
                className="field__input multi-select__filter"
                type="search"
                placeholder="Type to filter"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
              {chosen.size > 0 ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => field.onChange([])}
                >
                  Clear
                </button>
              ) : null}
            </div>
          ) : null}
          <ul className="multi-select__options">
            {visible.map((option) => (
              <li key={option.value}>
                <label className="multi-select__option">
                  <input
                    type="checkbox"
                    name={field.name}
                    value={option.value}
                    checked={chosen.has(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                  />
                  <span>{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldError id={field.errorId} error={field.error} />
    </fieldset>
  );
}

/** A value shown like a field but not editable here (e.g. the e-mail of the contact form). */
export function ReadOnlyField({
  label,
  value,
  hint,
}: {
  label: string;
  value: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="field__input field__input--readonly"
        id={id}
        value={value}
        readOnly
        aria-readonly
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
