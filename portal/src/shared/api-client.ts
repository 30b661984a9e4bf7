import { createClient, type FmClient, localStorageTokenStore, type TokenStore } from '@fm/sdk';
import { PATHS } from './paths.ts';
import { TOKEN_STORAGE_KEY } from './site.ts';

/** The credentials of the signed-in user, kept in localStorage so a reload keeps the session. */
export const tokenStore: TokenStore = localStorageTokenStore(TOKEN_STORAGE_KEY);

/** Pages where a 401 is an answer to show (wrong password), not a reason to leave. */
const AUTH_PAGES: readonly string[] = [
  PATHS.signIn,
  PATHS.signUp,
  PATHS.activateProfile,
  PATHS.activateProfileFranchisor,
];

type Redirect = (path: string) => void;
let redirect: Redirect = (path) => window.location.replace(path);

/**
 * Lets the router perform the 401 redirect as a client-side navigation (set once at start-up);
 * until then a full page load is used.
 */
export function setUnauthorizedRedirect(next: Redirect): void {
  redirect = next;
}

/** Forgets everything this origin stored in the browser (user-area §4: 401 and Log Out). */
export function clearBrowserStorage(): void {
  tokenStore.clear();
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be blocked (private modes); there is nothing to clear then.
  }
}

/** A 401 clears all stored data and sends the user to sign-in (user-area §4). */
function handleUnauthorized(): void {
  clearBrowserStorage();
  if (!AUTH_PAGES.includes(window.location.pathname)) redirect(PATHS.signIn);
}

/**
 * The API's root for this page. The server entry (rule 22) renders pages where there is no page
 * location, and rendering calls nothing (queries run in effects): any absolute root does there.
 */
const API_ROOT = typeof location === 'undefined' ? 'http://localhost/api' : '/api';

/** The portal's one API client. Pages reach the API only through it. */
export const api: FmClient = createClient({
  baseUrl: API_ROOT,
  tokenStore,
  onUnauthorized: handleUnauthorized,
});
