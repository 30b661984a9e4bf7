import { ApiError, isApiError } from '@fm/sdk';
import { MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';
import type { FieldValue } from '@fm/widgets/kit';

/**
 * The raw values of the changed fields, for a patch that sends only what changed (the contract
 * schemas parse text such as '250000' and turn '' into null, clearing the value).
 *
 * @example
 * ```ts
 * changedValues({ a: '1', b: '2' }, ['b']); // { b: '2' }
 * ```
 */
export function changedValues(
  values: Readonly<Record<string, FieldValue>>,
  changed: readonly string[],
  only?: readonly string[],
): Record<string, FieldValue> {
  const keep = only ? changed.filter((name) => only.includes(name)) : changed;
  return Object.fromEntries(keep.map((name) => [name, values[name] as FieldValue]));
}

/**
 * The same failure with the server's field names as the form knows them: franchise fields come
 * back as `franchise.minNetWorth`, the form calls them `minNetWorth`.
 *
 * @example
 * ```ts
 * throw withFormFieldNames(error, 'franchise.');
 * ```
 */
export function withFormFieldNames(error: unknown, prefix: string): unknown {
  if (!isApiError(error) || !error.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, message]) => [
      field.startsWith(prefix) ? field.slice(prefix.length) : field,
      message,
    ]),
  );
  return new ApiError({
    operation: error.operation,
    status: error.status,
    code: error.code,
    serverMessage: error.serverMessage,
    message: error.message,
    errors,
  });
}

/**
 * What a meeting of `durationMinutes` costs at `rate` dollars per 15 minutes (user-area §1):
 * floor(duration / 15) × rate.
 *
 * @example
 * ```ts
 * meetingCost(60, 50); // 200
 * meetingCost(50, 50); // 150
 * ```
 */
export function meetingCost(durationMinutes: number, rate: number): number {
  return Math.floor(durationMinutes / MINUTES_PER_RATE_UNIT) * rate;
}
