import type { StoredCredentials } from '@fm/sdk';
import type { Role } from '@fm/sdk/contracts';
import { useSyncExternalStore } from 'react';
import { tokenStore } from './api-client.ts';

/** The signed-in user as the portal sees it, or `null` for a guest. */
export interface Session {
  credentials: StoredCredentials;
  user: StoredCredentials['user'];
  /** Read from the stored user, i.e. from what sign-in returned (user-area §6). */
  role: Role;
}

let cachedCredentials: StoredCredentials | null = null;
let cachedSession: Session | null = null;

function toSession(credentials: StoredCredentials | null): Session | null {
  // The store returns the same object until the credentials change; keep ours stable too so
  // that `useSyncExternalStore` does not loop.
  if (credentials === cachedCredentials) return cachedSession;
  cachedCredentials = credentials;
  cachedSession = credentials
    ? { credentials, user: credentials.user, role: credentials.user.role }
    : null;
  return cachedSession;
}

function getSnapshot(): Session | null {
  return toSession(tokenStore.get());
}

function subscribe(listener: () => void): () => void {
  return tokenStore.subscribe(listener);
}

/**
 * The current session; re-renders when the user signs in or out (in this tab or another).
 *
 * @example
 * ```tsx
 * const session = useSession();
 * return session ? <RoleNav role={session.role} /> : <GuestNav />;
 * ```
 */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
