import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/**
 * The routes that take files (multipart): they alone get the upload cap. Everything else —
 * including a multipart body sent to a route that reads its body itself (support requests, the
 * Stripe webhook, the auth catch-all) — is held to the small JSON cap, so one oversized request
 * cannot make a process buffer gigabytes.
 */
export const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'PATCH', path: /^\/api\/users\/?$/ },
  { method: 'POST', path: /^\/api\/users\/upload-(images|documents)$/ },
  { method: 'POST', path: /^\/api\/chats\/upload$/ },
  { method: 'POST', path: /^\/api\/admin\/(users|franchises)$/ },
  { method: 'PATCH', path: /^\/api\/admin\/(users|franchises)\/[^/]+$/ },
];

/**
 * Whether a request may carry an upload-sized multipart body.
 *
 * @example
 * isUploadRoute('POST', '/api/chats/upload', 'multipart/form-data; boundary=x'); // true
 * isUploadRoute('POST', '/api/stripe/webhook', 'multipart/form-data; boundary=x'); // false
 */
export function isUploadRoute(method: string, path: string, contentType: string): boolean {
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return false;
  return UPLOAD_ROUTES.some((r) => r.method === method.toUpperCase() && r.path.test(path));
}

/**
 * One size cap for every request body: `uploadBytes` on the upload routes, `jsonBytes` everywhere
 * else. Bodies without a `Content-Length` (chunked) are counted as they arrive.
 *
 * @example
 * app.use('*', bodyCaps({ jsonBytes: 1 << 20, uploadBytes: 40 << 20 }));
 */
export function bodyCaps(limits: { jsonBytes: number; uploadBytes: number }): MiddlewareHandler {
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  };
  const small = bodyLimit({ maxSize: limits.jsonBytes, onError: tooLarge });
  const large = bodyLimit({ maxSize: limits.uploadBytes, onError: tooLarge });
  return (c, next) => {
    // A GET or HEAD that declares no body has none. Asking for the body stream anyway would make
    // @hono/node-server build a full web Request for nothing (most of a small GET's cost).
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !c.req.header('content-length') &&
      !c.req.header('transfer-encoding')
    ) {
      return next();
    }
    return isUploadRoute(c.req.method, c.req.path, c.req.header('content-type') ?? '')
      ? large(c, next)
      : small(c, next);
  };
}
