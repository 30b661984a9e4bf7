import * as v from 'valibot';

/** The first message of each invalid field, keyed by field name. */
export type FieldErrors<TField extends string = string> = Partial<Record<TField, string>>;

export type ValidationResult<TOutput, TField extends string> =
  | { success: true; output: TOutput }
  | { success: false; errors: FieldErrors<TField>; formError: string | undefined };

/**
 * Validates form values with a valibot schema and flattens the issues into one message per
 * field (the first, as a form shows it under the field). Issues without a field path become the
 * form's own error.
 *
 * @example
 * const result = validateForm(SignInInputSchema, { email: 'x', password: '' });
 * if (!result.success) result.errors.email; // 'Please input a valid email!'
 */
export function validateForm<TValues extends Record<string, unknown>, TOutput>(
  schema: v.GenericSchema<TValues, TOutput>,
  values: TValues,
): ValidationResult<TOutput, Extract<keyof TValues, string>> {
  const result = v.safeParse(schema, values);
  if (result.success) return { success: true, output: result.output };

  const flat = v.flatten(result.issues);
  const errors: FieldErrors<Extract<keyof TValues, string>> = {};
  const nested: Partial<Record<string, [string, ...string[]]>> = flat.nested ?? {};
  for (const [path, messages] of Object.entries(nested)) {
    const field = path.split('.')[0];
    const message = messages?.[0];
    if (field === undefined || message === undefined || !(field in values)) continue;
    const key = field as Extract<keyof TValues, string>;
    errors[key] ??= message;
  }
  return { success: false, errors, formError: flat.root?.[0] };
}

/**
 * Keeps the server's field messages (`ApiError.errors`, D7) that belong to this form's fields.
 *
 * @example
 * pickFieldErrors({ email: 'Please input a valid email!', other: '…' }, ['email']);
 * // { email: 'Please input a valid email!' }
 */
export function pickFieldErrors<TField extends string>(
  serverErrors: Readonly<Record<string, string>> | undefined,
  fields: readonly TField[],
): FieldErrors<TField> {
  const picked: FieldErrors<TField> = {};
  if (!serverErrors) return picked;
  for (const field of fields) {
    const message = serverErrors[field];
    if (message) picked[field] = message;
  }
  return picked;
}
