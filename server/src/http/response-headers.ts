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

/**
 * Sets several headers on the finished response in place (see `setResponseHeader`), in order, each
 * over any value already there.
 *
 * @example
 * setResponseHeaders(c, [['x-frame-options', 'SAMEORIGIN'], ['x-request-id', reqId]]);
 */
export function setResponseHeaders(
  c: Context,
  pairs: readonly (readonly [string, string])[],
): void {
  const { headers } = c.res;
  let i = 0;
  try {
    for (; i < pairs.length; i += 1) headers.set(pairs[i]![0], pairs[i]![1]);
  } catch {
    // Immutable headers (a response from `fetch`): the rest through Hono, which rebuilds it.
    for (; i < pairs.length; i += 1) c.header(pairs[i]![0], pairs[i]![1]);
  }
}
