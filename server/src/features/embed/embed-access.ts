import {
  EMBED_KEY_HEADER,
  isSecureEmbedOrigin,
  normalizeOrigin,
  originAllowed,
  type Role,
} from '@fm/sdk/contracts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../auth/session.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { PublishableKey } from '../api-keys/service.ts';

/** A request admitted with a publishable embed key from one of its origins (rule 18). */
export interface EmbedAccess {
  keyId: string;
  franchiseId: string;
  /** The page's origin, exactly as allowed. */
  origin: string;
}

/**
 * The embed key a request was admitted with, or undefined (no key sent). Kept on the request's
 * context, so middleware that replaces the raw request (body caps, idempotency) keeps it.
 *
 * @example
 * const keyId = embedAccessOf(c)?.keyId;
 */
export const embedAccessOf = (c: Context<AppEnv>): EmbedAccess | undefined => c.get('embedAccess');

/** Whether the request carries an embed key (whatever its fate): CORS answers its origin. */
export const hasEmbedKey = (c: Context) => Boolean(c.req.header(EMBED_KEY_HEADER));

/** Calls a minute through one embed key, and from one address with any embed key. */
export const EMBED_RATE_LIMITS = { perKey: 3_000, perAddress: 300 } as const;

/**
 * Publishable embed keys (rule 18), after the session middleware: a request with `x-fm-embed-key`
 * must come from one of the key's allowed origins (scheme, host and port, exactly; `https://`, or
 * `http://` on loopback only, decision 029) — else 403
 * `EMBED_ORIGIN_NOT_ALLOWED`; an unknown or revoked key is 403 `EMBED_KEY_INVALID`, from the next
 * request on (nothing is cached). An admitted request may read public data without a user
 * ({@link publicViewer}) and its bookings record the key. A key is public, so its calls are
 * limited per key and per address ({@link EMBED_RATE_LIMITS}; 429 with `Retry-After`). A request
 * without the header is not affected.
 *
 * @example
 * api.use('*', embedAccess({ findPublishable: keys.findPublishable, touch: keys.touch, limiter, trustProxy: false }));
 */
export function embedAccess(deps: {
  findPublishable: (key: string) => Promise<PublishableKey | null>;
  touch: (id: string) => Promise<void>;
  /** A one-minute window ({@link EMBED_RATE_LIMITS}); a key is public, so its use is bounded. */
  limiter: RateLimiter;
  trustProxy: boolean;
  limits?: { perKey: number; perAddress: number };
}) {
  const limits = deps.limits ?? EMBED_RATE_LIMITS;
  return createMiddleware<AppEnv>(async (c, next) => {
    const value = c.req.header(EMBED_KEY_HEADER)?.trim();
    if (!value) return next();
    const key = await deps.findPublishable(value);
    if (!key) throw new AppError('EMBED_KEY_INVALID');
    await deps.limiter.hit(`embed-address:${clientIp(c, deps.trustProxy)}`, limits.perAddress);
    await deps.limiter.hit(`embed-key:${key.id}`, limits.perKey);
    // Browsers send no Origin on a same-origin GET: the product's own pages (the demo page) are
    // then the request's own origin, which the key must allow like any other.
    const sameOrigin = c.req.header('sec-fetch-site') === 'same-origin';
    const origin = normalizeOrigin(
      c.req.header('origin') ?? (sameOrigin ? new URL(c.req.url).origin : null),
    );
    // A plain-http origin (not loopback) is refused even where an older key still lists it (decision 029).
    if (!origin || !originAllowed(key.allowedOrigins, origin) || !isSecureEmbedOrigin(origin)) {
      throw new AppError('EMBED_ORIGIN_NOT_ALLOWED');
    }
    c.set('embedAccess', { keyId: key.id, franchiseId: key.franchiseId, origin });
    await deps.touch(key.id);
    return next();
  });
}

/** Who reads a public list: the signed-in user, or an anonymous visitor of a partner page. */
export interface PublicViewer {
  id: string;
  role: Role;
  /** An anonymous visitor admitted by an embed key: may list either side, has no favourites. */
  anonymous: boolean;
}

/**
 * The viewer of public data (rule 18): the signed-in user; else, with an admitted embed key, an
 * anonymous visitor; else 401.
 *
 * @example
 * const viewer = publicViewer(c); // { id: '', role: 'franchisor', anonymous: true }
 */
export function publicViewer(c: Context<AppEnv>): PublicViewer {
  const user = c.get('user');
  if (user) return { id: user.id, role: user.role, anonymous: false };
  if (embedAccessOf(c)) return { id: '', role: 'franchisor', anonymous: true };
  throw new AppError('UNAUTHORIZED');
}

/** Route guard: a signed-in user or an admitted embed key (else 401). */
export const publicReader = createMiddleware<AppEnv>(async (c, next) => {
  publicViewer(c);
  return next();
});
