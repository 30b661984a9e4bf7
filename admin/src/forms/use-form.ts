import { isApiError } from '@fm/sdk';
import type { ChangeEvent, FormEvent } from 'react';
import { useCallback, useRef, useState } from 'react';
import type * as v from 'valibot';
import type { FieldErrors } from './form-validation.ts';
import { pickFieldErrors, validateForm } from './form-validation.ts';

type StringValues = Record<string, string>;

export interface UseFormOptions<TValues extends StringValues, TOutput> {
  schema: v.GenericSchema<TValues, TOutput>;
  initialValues: TValues;
  /** Called with the schema's output when the values are valid. */
  onSubmit: (output: TOutput) => Promise<void> | void;
}

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
}

export interface FormState<TValues extends StringValues> {
  values: TValues;
  errors: FieldErrors<Extract<keyof TValues, string>>;
  /** A message for the whole form (shown above the submit button). */
  formError: string | undefined;
  submitting: boolean;
  /** The props a text field needs: value, change handler and its error. */
  field: (name: Extract<keyof TValues, string>) => FieldProps;
  setValue: (name: Extract<keyof TValues, string>, value: string) => void;
  setFormError: (message: string | undefined) => void;
  /**
   * Shows the server's field messages (D7) under the matching fields.
   * Returns true when at least one field received a message.
   */
  showServerErrors: (error: unknown) => boolean;
  /** Replaces the values (e.g. once loaded) and forgets errors. */
  reset: (values: TValues) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A small form state holder around {@link validateForm}: validated on submit (as the spec asks),
 * then again on every change once the user has tried to submit, so fixed fields clear at once.
 * On a failed submit the first invalid field receives focus.
 *
 * @example
 * const form = useForm({ schema: SignInInputSchema, initialValues: { email: '', password: '' },
 *   onSubmit: (input) => api.auth.signIn(input) });
 * <form onSubmit={form.handleSubmit} noValidate><TextField label="Email" {...form.field('email')} /></form>
 */
export function useForm<TValues extends StringValues, TOutput>({
  schema,
  initialValues,
  onSubmit,
}: UseFormOptions<TValues, TOutput>): FormState<TValues> {
  type Field = Extract<keyof TValues, string>;
  const [values, setValues] = useState<TValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(false);
  const fieldNames = Object.keys(initialValues) as Field[];

  const setValue = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setFormError(undefined);
    if (attempted.current) {
      const result = validateForm(schema, next);
      setErrors(result.success ? {} : result.errors);
    }
  };

  const field = (name: Field): FieldProps => ({
    name,
    value: values[name] ?? '',
    onChange: (event) => setValue(name, event.target.value),
    error: errors[name],
  });

  const showServerErrors = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const fromServer = pickFieldErrors(error.errors, fieldNames);
    if (Object.keys(fromServer).length === 0) return false;
    setErrors(fromServer);
    return true;
  };

  const reset = useCallback((next: TValues) => {
    attempted.current = false;
    setValues(next);
    setErrors({});
    setFormError(undefined);
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    attempted.current = true;
    setFormError(undefined);
    const result = validateForm(schema, values);
    if (!result.success) {
      setErrors(result.errors);
      setFormError(result.formError);
      const firstInvalid = fieldNames.find((name) => result.errors[name] !== undefined);
      const element = firstInvalid ? event.currentTarget.elements.namedItem(firstInvalid) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    void Promise.resolve()
      .then(() => onSubmit(result.output))
      .catch((error: unknown) => {
        // Forms catch their own failures; this only keeps an unexpected one visible.
        setFormError(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setSubmitting(false));
  };

  return {
    values,
    errors,
    formError,
    submitting,
    field,
    setValue,
    setFormError,
    showServerErrors,
    reset,
    handleSubmit,
  };
}
