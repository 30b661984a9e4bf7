import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';

/**
 * The text a screen shows for a failed call: the SDK's `'{operation}: {message}'`, or the
 * product's generic text for anything that is not an API error.
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong;
}

/**
 * The server's own message when it sent one, otherwise `fallback` (the spec's failure toasts:
 * "server message or 'Failed to … Please try again.'").
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return fallback;
}
