import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import * as v from 'valibot';

/** Field name → the message shown under the field. */
export type FieldErrors = Readonly<Record<string, string>>;

export type ValidationResult<TOutput> =
  | { success: true; output: TOutput }
  | { success: false; errors: FieldErrors; formError: string | null };

/**
 * Validates form values with a contract schema; each field gets the first message of its issues,
 * so the texts are exactly the contract's (user-area §5).
 *
 * @example
 * ```ts
 * const result = validateForm(SignInInputSchema, { email: '', password: '' });
 * if (!result.success) result.errors.email; // 'Please input a valid email!'
 * ```
 */
export function validateForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, values);
  if (result.success) return { success: true, output: result.output };
  const flat = v.flatten(result.issues);
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(flat.nested ?? {})) {
    const first = messages?.[0];
    if (first !== undefined) errors[field] = first;
  }
  return { success: false, errors, formError: flat.root?.[0] ?? null };
}

/**
 * Turns a failed submit into what the form shows: the server's field messages under the fields
 * the form has, and otherwise one message for the whole form (the server's message when it sent
 * one, e.g. "An account with this email already exists").
 *
 * @example
 * ```ts
 * const { errors, formError } = errorsFromFailure(error, ['email', 'password']);
 * ```
 */
export function errorsFromFailure(
  error: unknown,
  fieldNames: readonly string[],
): { errors: FieldErrors; formError: string | null } {
  if (!isApiError(error)) {
    return { errors: {}, formError: GENERIC_MESSAGES.somethingWentWrong };
  }
  const errors: Record<string, string> = {};
  const otherMessages: string[] = [];
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    if (fieldNames.includes(field)) errors[field] = message;
    else otherMessages.push(message);
  }
  if (Object.keys(errors).length > 0) {
    return { errors, formError: otherMessages[0] ?? null };
  }
  return { errors, formError: error.serverMessage ?? error.message };
}
