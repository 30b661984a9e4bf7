import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { isApiError } from '@fm/sdk/embed';

/**
 * What a widget reports when it fails: the SDK error's text, code and HTTP status
 * (status 0 when the API was never reached). It is also the `detail` of `fm-error` events.
 */
export interface WidgetError {
  message: string;
  code: string;
  status: number;
}

/**
 * Turns anything a widget caught into a {@link WidgetError}.
 *
 * @example
 * api.users.getPublicProfile(id).catch((e) => onError(toWidgetError(e)));
 */
export function toWidgetError(error: unknown): WidgetError {
  if (isApiError(error)) {
    return { message: error.message, code: error.code, status: error.status };
  }
  return { message: GENERIC_MESSAGES.unknown, code: 'NETWORK_ERROR', status: 0 };
}
