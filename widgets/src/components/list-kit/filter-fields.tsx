import { FIELD_MESSAGES, SEARCH_DEBOUNCE_MS } from '@fm/sdk/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatNumber } from '../../kit/format/format.ts';
import { LIST_TEXT } from './list-text.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

/** One choice of a filter, with how many profiles match it when the API says so. */
export interface FilterOption<T extends string | number> {
  value: T;
  label: string;
  count?: number | undefined;
}

function OptionLabel({ label, count }: { label: string; count?: number | undefined }) {
  return (
    <>
      <span className="fm-option__label">{label}</span>
      {/* The space keeps the count a separate word in the checkbox's accessible name. */}
      {count !== undefined && ' '}
      {count !== undefined && <span className="fm-option__count">{formatNumber(count)}</span>}
    </>
  );
}

/** A filter's frame: the label above the control it names (`id`), marked while the value is invalid. */
function FieldFrame({
  id,
  label,
  invalid = false,
  children,
}: {
  id: string;
  label: string;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="fm-field" data-invalid={invalid ? '' : undefined}>
      <label className="fm-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export interface SearchFieldProps {
  label: string;
  value: string;
  /** Called SEARCH_DEBOUNCE_MS after typing stops, or at once on Enter. */
  onCommit: (value: string) => void;
  placeholder?: string | undefined;
}

/**
 * A free-text search box, debounced.
 *
 * @example
 * <SearchField label="Search" value={filters.q ?? ''} onCommit={(q) => change({ q })} />
 */
export function SearchField({ label, value, onCommit, placeholder }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    committed.current = next.trim();
    onCommit(next.trim());
  }, SEARCH_DEBOUNCE_MS);

  // The value changed from outside (back/forward, "Clear filters"): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      commit.cancel();
      setText(value);
    }
  }, [value, commit]);

  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        className="fm-field__input"
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setText(event.target.value);
          commit(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit.flush();
        }}
      />
    </FieldFrame>
  );
}

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * Reads a number field: empty is "no value", anything but a non-negative number is refused with
 * the spec's "Please enter numbers only".
 *
 * @example
 * readNumber('1500'); // { value: 1500 }
 * readNumber('12a'); // { error: 'Please enter numbers only' }
 */
export function readNumber(text: string): { value: number | undefined } | { error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { value: undefined };
  if (!NUMBER_PATTERN.test(trimmed)) return { error: FIELD_MESSAGES.numbersOnly };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return { error: FIELD_MESSAGES.numbersOnly };
  return { value };
}

export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
  /** Shown before the input, e.g. "$". */
  prefix?: string | undefined;
  placeholder?: string | undefined;
}

/**
 * A numeric filter (rate, net worth, cash required…): validated as typed, committed debounced
 * when valid, at once on Enter or blur.
 *
 * @example
 * <NumberField label="Max" prefix="$" value={filters.rateMax} onCommit={(rateMax) => change({ rateMax })} />
 */
export function NumberField({ label, value, onCommit, prefix, placeholder }: NumberFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: number | undefined) => {
    committed.current = next;
    onCommit(next);
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      commit.cancel();
      setText(value === undefined ? '' : String(value));
      setError(null);
    }
  }, [value, commit]);

  const update = (next: string) => {
    setText(next);
    const read = readNumber(next);
    if ('error' in read) {
      commit.cancel();
      setError(read.error);
      return;
    }
    setError(null);
    if (read.value !== committed.current) commit(read.value);
    else commit.cancel();
  };

  return (
    <FieldFrame id={id} label={label} invalid={Boolean(error)}>
      <div className="fm-field__affix">
        {prefix && (
          <span className="fm-field__prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          className="fm-field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => update(event.target.value)}
          onBlur={() => commit.flush()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit.flush();
          }}
        />
      </div>
      <p className="fm-field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </FieldFrame>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T | undefined;
  options: readonly FilterOption<T>[];
  onChange: (value: T | undefined) => void;
  /** The label of "no choice"; without it a value is always chosen. */
  emptyLabel?: string | undefined;
}

/**
 * A labelled native select (native: it works with every keyboard, screen reader and phone).
 *
 * @example
 * <SelectField label="Country" value={filters.country} options={countries} emptyLabel="Any" onChange={…} />
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  emptyLabel,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <select
        id={id}
        className="fm-field__input fm-field__select"
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          const option = options.find((o) => o.value === next);
          onChange(option ? option.value : undefined);
        }}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.count === undefined
              ? option.label
              : `${option.label} (${formatNumber(option.count)})`}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxGroupProps<T extends string | number> {
  legend: string;
  options: readonly FilterOption<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  /** Options shown before "Show all N" (chosen ones always show). */
  collapsedCount?: number;
}

/**
 * A fieldset of checkboxes with match counts; long lists fold behind "Show all N".
 *
 * @example
 * <CheckboxGroup legend="Regions" options={regions} selected={filters.region ?? []} onChange={(region) => change({ region })} />
 */
export function CheckboxGroup<T extends string | number>({
  legend,
  options,
  selected,
  onChange,
  collapsedCount = 6,
}: CheckboxGroupProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (options.length === 0) return null;
  const foldable = options.length > collapsedCount + 1;
  const shown =
    foldable && !expanded
      ? options.filter((o, index) => index < collapsedCount || selected.includes(o.value))
      : options;
  const toggle = (value: T, checked: boolean) =>
    onChange(
      checked
        ? options.map((o) => o.value).filter((v) => v === value || selected.includes(v))
        : selected.filter((v) => v !== value),
    );
  return (
    <fieldset className="fm-fieldset">
      <legend className="fm-field__label">{legend}</legend>
      <ul className="fm-options" id={`${id}-options`}>
        {shown.map((option) => (
          <li key={String(option.value)}>
            <label className="fm-option">
              <input
                type="checkbox"
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <OptionLabel label={option.label} count={option.count} />
            </label>
          </li>
        ))}
      </ul>
      {foldable && (
        <button
          type="button"
          className="fm-link-button"
          aria-expanded={expanded}
          aria-controls={`${id}-options`}
          onClick={() => setExpanded((x) => !x)}
        >
          {expanded ? LIST_TEXT.showFewer : LIST_TEXT.showAll(options.length)}
        </button>
      )}
    </fieldset>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  count?: number | undefined;
}

/**
 * One labelled checkbox (a franchise flag, …).
 *
 * @example
 * <CheckboxField label="SBA eligible" checked={filters.sbaEligible ?? false} onChange={…} />
 */
export function CheckboxField({ label, checked, onChange, count }: CheckboxFieldProps) {
  return (
    <label className="fm-option">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <OptionLabel label={label} count={count} />
    </label>
  );
}
