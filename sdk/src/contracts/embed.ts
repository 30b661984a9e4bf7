import * as v from 'valibot';
import { AuthUserSchema } from './auth.ts';

/**
 * Embedding on partner sites (D18): a page on a brand's own origin uses a publishable embed key
 * (`pk_…`) that names the origins allowed to use it. The key travels in this request header.
 */
export const EMBED_KEY_HEADER = 'x-fm-embed-key';

/** Publishable embed keys start with this (secret keys, `sk_…`, never reach a browser). */
export const PUBLISHABLE_KEY_PREFIX = 'pk_';

/** What the element and the sign-in page say when a key is refused. */
export const EMBED_TEXT = {
  originNotAllowed: 'This site is not allowed to use this embed key.',
  keyInvalid: 'This embed key is not valid or has been revoked.',
  signInTitle: 'Sign in to continue',
  signInFor: (site: string) => `Sign in to continue on ${site}.`,
  signedIn: 'You are signed in. You can close this window.',
  popupBlocked: 'Allow pop-ups for this site to sign in.',
  signedOut: 'Sign in to book a meeting and to message.',
  signInButton: 'Log In',
  signOutButton: 'Log Out',
} as const;

/**
 * An origin in its one canonical form — `scheme://host[:port]`, lower-case host, default ports
 * dropped — or null when the text is not exactly an http(s) origin (a path, query, fragment,
 * credentials, a wildcard or `null` are all refused). Both sides of every comparison go through
 * it, so `HTTPS://Brand.com:443` equals `https://brand.com` and nothing else does.
 *
 * @example
 * normalizeOrigin('https://Brand.com:443'); // 'https://brand.com'
 * normalizeOrigin('https://brand.com/shop'); // null
 * normalizeOrigin('*'); // null
 */
export function normalizeOrigin(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.includes('*')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) return null;
  if (text.endsWith('?') || text.endsWith('#')) return null;
  return url.origin;
}

/**
 * Whether `origin` (a request's `Origin`, a page's `location.origin`) is one of `allowed`: exact
 * scheme, host and port after {@link normalizeOrigin} — `https://brand.com.evil.test`,
 * `http://brand.com` or `https://brand.com:8443` are not `https://brand.com`.
 *
 * @example
 * originAllowed(['https://brand.com'], 'https://brand.com'); // true
 * originAllowed(['https://brand.com'], 'https://brand.com.evil.test'); // false
 */
export function originAllowed(allowed: readonly string[], origin: string | null | undefined) {
  const wanted = normalizeOrigin(origin);
  if (!wanted) return false;
  return allowed.some((entry) => normalizeOrigin(entry) === wanted);
}

/** `GET /api/embed/keys/{key}`: what a publishable key allows (public; the key is public too). */
export const EmbedKeyInfoSchema = v.object({
  /** The origins (scheme + host + port) that may use the key. */
  allowedOrigins: v.array(v.string()),
  /** The franchise that owns the key (shown on the sign-in page). */
  franchiseName: v.string(),
});
export type EmbedKeyInfo = v.InferOutput<typeof EmbedKeyInfoSchema>;

/** The message the sign-in popup posts to the element's page (`window.opener`). */
export const EMBED_SIGN_IN_MESSAGE = 'fm-embed-sign-in';

/** `{state, token, refreshToken}` of D18, tagged, with the user so the element needs no call. */
export const EmbedSignInMessageSchema = v.object({
  type: v.literal(EMBED_SIGN_IN_MESSAGE),
  state: v.pipe(v.string(), v.minLength(16)),
  token: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.pipe(v.string(), v.minLength(1)),
  user: AuthUserSchema,
});
export type EmbedSignInMessage = v.InferOutput<typeof EmbedSignInMessageSchema>;

/** Why the sign-in page refuses to hand credentials over. */
export type HandoffRefusal = 'missing-key' | 'missing-state' | 'bad-origin' | 'origin-not-allowed';

/**
 * The sign-in page's decision (pure): to which origin it may post the credentials. The element
 * declares its page's origin in the popup's address; the page posts only when that origin is one
 * the key allows, and then with exactly that `targetOrigin`, so the browser delivers the message
 * only if the opener really is on it (a lying declaration gets nothing).
 *
 * @example
 * signInHandoff({ key: 'pk_1', state: 's'.repeat(32), declaredOrigin: 'https://brand.com', allowedOrigins: ['https://brand.com'] });
 * // { ok: true, targetOrigin: 'https://brand.com' }
 */
export function signInHandoff(input: {
  key: string | null | undefined;
  state: string | null | undefined;
  declaredOrigin: string | null | undefined;
  allowedOrigins: readonly string[];
}): { ok: true; targetOrigin: string } | { ok: false; reason: HandoffRefusal } {
  if (!input.key?.startsWith(PUBLISHABLE_KEY_PREFIX)) return { ok: false, reason: 'missing-key' };
  if (!input.state || input.state.length < 16) return { ok: false, reason: 'missing-state' };
  const origin = normalizeOrigin(input.declaredOrigin);
  if (!origin) return { ok: false, reason: 'bad-origin' };
  if (!originAllowed(input.allowedOrigins, origin)) {
    return { ok: false, reason: 'origin-not-allowed' };
  }
  return { ok: true, targetOrigin: origin };
}

/**
 * The element's decision (pure) on a `message` event while it waits for the popup: the
 * credentials when the message comes from the portal's origin, from the popup it opened, and
 * carries the state it generated; else null (anything else on the page's message bus is ignored).
 *
 * @example
 * const creds = acceptSignInMessage(event, { portalOrigin: 'https://fm.example', state, source: popup });
 */
export function acceptSignInMessage(
  event: { origin: string; data: unknown; source?: unknown },
  expected: { portalOrigin: string; state: string; source?: unknown },
): EmbedSignInMessage | null {
  if (normalizeOrigin(event.origin) !== normalizeOrigin(expected.portalOrigin)) return null;
  if (expected.source !== undefined && event.source !== expected.source) return null;
  const parsed = v.safeParse(EmbedSignInMessageSchema, event.data);
  if (!parsed.success || parsed.output.state !== expected.state) return null;
  return parsed.output;
}
