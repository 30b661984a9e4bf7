import type { StoredCredentials } from '@fm/sdk';
import type { AuthUser, OwnProfile } from '@fm/sdk/contracts';
import { useSyncExternalStore } from 'react';
import { tokenStore } from '../api/client.ts';

/** The signed-in admin's stored credentials, or null for a guest; re-renders when they change. */
export function useSession(): StoredCredentials | null {
  // The token store's `get` returns the same object until the credentials change (SDK contract),
  // and it hears other tabs signing in and out.
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
}

/**
 * Keeps the stored user in step with the server's profile (after loading or updating it), so
 * that the sidebar shows the admin's current name and e-mail.
 */
export function rememberUser(profile: Pick<OwnProfile, keyof AuthUser>): void {
  const current = tokenStore.get();
  if (!current) return;
  const { id, email, firstName, lastName, role } = profile;
  const user: AuthUser = { id, email, firstName, lastName, role };
  const stored = current.user;
  if (
    stored.id === id &&
    stored.email === email &&
    stored.firstName === firstName &&
    stored.lastName === lastName &&
    stored.role === role
  ) {
    return;
  }
  tokenStore.set({ ...current, user });
}
