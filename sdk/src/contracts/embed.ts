import * as v from 'valibot';
import { AuthUserSchema, SignInInputSchema } from './auth.ts';

/**
 * Embedding on partner sites (rule 18): a page on a brand's own origin uses a publishable embed key
 * (`pk_…`) that names the origins allowed to use it. The key travels in this request header.
 */
export const EMBED_KEY_HEADER = 'x-fm-embed-key';

/** Publishable embed keys start with this (secret keys, `sk_…`, never reach a browser). */
export const PUBLISHABLE_KEY_PREFIX = 'pk_';

/**
 * What the element and the sign-in page say when a key is refused, and the element's own words.
 * Every element loads this object whole: the popup's texts are {@link EMBED_SIGN_IN_TEXT}.
 */
export const EMBED_TEXT = {
  originNotAllowed: 'This site is not allowed to use this embed key.',
  keyInvalid: 'This embed key is not valid or has been revoked.',
  popupBlocked: 'Allow pop-ups for this site to sign in.',
  signOutButton: 'Log Out',
} as const;

/**
 * Embed session tokens (decision 029) start with this, so the API tells them from an account's token at a
 * glance. An embed session is what a sign-in through a partner page's popup yields: bound to the
 * embed key, accepted only by the elements' own calls and only together with that key.
 */
export const EMBED_SESSION_PREFIX = 'fmes_';
/** How long an embed session lives (decision 029); it is renewed only inside the embed, never refreshed. */
export const EMBED_SESSION_TTL_MS = 60 * 60 * 1000;
/** How long a sign-in in the popup waits for the visitor's consent before it lapses. */
export const EMBED_CONSENT_TTL_MS = 10 * 60 * 1000;
/** The longest one sign-in lasts through renewals; then the visitor signs in again. */
export const EMBED_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The popup's and the server's texts for the embed sign-in (decision 029): apart from {@link EMBED_TEXT},
 * which every element loads, because only the portal's popup and the API use these.
 */
export const EMBED_SIGN_IN_TEXT = {
  title: 'Sign in to continue',
  signInButton: 'Log In',
  signedIn: 'You are signed in. You can close this window.',
  lead: (brand: string, origin: string) => `Sign in to continue on ${brand} (${origin}).`,
  membersNote: (brand: string) =>
    `Only members of ${brand} can sign in here, with their Franchise Meet account.`,
  membersOnly: (brand: string) =>
    `Only members of ${brand} can sign in on this site. Use Franchise Meet itself instead.`,
  rolesRefused:
    'Admins and consultants cannot sign in on partner sites. Sign in on Franchise Meet itself.',
  consentTitle: 'Allow this site?',
  consentLead: (brand: string, origin: string) =>
    `${brand} (${origin}) asks to use your Franchise Meet account in its widgets.`,
  consentMay:
    'It will be able to show consultants and their free times, book meetings and cancel the ones booked on this site, and show your chats and notifications.',
  consentMayNot:
    'It will not be able to change your account, your password or your payment details, or see anything else.',
  consentOnce: 'You are asked once for this site. Its owner can end this access at any time.',
  allowButton: 'Allow',
  cancelButton: 'Cancel',
  declined: 'Nothing was shared with this site. You can close this window.',
} as const;

/**
 * Whether an embed key may allow this origin (decision 029): `https://`, or plain `http://` only on the
 * visitor's own machine (`localhost`, `127.0.0.1`), for development. Any other `http://` page can
 * be read and changed on the way, so it never receives a visitor's embed session.
 *
 * @example
 * isSecureEmbedOrigin('https://brand.com'); // true
 * isSecureEmbedOrigin('http://localhost:5173'); // true
 * isSecureEmbedOrigin('http://evil.example'); // false
 */
export function isSecureEmbedOrigin(origin: string | null | undefined): boolean {
  const normal = normalizeOrigin(origin);
  if (!normal) return false;
  const url = new URL(normal);
  if (url.protocol === 'https:') return true;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1';
}

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

/**
 * `POST /api/embed/sign-in` (decision 029), from the portal's popup: the key, the partner page's origin
 * (one the key allows) and the visitor's credentials.
 */
export const EmbedSignInInputSchema = v.object({
  key: v.pipe(v.string(), v.nonEmpty(EMBED_TEXT.keyInvalid)),
  origin: v.pipe(v.string(), v.nonEmpty(EMBED_TEXT.originNotAllowed)),
  ...SignInInputSchema.entries,
});
export type EmbedSignInInput = v.InferInput<typeof EmbedSignInInputSchema>;

/**
 * An embed session (decision 029): `token` (`fmes_…`, sent as `Authorization: Bearer` together with the
 * key's `x-fm-embed-key`), when it expires, and its user. `consentRequired`: the visitor has not
 * yet allowed this key; the token then only works for `POST /api/embed/consent`.
 */
export const EmbedSessionSchema = v.object({
  token: v.pipe(v.string(), v.startsWith(EMBED_SESSION_PREFIX)),
  expiresAt: v.string(),
  user: AuthUserSchema,
  consentRequired: v.boolean(),
});
export type EmbedSession = v.InferOutput<typeof EmbedSessionSchema>;

/** The message the sign-in popup posts to the element's page (`window.opener`). */
export const EMBED_SIGN_IN_MESSAGE = 'fm-embed-sign-in';

/**
 * `{state, token}` of rule 18, tagged, with the user so the element needs no call: the token is an
 * embed session (decision 029), never an account's, and no refresh token goes with it.
 */
export const EmbedSignInMessageSchema = v.object({
  type: v.literal(EMBED_SIGN_IN_MESSAGE),
  state: v.pipe(v.string(), v.minLength(16)),
  // An embed session (`fmes_…`); not checked here, to keep the elements small (the popup is ours).
  token: v.pipe(v.string(), v.minLength(1)),
  expiresAt: v.string(),
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
