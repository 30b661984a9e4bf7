import type { Context } from 'hono';

/**
 * Sets a header on the response a handler already produced, in place. Hono's `c.header()` after
 * the response exists rebuilds it from its body, which on @hono/node-server turns the lightweight
 * response into a full web `Response` and its body into a stream (several times the cost of the
 * whole `/api/config` request); the lightweight response's headers are an ordinary mutable
 * `Headers`. A response with immutable headers (one that came from `fetch`) is rebuilt instead.
 *
 * @example
 * await next();
 * setResponseHeader(c, 'x-request-id', reqId);
 */
export function setResponseHeader(
  c: Context,
  name: string,
  value: string,
  options: { append?: boolean } = {},
): void {
  const { headers } = c.res;
  try {
    if (options.append) headers.append(name, value);
    else headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}
