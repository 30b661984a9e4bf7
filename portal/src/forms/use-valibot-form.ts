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

export type FieldValue = string | boolean;
export type FormValues = Record<string, FieldValue>;

/** Props a text-like input needs, plus the field's message. */
export interface TextFieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
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

export interface ValibotFormOptions<TValues extends FormValues, TSchema extends v.GenericSchema> {
  /** A contract schema: its messages are the ones the form shows. */
  schema: TSchema;
  initialValues: TValues;
  /** Called with the parsed values; a rejection is shown on the form (field or form message). */
  onSubmit: (output: v.InferOutput<TSchema>) => Promise<void> | void;
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
  const { schema, initialValues, onSubmit } = options;
  const idPrefix = useId();
  const [values, setValues] = useState<TValues>(initialValues);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const initialRef = useRef(initialValues);
  const fieldNames = useMemo(() => Object.keys(initialRef.current), []);

  // The latest values, so that two changes in one event both count.
  const valuesRef = useRef(values);

  const setValue = useCallback(
    <K extends keyof TValues & string>(name: K, value: TValues[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      if (submitted) {
        const result = validateForm(schema, next);
        setClientErrors(result.success ? {} : result.errors);
      }
      setServerErrors((previous) => {
        if (!(name in previous)) return previous;
        const { [name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    [schema, submitted],
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

  const reset = useCallback(() => {
    valuesRef.current = initialRef.current;
    setValues(initialRef.current);
    setClientErrors({});
    setServerErrors({});
    setFormError(null);
    setSubmitted(false);
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSubmitting) return;
    const formElement = event.currentTarget;
    setSubmitted(true);
    setFormError(null);
    setServerErrors({});
    const result = validateForm(schema, valuesRef.current);
    if (!result.success) {
      setClientErrors(result.errors);
      setFormError(result.formError);
      focusFirstInvalid(formElement, fieldNames, result.errors);
      return;
    }
    setClientErrors({});
    setSubmitting(true);
    try {
      await onSubmit(result.output);
    } catch (error) {
      const failure = errorsFromFailure(error, fieldNames);
      setServerErrors(failure.errors);
      setFormError(failure.formError);
      focusFirstInvalid(formElement, fieldNames, failure.errors);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    setValue,
    field,
    checkbox,
    /** The id an input of `name` gets (for custom controls and `<label htmlFor>`). */
    fieldId,
    errorOf,
    formError,
    isSubmitting,
    reset,
    /** Pass to `<form onSubmit>`; the form should carry `noValidate`. */
    handleSubmit: (event: FormEvent<HTMLFormElement>) => {
      void handleSubmit(event);
    },
  };
}

function focusFirstInvalid(
  form: HTMLFormElement,
  fieldNames: readonly string[],
  errors: FieldErrors,
): void {
  const first = fieldNames.find((name) => errors[name] !== undefined);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
  else if (element instanceof RadioNodeList) {
    const input = element[0];
    if (input instanceof HTMLElement) input.focus();
  }
}
