import { isApiError } from '@fm/sdk';
import { TOASTS } from '@fm/sdk/contracts';
import { toast } from 'sonner';

/**
 * The failure text of user-area §8: the server's message when it sent one, else the fallback
 * ('Profile update failed. Please try again.' or 'Failed to update profile. Please try again.').
 *
 * @example
 * ```ts
 * toast.error(failureText(error, TOASTS.profileUpdateFailed));
 * ```
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

/** 'Profile updated successfully!' */
export function toastProfileUpdated(): void {
  toast.success(TOASTS.profileUpdated);
}

/** The server's message, or 'Profile update failed. Please try again.' */
export function toastProfileUpdateFailed(error: unknown): void {
  toast.error(failureText(error, TOASTS.profileUpdateFailed));
}
