import type { FmClient } from '@fm/sdk';
import { createClient, localStorageTokenStore } from '@fm/sdk';
import { type AdminApi, createAdminApi } from '@fm/sdk/admin';
import { BASENAME, isAuthPath, paths } from '../paths.ts';

/** Namespace of everything the control panel keeps in storage about the signed-in admin. */
export const SESSION_STORAGE_NAMESPACE = 'fm-admin';

/** The admin's credentials, kept apart from the portal's (both apps share one origin, rule 1). */
export const tokenStore = localStorageTokenStore(SESSION_STORAGE_NAMESPACE);

type Navigate = (path: string) => void;

// Until the router registers itself (main.tsx), fall back to a full page load.
let navigateAfterUnauthorized: Navigate = (path) => {
  window.location.replace(`${BASENAME}${path}`);
};

/** Lets the router take over the redirect that follows a 401, so it stays a client-side move. */
export function setUnauthorizedNavigator(navigate: Navigate): void {
  navigateAfterUnauthorized = navigate;
}

/**
 * Forgets the admin's session: the SDK's credentials and any other key of the admin namespace,
 * in local and session storage. The portal's keys (same origin) and UI preferences stay.
 */
export function clearAdminSession(): void {
  tokenStore.clear();
  for (const storage of [window.localStorage, window.sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) {
      if (key === SESSION_STORAGE_NAMESPACE || key?.startsWith(`${SESSION_STORAGE_NAMESPACE}:`)) {
        storage.removeItem(key);
      }
    }
  }
}

/** A 401 clears storage and sends the admin to sign-in (admin-panel §7). */
function handleUnauthorized(): void {
  clearAdminSession();
  if (!isAuthPath(window.location.pathname)) navigateAfterUnauthorized(paths.signIn);
}

/** The one API client of the control panel. */
export const api: FmClient = createClient({
  baseUrl: '/api',
  tokenStore,
  onUnauthorized: handleUnauthorized,
});

/** The admin calls, over the same client: `@fm/sdk/admin` is the workspace-only entry. */
export const adminApi: AdminApi = createAdminApi(api);
