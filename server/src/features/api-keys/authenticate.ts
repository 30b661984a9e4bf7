import { API_KEY_TEXT, SECRET_KEY_PREFIX } from '@fm/sdk/contracts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../auth/session.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { scopeFor } from './scopes.ts';
import type { ApiKeyService } from './service.ts';

/**
 * The id of the secret key a request came with, or undefined (kept on the request's context, for
 * records such as the booking's source).
 * @example const keyId = apiKeyOf(c);
 */
export const apiKeyOf = (c: Context<AppEnv>): string | undefined => c.get('apiKeyId');

/**
 * Authenticates `Authorization: Bearer sk_…` (mounted after the session middleware): an unknown
 * or revoked key is 401 `API_KEY_INVALID`; a call outside the key's scopes is 403
 * `API_KEY_SCOPE_MISSING`; each key may make `perMinute` calls a minute (429 past that). A valid
 * key acts as the member who created it (401 once they left the franchise or were deactivated; a
 * key an admin made acts as the franchise's billing contact), and its last use is recorded.
 *
 * @example
 * api.use('*', apiKeyAuthentication({ keys, limiter, perMinute: 600 }));
 */
export function apiKeyAuthentication(deps: {
  keys: ApiKeyService;
  limiter: RateLimiter;
  perMinute: number;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const [scheme, token] = header.split(' ');
    if (
      c.get('user') ||
      scheme?.toLowerCase() !== 'bearer' ||
      !token?.startsWith(SECRET_KEY_PREFIX)
    ) {
      return next();
    }
    const key = await deps.keys.findSecret(token.trim());
    if (!key) throw new AppError('API_KEY_INVALID');
    await deps.limiter.hit(`api-key:${key.id}`, deps.perMinute);
    const needed = scopeFor(c.req.method, c.req.path);
    if (needed === undefined || (needed !== null && !key.scopes.includes(needed))) {
      throw new AppError('API_KEY_SCOPE_MISSING', {
        message:
          needed === undefined
            ? 'API keys cannot make this call.'
            : `This API key does not have the scope this call needs (${needed}).`,
      });
    }
    const actor = await deps.keys.keyActor(key);
    if (!actor) throw new AppError('API_KEY_INVALID', { message: API_KEY_TEXT.keyStopped });
    c.set('user', actor);
    c.set('apiKeyId', key.id);
    await deps.keys.touch(key.id);
    return next();
  });
}
