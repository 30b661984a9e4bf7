import * as v from 'valibot';
import { type OperationTexts, type SdkOperation, validationError } from './errors.ts';

/**
 * Validates a call's input with its contract schema before anything is sent. Returns the parsed
 * (trimmed, normalised) value; an invalid input rejects with `ApiError` status 400, code
 * `VALIDATION_FAILED` and `errors` keyed by field with the spec's messages.
 *
 * @example
 * ```ts
 * const body = validateInput('signIn', AUTH_OPERATIONS, SignInInputSchema, input); // throws before the request
 * ```
 */
export function validateInput<TSchema extends v.GenericSchema, TOperation extends SdkOperation>(
  operation: TOperation,
  texts: OperationTexts<NoInfer<TOperation>>,
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(operation, texts[operation], result.issues);
  return result.output;
}
