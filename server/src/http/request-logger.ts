import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { isApiPath } from './api-version.ts';
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

/**
 * What a log line names a request by. An API request is named by the route that answered it
 * (`/api/calendar/feed/:file`), never by its path: a path may carry a secret (a private calendar
 * feed's token, a better-auth callback's). `/api/*` when no API route matched (a 404, or a refusal
 * before the route). Other paths are the apps' public pages, whose tokens travel in query strings,
 * which are never logged.
 */
export function loggedPath(c: Context): string {
  const path = c.req.path;
  if (!isApiPath(path)) return path;
  const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL' && r.path !== '/*');
  return route?.path ?? '/api/*';
}

/** The request's log line (method, route or path, status, milliseconds since `started`). */
export function logRequest(logger: Logger, c: Context, started: number): void {
  logger.info('request', {
    method: c.req.method,
    path: loggedPath(c),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}
