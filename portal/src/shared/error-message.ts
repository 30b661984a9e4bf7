import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';

/**
 * The ready-to-show message of a failed call: the SDK's `'{operation}: {message}'`, or the
 * product's generic text for anything that is not an API error.
 *
 * @example setAlert(errorMessage(error));
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong;
}

/**
 * The failure text of a query, or null while it has not failed (what `LoadStatus` takes).
 *
 * @example <LoadStatus error={failureOf(query)} … />
 */
export function failureOf(query: { isError: boolean; error: unknown }): string | null {
  return query.isError ? errorMessage(query.error) : null;
}

/** The HTTP status of a failed call, or 0 when it never got an answer. */
export function httpStatusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}
