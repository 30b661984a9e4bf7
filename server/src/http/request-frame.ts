import { API_VERSION_HEADER } from '@fm/sdk/contracts';
import type { MiddlewareHandler } from 'hono';
import { answeredVersion, isApiPath } from './api-version.ts';
import type { Logger } from './logger.ts';
import { runInRequest } from './request-context.ts';
import { logRequest, REQUEST_ID_HEADER, requestIdOf } from './request-logger.ts';
import { setResponseHeader, setResponseHeaders } from './response-headers.ts';
import type { HeaderPair } from './security-headers.ts';

export interface RequestFrameOptions {
  logger: Logger;
  /** Take a well-formed incoming `x-request-id` (only behind a trusted proxy). */
  trustIncomingId: boolean;
  /** What every answer carries over any value a handler set (`securityHeaders(…)`). */
  headers: readonly HeaderPair[];
  /** What a JSON answer carries instead (`jsonSecurityHeaders(…)`); `headers` when absent. */
  jsonHeaders?: readonly HeaderPair[];
  /** Paths whose answers carry other values of some of those (set after them). */
  pathHeaders?: Readonly<Record<string, readonly HeaderPair[]>>;
}

/**
 * What every request goes through, in one step instead of several middleware (each a few promises
 * and, with the request context's async hooks, a cost on every one of them): the request id and
 * its log line (`requestLogger`), the API version's header on `/api` paths, the security headers,
 * and a path's own values of some of them (the embed sign-in popup's opener policy). Every answer
 * gets them, refusals included (response-frame.test.ts).
 *
 * @example
 * app.use('*', requestFrame({ logger, trustIncomingId: false, headers: securityHeaders(…) }));
 */
export function requestFrame(options: RequestFrameOptions): MiddlewareHandler {
  const { logger, headers } = options;
  const jsonHeaders = options.jsonHeaders ?? headers;
  const pathHeaders = options.pathHeaders ?? {};
  return (c, next) => {
    const reqId = requestIdOf(c, options.trustIncomingId);
    const started = performance.now();
    return runInRequest({ reqId }, () => {
      const path = c.req.path;
      const api = isApiPath(path);
      // `then`, not an async function: one promise less per request (each also runs the async
      // hooks of the request context); the callback still runs in this request's context.
      return next().then(() => {
        setResponseHeaders(c, isJson(c.res) ? jsonHeaders : headers);
        const own = pathHeaders[path];
        if (own) setResponseHeaders(c, own);
        if (api) setResponseHeader(c, API_VERSION_HEADER, answeredVersion(c));
        setResponseHeader(c, REQUEST_ID_HEADER, reqId);
        logRequest(logger, c, started);
      });
    });
  };
}

const isJson = (res: Response) =>
  res.headers.get('content-type')?.startsWith('application/json') === true;
