import { API_VERSION, API_VERSION_HEADER, SUPPORTED_API_VERSIONS } from '@fm/sdk/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

/**
 * The API's dated version (see `@fm/sdk/contracts` versioning): every answer, errors included,
 * carries `api-version` (the request frame sets it); a request naming a version this server does
 * not serve is refused with 400 before any route runs, after CORS, so a partner page can read why.
 * Without the header the current version is served.
 *
 * @example
 * api.use('*', cors(…)).use('*', refuseUnservedVersion);
 */
export const refuseUnservedVersion: MiddlewareHandler = (c, next) => {
  const refusal = versionRefusal(c);
  return refusal ? Promise.resolve(refusal) : next();
};

/**
 * The 400 for a request naming a version this server does not serve (with the `api-version`
 * header), or undefined when it may go on.
 */
export function versionRefusal(c: Context): Response | undefined {
  const asked = c.req.header(API_VERSION_HEADER);
  if (asked === undefined || SUPPORTED_API_VERSIONS.includes(asked.trim())) return undefined;
  const message = `Unsupported api-version '${asked.slice(0, 40)}'; this server serves ${SUPPORTED_API_VERSIONS.join(', ')}`;
  const error = new AppError('VALIDATION_FAILED', {
    message,
    errors: { [API_VERSION_HEADER]: message },
  });
  // Answered (not thrown) so that the refusal carries the header too.
  const res = c.json(error.toBody(), error.status);
  res.headers.set(API_VERSION_HEADER, API_VERSION);
  return res;
}

/** The version an answer is served in: the one asked for if served, else the current one. */
export function answeredVersion(c: Context): string {
  const asked = c.req.header(API_VERSION_HEADER)?.trim();
  return asked && SUPPORTED_API_VERSIONS.includes(asked) ? asked : API_VERSION;
}

/** Whether a path is the API's (what `app.use('/api/*', …)` matches). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
