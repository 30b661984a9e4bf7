import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type * as v from 'valibot';
import { errorsFromFailure, type FieldErrors, validateForm } from './form-validation.ts';

export type FieldValue = string | boolean | readonly string[];
export type FormValues = Record<string, FieldValue>;

/** Props a text-like input (or a select) needs, plus the field's message. */
export interface TextFieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  error: string | undefined;
  errorId: string;
}

/** Props a multi-choice control needs (a list of chosen values), plus the field's message. */
export interface ListFieldBinding {
  id: string;
  name: string;
  value: readonly string[];
  onChange: (next: readonly string[]) => void;
  error: string | undefined;
  errorId: string;
}

/** Props a checkbox needs, plus the field's message. */
export interface CheckboxBinding {
  id: string;
  name: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  errorId: string;
}

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
type BooleanKeys<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T] & string;
type ListKeys<T> = {
  [K in keyof T]: T[K] extends readonly string[] ? K : never;
}[keyof T] &
  string;

/**
 * What a group of fields needs from a form: its values and the bindings of its fields. A shared
 * field group (e.g. the franchise profile's) takes `form: FormBindings<ItsValues>`, and any
 * `useValibotForm` whose values include those fields can be passed.
 */
export interface FormBindings<TValues extends FormValues> {
  values: TValues;
  // Method syntax on purpose: a form with more fields than the group's is still accepted.
  setValue<K extends keyof TValues & string>(name: K, value: TValues[K]): void;
  field: (name: StringKeys<TValues>) => TextFieldBinding;
  checkbox: (name: BooleanKeys<TValues>) => CheckboxBinding;
  list: (name: ListKeys<TValues>) => ListFieldBinding;
  fieldId: (name: string) => string;
  errorOf: (name: string) => string | undefined;
}

/** How a programmatic submit ended: saved, refused by validation, or refused by the server. */
export type SubmitOutcome = 'saved' | 'invalid' | 'failed';

/** What `onSubmit` gets besides the parsed values: the raw values and what changed. */
export interface SubmitContext<TValues extends FormValues> {
  /** The raw form values that were validated. */
  values: TValues;
  /** The values the form started from (or was last saved with). */
  baseline: TValues;
  /** Names of the fields whose value differs from `baseline`. */
  changed: readonly (keyof TValues & string)[];
}

export interface ValibotFormOptions<TValues extends FormValues, TSchema extends v.GenericSchema> {
  /** A contract schema: its messages are the ones the form shows. */
  schema: TSchema;
  initialValues: TValues;
  /** Called with the parsed values; a rejection is shown on the form (field or form message). */
  onSubmit: (
    output: v.InferOutput<TSchema>,
    context: SubmitContext<TValues>,
  ) => Promise<void> | void;
  /**
   * Maps the raw values to what the schema validates (e.g. an unchosen select `''` → dropped).
   * Defaults to the values themselves.
   */
  toInput?: (values: TValues) => unknown;
  /**
   * `'submit'` (default): messages appear after the first submit. `'change'`: a field's message
   * appears as soon as it is edited (profile forms: "Please enter numbers only" while typing).
   */
  validateOn?: 'submit' | 'change';
  /** The form message when validation refuses a submit (e.g. 'Validation failed please check the form again'). */
  invalidMessage?: string;
  /** Called when validation refuses a submit, e.g. to show a toast. */
  onInvalid?: () => void;
}

/** Whether two field values are equal (lists element by element). */
export function sameFieldValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => item === b[index]);
  }
  return a === b;
}

/** The names of the fields whose values differ. */
export function changedFields<TValues extends FormValues>(
  values: TValues,
  baseline: TValues,
): (keyof TValues & string)[] {
  return Object.keys(values).filter((name) => !sameFieldValue(values[name], baseline[name]));
}

/**
 * One way for every form to validate with the contract's valibot schemas: validate on submit,
 * then again on every change; focus the first invalid field; show the server's field messages
 * under the fields and its other message above the button.
 *
 * @example
 * ```tsx
 * const form = useValibotForm({
 *   schema: SignInInputSchema,
 *   initialValues: { email: '', password: '' },
 *   onSubmit: async (input) => goHome((await api.auth.signIn(input)).user.role),
 * });
 * return (
 *   <form onSubmit={form.handleSubmit} noValidate>
 *     <TextField label="Email" type="email" field={form.field('email')} />
 *   </form>
 * );
 * ```
 */
export function useValibotForm<TValues extends FormValues, TSchema extends v.GenericSchema>(
  options: ValibotFormOptions<TValues, TSchema>,
) {
  const { schema, initialValues, toInput, validateOn = 'submit' } = options;
  const idPrefix = useId();
  const [values, setValues] = useState<TValues>(initialValues);
  const [baseline, setBaseline] = useState<TValues>(initialValues);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const initialRef = useRef(initialValues);
  const fieldNames = useMemo(() => Object.keys(initialRef.current), []);

  // The latest values, so that two changes in one event both count.
  const valuesRef = useRef(values);
  const baselineRef = useRef(baseline);
  const submittingRef = useRef(false);
  // The latest options, so that a programmatic submit (Save and Leave) uses current callbacks.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const validate = useCallback(
    (next: TValues) => validateForm(schema, toInput ? toInput(next) : next),
    [schema, toInput],
  );

  const setValue = useCallback(
    <K extends keyof TValues & string>(name: K, value: TValues[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      if (submitted) {
        const result = validate(next);
        setClientErrors(result.success ? {} : result.errors);
      } else if (validateOn === 'change') {
        const nowTouched = new Set(touched).add(name);
        setTouched(nowTouched);
        const result = validate(next);
        setClientErrors(
          result.success
            ? {}
            : Object.fromEntries(
                Object.entries(result.errors).filter(([field]) => nowTouched.has(field)),
              ),
        );
      }
      setServerErrors((previous) => {
        if (!(name in previous)) return previous;
        const { [name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    [validate, submitted, validateOn, touched],
  );

  const fieldId = useCallback((name: string) => `${idPrefix}-${name}`, [idPrefix]);
  const errorOf = (name: string): string | undefined => serverErrors[name] ?? clientErrors[name];

  const field = (name: StringKeys<TValues>): TextFieldBinding => ({
    id: fieldId(name),
    name,
    value: values[name] as string,
    onChange: (event) => setValue(name, event.target.value as TValues[typeof name]),
    error: errorOf(name),
    errorId: `${fieldId(name)}-error`,
  });

  const checkbox = (name: BooleanKeys<TValues>): CheckboxBinding => ({
    id: fieldId(name),
    name,
    checked: values[name] as boolean,
    onChange: (event) => setValue(name, event.target.checked as TValues[typeof name]),
    error: errorOf(name),
    errorId: `${fieldId(name)}-error`,
  });

  const list = (name: ListKeys<TValues>): ListFieldBinding => ({
    id: fieldId(name),
    name,
    value: values[name] as readonly string[],
    onChange: (next) => setValue(name, next as TValues[typeof name]),
    error: errorOf(name),
    errorId: `${fieldId(name)}-error`,
  });

  const reset = useCallback(() => {
    valuesRef.current = baselineRef.current;
    setValues(baselineRef.current);
    setClientErrors({});
    setServerErrors({});
    setFormError(null);
    setSubmitted(false);
    setTouched(new Set());
  }, []);

  /** Makes `next` (default: the current values) the saved state: the form is no longer dirty. */
  const commit = useCallback((next?: TValues) => {
    const saved = next ?? valuesRef.current;
    baselineRef.current = saved;
    setBaseline(saved);
    if (next) {
      valuesRef.current = next;
      setValues(next);
    }
  }, []);

  const run = async (formElement: HTMLFormElement | null): Promise<SubmitOutcome> => {
    if (submittingRef.current) return 'failed';
    const current = optionsRef.current;
    setSubmitted(true);
    setFormError(null);
    setServerErrors({});
    const submittedValues = valuesRef.current;
    const result = validate(submittedValues);
    if (!result.success) {
      setClientErrors(result.errors);
      setFormError(result.formError ?? current.invalidMessage ?? null);
      focusFirstInvalid(formElement, fieldNames, result.errors, fieldId);
      current.onInvalid?.();
      return 'invalid';
    }
    setClientErrors({});
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const savedFrom = baselineRef.current;
      await current.onSubmit(result.output, {
        values: submittedValues,
        baseline: savedFrom,
        changed: changedFields(submittedValues, savedFrom),
      });
      // What was sent is now the saved state (later edits stay dirty); a form that reset itself
      // in `onSubmit` keeps its baseline.
      if (baselineRef.current === savedFrom && valuesRef.current !== savedFrom) {
        baselineRef.current = submittedValues;
        setBaseline(submittedValues);
      }
      return 'saved';
    } catch (error) {
      const failure = errorsFromFailure(error, fieldNames);
      setServerErrors(failure.errors);
      setFormError(failure.formError);
      focusFirstInvalid(formElement, fieldNames, failure.errors, fieldId);
      return 'failed';
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const changed = changedFields(values, baseline);

  return {
    values,
    setValue,
    field,
    checkbox,
    list,
    /** The id an input of `name` gets (for custom controls and `<label htmlFor>`). */
    fieldId,
    errorOf,
    formError,
    /** Shows (or clears) a message for the whole form, e.g. a refusal decided after the call. */
    setFormError,
    isSubmitting,
    /** Whether any value differs from the saved state. */
    isDirty: changed.length > 0,
    /** The fields whose value differs from the saved state. */
    changed,
    reset,
    commit,
    /** Validates and submits without a form event (e.g. "Save and Leave"). */
    submit: (): Promise<SubmitOutcome> => run(null),
    /** Pass to `<form onSubmit>`; the form should carry `noValidate`. */
    handleSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(event.currentTarget);
    },
  };
}

function focusFirstInvalid(
  form: HTMLFormElement | null,
  fieldNames: readonly string[],
  errors: FieldErrors,
  fieldId: (name: string) => string,
): void {
  const first = fieldNames.find((name) => errors[name] !== undefined);
  if (!first) return;
  const element = form?.elements.namedItem(first) ?? document.getElementById(fieldId(first));
  if (element instanceof HTMLElement) element.focus();
  else if (element instanceof RadioNodeList) {
    const input = element[0];
    if (input instanceof HTMLElement) input.focus();
  }
}
