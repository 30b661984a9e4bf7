import { isApiError } from '@fm/sdk/embed';
import type { ChatRestriction } from './chat-ports.ts';

/** 403 codes that mean "activate first" (rule 11): the Action Not Available modal. */
const RESTRICTED_CODES: readonly string[] = ['SUBSCRIPTION_REQUIRED', 'PROFILE_INACTIVE'];

/**
 * The restriction behind a refused call, or null.
 *
 * @example
 * restrictionOf(error); // 'SUBSCRIPTION_REQUIRED'
 */
export function restrictionOf(error: unknown): ChatRestriction | null {
  if (!isApiError(error) || error.status !== 403) return null;
  return RESTRICTED_CODES.includes(error.code) ? (error.code as ChatRestriction) : null;
}
