import type { Context, MiddlewareHandler } from 'hono';
import { answerHeaders } from './answer-headers.ts';

export interface CorsOptions {
  /** The allowed origin for this request (`*`, the origin itself) or null for none. */
  origin: (origin: string, c: Context) => string | null;
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
  /**
   * Whether the answered origin may send credentials (cookies): a boolean, or decided per
   * allowed origin. Never with `*`, whatever this says.
   */
  credentials: boolean | ((allowOrigin: string, c: Context) => boolean);
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

/**
 * CORS with the behaviour of `hono/cors` for these options (preflights answered 204 with the
 * allowed methods and headers; other answers get the allow-origin, credentials and exposed headers
 * and `Vary: Origin`), but every string is joined once and the headers go into the request's
 * `AnswerHeaders` (answer-headers.ts; `requestFrame` must run first), which keeps
 * @hono/node-server's fast path.
 *
 * @example
 * app.use('*', cors({ origin: (o) => (o === 'https://a.example' ? o : null), … }));
 */
export function cors(options: CorsOptions): MiddlewareHandler {
  const allowMethods = options.allowMethods.join(',');
  const allowHeaders = options.allowHeaders.join(',');
  const exposeHeaders = options.exposeHeaders.join(',');
  const maxAge = String(options.maxAge);
  return (c, next) => {
    const allowOrigin = options.origin(c.req.header('origin') ?? '', c);
    const credentials =
      allowOrigin !== null &&
      allowOrigin !== '*' &&
      (typeof options.credentials === 'function'
        ? options.credentials(allowOrigin, c)
        : options.credentials);
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = {};
      if (allowOrigin) headers['access-control-allow-origin'] = allowOrigin;
      if (credentials) headers['access-control-allow-credentials'] = 'true';
      if (exposeHeaders) headers['access-control-expose-headers'] = exposeHeaders;
      headers.vary = allowHeaders ? 'Origin, Access-Control-Request-Headers' : 'Origin';
      headers['access-control-max-age'] = maxAge;
      if (allowMethods) headers['access-control-allow-methods'] = allowMethods;
      if (allowHeaders) headers['access-control-allow-headers'] = allowHeaders;
      return Promise.resolve(
        new Response(null, { status: 204, statusText: 'No Content', headers }),
      );
    }
    const added = answerHeaders(c);
    if (allowOrigin) added.set('access-control-allow-origin', allowOrigin);
    if (credentials) added.set('access-control-allow-credentials', 'true');
    if (exposeHeaders) added.set('access-control-expose-headers', exposeHeaders);
    added.append('vary', 'Origin');
    return next();
  };
}
