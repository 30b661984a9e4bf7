import { isUploadRoute } from '../http/body-caps.ts';
import { IDEMPOTENT_ROUTES } from '../http/idempotency.ts';

/** The error statuses the API answers with, each in the one error shape (rule 7). */
export const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 410, 413, 415, 422, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** Each status's reusable answer in `components.responses`, by name and what it means here. */
export const ERROR_ANSWERS: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid input: the body, query or path fails validation (`errors` says where), the body cannot be read, or the `api-version` asked for is not served.',
  },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, a session that ended, or a secret API key that is not valid.',
  },
  402: { name: 'PaymentRequired', description: 'The card was declined.' },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not make this call: its role, a secret key without the scope, an embed key not valid here, or an account that is deactivated.',
  },
  404: {
    name: 'NotFound',
    description: 'Nothing with this id, or nothing the caller may see (another user’s object).',
  },
  409: {
    name: 'Conflict',
    description:
      'The call conflicts with the current state (e.g. a slot just taken, or a request with this `Idempotency-Key` still running).',
  },
  410: { name: 'Gone', description: 'The link has expired.' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than this call accepts.' },
  415: { name: 'UnsupportedMediaType', description: 'This kind of file is not accepted.' },
  422: {
    name: 'UnprocessableEntity',
    description:
      'Well-formed, but a rule of the product refuses it (the message says which), or an `Idempotency-Key` reused with another request.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many calls: wait the seconds `Retry-After` gives, then try again.',
  },
};

/**
 * What any request may be refused with, whatever the route: a version not served (400), a
 * secret API key that is not valid (401), one that cannot make this call or an embed key that is
 * not valid (403), a body over the cap (413, checked whenever a body is declared), and a key or an
 * embed address over its per-minute limit (429). See http/README.md for the middleware.
 */
const ANY_REQUEST: readonly ErrorStatus[] = [400, 401, 403, 413, 429];

/**
 * Whether `method path` (an OpenAPI path, `{id}`) honours `Idempotency-Key` (http/idempotency.ts).
 *
 * @example
 * honoursIdempotencyKey('POST', '/api/session'); // true
 */
export const honoursIdempotencyKey = (method: string, path: string) =>
  method === 'POST' &&
  IDEMPOTENT_ROUTES.some((route) => route.test(path.replace(/\{[^}]+\}/g, 'x')));

/**
 * The error statuses one operation documents: those any request may meet, 404 where the path
 * names an object, 409 and 422 where `Idempotency-Key` is honoured, 415 on uploads, and the
 * route's own (`errors` of its entry in registry.ts). Sorted.
 *
 * @example
 * documentedErrors('GET', '/api/session/{id}', ROUTE_DOCS['GET /api/session/{id}']);
 * // [400, 401, 403, 404, 413, 429]
 */
export function documentedErrors(
  method: string,
  path: string,
  doc: { errors?: readonly ErrorStatus[] } | undefined,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(ANY_REQUEST);
  const concrete = path.replace(/\{[^}]+\}/g, 'x');
  if (path.includes('{')) statuses.add(404);
  if (honoursIdempotencyKey(method, path)) {
    statuses.add(409);
    statuses.add(422);
  }
  if (isUploadRoute(method, concrete, 'multipart/form-data')) statuses.add(415);
  for (const status of doc?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}
