import { API_VERSION_HEADER } from '@fm/sdk/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { AnswerHeaders, lowerCaseNames } from './answer-headers.ts';
import { answeredVersion, isApiPath } from './api-version.ts';
import { framedResponseOf } from './framed-response.ts';
import type { Logger } from './logger.ts';
import { runInRequest } from './request-context.ts';
import { logRequest, REQUEST_ID_HEADER, requestIdOf } from './request-logger.ts';
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
 * its log line, the API version's header on `/api` paths, the security headers, and a path's own
 * values of some of them (the embed sign-in popup's opener policy). Every answer gets them,
 * refusals included (response-frame.test.ts).
 *
 * The headers go into the request's `AnswerHeaders` (decision 026), which the middleware after it
 * add to as well: on a `FramedServerResponse` they are applied where the answer is written;
 * otherwise (`app.request`) here, to the finished answer, after the handlers.
 *
 * @example
 * app.use('*', requestFrame({ logger, trustIncomingId: false, headers: securityHeaders(…) }));
 */
export function requestFrame(options: RequestFrameOptions): MiddlewareHandler {
  const { logger } = options;
  const headers = lowerCaseNames(options.headers);
  const jsonHeaders = options.jsonHeaders ? lowerCaseNames(options.jsonHeaders) : headers;
  const pathHeaders = options.pathHeaders ?? {};
  return (c, next) => {
    const reqId = requestIdOf(c, options.trustIncomingId);
    const started = performance.now();
    const path = c.req.path;
    const added = new AnswerHeaders().byContentType(jsonHeaders, headers);
    const own = pathHeaders[path];
    if (own) added.setAll(own);
    if (isApiPath(path)) added.set(API_VERSION_HEADER, answeredVersion(c));
    added.set(REQUEST_ID_HEADER, reqId);
    c.set('answerHeaders', added);
    const framed = framedResponseOf(c.env);
    if (framed) framed.answerHeaders = added;
    return runInRequest({ reqId }, () =>
      // `then`, not an async function: one promise less per request (each also runs the async
      // hooks of the request context); the callback still runs in this request's context.
      next().then(() => {
        if (!framed) applyToAnswer(c, added);
        logRequest(logger, c, started);
      }),
    );
  };
}

/** Applies them to the finished answer in place, or through Hono when its headers are immutable. */
function applyToAnswer(c: Context, added: AnswerHeaders) {
  try {
    added.applyToHeaders(c.res.headers);
  } catch {
    // A response from `fetch`: rebuilt by Hono with the same headers, then changed.
    c.res = new Response(c.res.body, c.res);
    added.applyToHeaders(c.res.headers);
  }
}
