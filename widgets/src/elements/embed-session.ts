import type { AuthUser } from '@fm/sdk/contracts';
import { acceptSignInMessage } from '@fm/sdk/contracts';
import { signOut } from '@fm/sdk/embed';
import type { ElementClient } from './element-client.ts';

/** Why signing in through the popup ended without a user. */
export type PopupSignInFailure = 'popup-blocked' | 'closed' | 'no-embed-key';

export class PopupSignInError extends Error {
  constructor(readonly reason: PopupSignInFailure) {
    super(`Sign-in did not finish (${reason})`);
    this.name = 'PopupSignInError';
  }
}

/** A fresh, unguessable state value (hex of 24 random bytes) for one sign-in. */
export function newSignInState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The portal's sign-in page for an element (rule 18): `/embed/sign-in` at the API's origin, with the
 * key, the state and the page's origin the popup must answer to.
 *
 * @example
 * embedSignInUrl('https://fm.example/api', 'pk_1', 'abc…', 'https://brand.com');
 * // 'https://fm.example/embed/sign-in?key=pk_1&state=abc…&origin=https%3A%2F%2Fbrand.com'
 */
export function embedSignInUrl(
  baseUrl: string,
  key: string,
  state: string,
  pageOrigin: string,
): string {
  const url = new URL('/embed/sign-in', new URL(baseUrl, globalThis.location?.href));
  url.search = new URLSearchParams({ key, state, origin: pageOrigin }).toString();
  return url.toString();
}

const POPUP_FEATURES = 'popup,width=480,height=720';

/**
 * Signs the visitor in without leaving the page (rule 18, decision 029): opens the portal's `/embed/sign-in` in
 * a popup — call it from a click, or the browser blocks the popup — and waits for the popup's
 * `{state, token}` message from the portal's origin, then keeps the embed session in the element
 * client's memory store. The token is an embed session, not an account's: it works only for the
 * elements' calls, only with this key, for an hour at a time. No cookie, no iframe. Rejects with
 * {@link PopupSignInError} when the popup is blocked or closed first.
 *
 * @example
 * button.onclick = () => signInWithPopup(entry).then((user) => console.log(user.firstName));
 */
export function signInWithPopup(entry: ElementClient, win: Window = window): Promise<AuthUser> {
  const key = entry.embedKey;
  if (!key) return Promise.reject(new PopupSignInError('no-embed-key'));
  const state = newSignInState();
  const url = embedSignInUrl(entry.baseUrl, key, state, win.location.origin);
  const portalOrigin = new URL(url).origin;
  const popup = win.open(url, 'fm-embed-sign-in', POPUP_FEATURES);
  if (!popup) return Promise.reject(new PopupSignInError('popup-blocked'));
  return new Promise<AuthUser>((resolve, reject) => {
    const finish = () => {
      win.removeEventListener('message', onMessage);
      win.clearInterval(watch);
    };
    const onMessage = (event: MessageEvent) => {
      const message = acceptSignInMessage(event, { portalOrigin, state, source: popup });
      if (!message) return;
      finish();
      // An embed session (decision 029): no refresh token comes with it (the empty one the SDK then sends
      // is ignored); the API renews it inside the embed, a new token in `x-access-token`, which
      // the SDK keeps, until the visitor has to sign in again.
      entry.store.set({ token: message.token, refreshToken: '', user: message.user });
      popup.close();
      resolve(message.user);
    };
    // A closed popup never answers; a user who closes it just stays signed out.
    const watch = win.setInterval(() => {
      if (!popup.closed) return;
      finish();
      reject(new PopupSignInError('closed'));
    }, 400);
    win.addEventListener('message', onMessage);
  });
}

/**
 * Signs the visitor out of the element: ends the embed session on the server (best effort) and
 * forgets the credentials held in memory.
 *
 * @example
 * await signOutOfElement(entry);
 */
export async function signOutOfElement(entry: ElementClient): Promise<void> {
  if (!entry.store.get()) return;
  try {
    await signOut(entry.client.http);
  } catch {
    // The credentials are forgotten below whatever the server says.
  } finally {
    entry.store.clear();
  }
}
