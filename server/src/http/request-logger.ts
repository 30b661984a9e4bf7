import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Logger } from './logger.ts';
import { runInRequest } from './request-context.ts';
import { setResponseHeader } from './response-headers.ts';

/** The response header that names a request, for support and for correlating log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** What an incoming id may look like: short, printable, no room for log injection. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Names every request and logs one line for it. The id is the incoming `x-request-id` when a
 * trusted proxy set it (`trustIncomingId`), else a fresh UUID; it goes back in the response header
 * and onto every log line written while the request is served.
 *
 * @example
 * app.use('*', requestLogger(logger, { trustIncomingId: env.TRUST_PROXY }));
 */
export const requestLogger = (logger: Logger, options: { trustIncomingId?: boolean } = {}) =>
  createMiddleware(async (c, next) => {
    const reqId = requestIdOf(c, options.trustIncomingId ?? false);
    const started = performance.now();
    await runInRequest({ reqId }, async () => {
      await next();
      setResponseHeader(c, REQUEST_ID_HEADER, reqId);
      logRequest(logger, c, started);
    });
  });

/** The request's id: a trusted proxy's well-formed `x-request-id`, else a fresh UUID. */
export function requestIdOf(c: Context, trustIncomingId: boolean): string {
  const incoming = trustIncomingId ? c.req.header(REQUEST_ID_HEADER) : undefined;
  return incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** The request's log line (method, path, status, milliseconds since `started`). */
export function logRequest(logger: Logger, c: Context, started: number): void {
  logger.info('request', {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}
