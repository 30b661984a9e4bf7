import type { Context } from 'hono';
import type { Logger } from './logger.ts';

/** The response header that names a request, for support and for correlating log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** What an incoming id may look like: short, printable, no room for log injection. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

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
