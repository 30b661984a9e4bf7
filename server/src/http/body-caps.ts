import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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

/** The request headers that declare a body: a GET or HEAD with neither has none. */
export const BODY_HEADERS: readonly string[] = ['content-length', 'transfer-encoding'];

/** Forms are parsed from the web Request (they need its content type); every other body is text. */
const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i;

const utf8 = new TextDecoder();

/**
 * Reads a small body straight from Node's request, within `maxBytes`, into Hono's body cache, so
 * `c.req.json()` and `c.req.text()` parse it without @hono/node-server building a web Request
 * and a stream around it (about a tenth of a small POST's cost). The text is decoded as the web
 * Request would (UTF-8, a leading BOM dropped).
 */
async function cacheNodeBody(c: Context, incoming: IncomingMessage, maxBytes: number) {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client went away mid-body: nobody reads the answer.
    throw new AppError('MALFORMED_BODY');
  }
  // Hono keeps each body reading as a promise in its public `bodyCache` (typed as the values);
  // `json()` parses the cached text. `body-caps.test.ts` pins this on a real server.
  (c.req.bodyCache as unknown as { text?: Promise<string> }).text = Promise.resolve(
    utf8.decode(Buffer.concat(chunks, size)),
  );
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
      !BODY_HEADERS.some((name) => c.req.header(name))
    ) {
      return next();
    }
    const type = c.req.header('content-type') ?? '';
    if (isUploadRoute(c.req.method, c.req.path, type)) return large(c, next);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && !FORM_TYPE.test(type)) {
      return cacheNodeBody(c, incoming, limits.jsonBytes).then(() => next());
    }
    return small(c, next);
  };
}
