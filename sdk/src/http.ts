import ky, {
  type AfterResponseHook,
  type BeforeRequestHook,
  type BeforeRequestState,
  type BeforeRetryHook,
  type BeforeRetryState,
  isHTTPError,
  type KyInstance,
} from 'ky';
import * as v from 'valibot';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AUTH_HEADERS,
  IDEMPOTENCY_HEADER,
  toSearchParams,
} from './contracts/index.ts';
import {
  type ApiError,
  httpError,
  isApiError,
  networkError,
  type OperationTexts,
  ResponseShapeError,
  type SdkOperation,
} from './errors.ts';
import type { TokenStore } from './token-store.ts';

/**
 * How the transport is set up; `createClient` passes its options through.
 *
 * @example
 * ```ts
 * const http = createHttp({ baseUrl: 'http://localhost:8787/api', tokenStore: memoryTokenStore() });
 * ```
 */
export interface HttpOptions {
  /** The API root, ending in `/api`: absolute, or relative (`'/api'`) in a browser page. */
  baseUrl: string;
  tokenStore: TokenStore;
  /** Called after a request that carried credentials got 401 (the store is already cleared). */
  onUnauthorized?: (() => void) | undefined;
  /** A `fetch` to use instead of `globalThis.fetch` (tests, special agents). */
  fetch?: ((input: Request | URL | string, init?: RequestInit) => Promise<Response>) | undefined;
  /** Milliseconds before a request is abandoned (ky's default is 10 000); `false` for none. */
  timeout?: number | false | undefined;
  /** A secret API key (`sk_…`): sent as the bearer on every call; the token store is not used. */
  apiKey?: string | undefined;
}

/**
 * What every SDK method takes as its optional last argument.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await api.meetings.list({ status: 'future' }, { signal: controller.signal, timeout: 5_000, headers: { 'x-request-id': 'job-42' } });
 * ```
 */
export interface RequestOptions {
  /** Cancels the call; it then rejects with an `ApiError` of code `NETWORK_ERROR` (status 0). */
  signal?: AbortSignal | undefined;
  /** Milliseconds before this call is abandoned, or `false` for none (default: the client's). */
  timeout?: number | false | undefined;
  /**
   * Extra request headers for this call (e.g. your own `Idempotency-Key` to make a create safe
   * across process restarts). The SDK's own credential headers win over these.
   */
  headers?: Record<string, string> | undefined;
}

/**
 * One API call: where it goes, what it sends and the schema its answer must match.
 *
 * @example
 * ```ts
 * await http.call({ operation: 'fetchProfile', texts: USER_OPERATIONS, method: 'get', path: 'users/profile', response: OwnProfileSchema, retries: 1 });
 * ```
 */
export interface CallOptions<
  TSchema extends v.GenericSchema,
  TOperation extends SdkOperation = SdkOperation,
> {
  operation: TOperation;
  /**
   * The texts of the calling module's operations (`USER_OPERATIONS`, …), which hold this
   * operation's: a page loads the texts of the modules it calls, not every call's.
   */
  texts: OperationTexts<NoInfer<TOperation>>;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to the base URL (`'users/profile'`; a leading slash is ignored, as ky's `prefix` does). */
  path: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (uploads); the browser or Node sets its content type. */
  body?: FormData;
  /** The schema the answer's JSON body must match; an empty body is read as `undefined`. */
  response: TSchema;
  /** Send the stored credentials (default `true`). */
  credentials?: boolean;
  /** Clear the store and call `onUnauthorized` on a 401 (default `true`). */
  signOutOnUnauthorized?: boolean;
  /**
   * Retries after a network failure or a retriable status (408, 413, 429, 5xx); default 0, or 2
   * for an `idempotent` call.
   */
  retries?: number;
  /**
   * A create or charge that may be retried safely: the call sends an `Idempotency-Key`, one fresh
   * key per call and the same on each of its retries, so the server does it at most once.
   */
  idempotent?: boolean;
  /** Bypass every HTTP cache on the way (`cache: 'no-store'`): for polled counters. */
  fresh?: boolean;
  /** Cancels the call (it then rejects with code `NETWORK_ERROR`). */
  signal?: AbortSignal | undefined;
  /** Milliseconds before this call is abandoned, or `false` for none (default: the client's). */
  timeout?: number | false | undefined;
  /** A `fetch` for this call only (uploads with progress send through `XMLHttpRequest`). */
  fetch?: ((input: Request | URL | string, init?: RequestInit) => Promise<Response>) | undefined;
}

/**
 * The transport every domain module uses: a ky instance with the credential hooks, and `call`,
 * which turns every failure into an `ApiError` and validates every answer.
 *
 * @example
 * ```ts
 * const config = await http.call({ operation: 'fetchConfig', texts: SYSTEM_OPERATIONS, method: 'get', path: 'config', response: ClientConfigSchema });
 * ```
 */
export interface Http {
  readonly tokenStore: TokenStore;
  readonly ky: KyInstance;
  /** Sends one call; `request` is the caller's {@link RequestOptions} (they win over the call's). */
  call<TSchema extends v.GenericSchema, TOperation extends SdkOperation>(
    options: CallOptions<TSchema, TOperation>,
    request?: RequestOptions,
  ): Promise<v.InferOutput<TSchema>>;
}

/**
 * Makes `baseUrl` absolute: unchanged when it already is, resolved against the page's location
 * when relative in a browser; a relative URL without a page is refused with a clear message.
 *
 * @example
 * ```ts
 * resolveBaseUrl('http://localhost:8787/api'); // 'http://localhost:8787/api'
 * resolveBaseUrl('/api'); // in a page at http://localhost:8787/x → 'http://localhost:8787/api'
 * ```
 */
export function resolveBaseUrl(baseUrl: string): string {
  if (URL.canParse(baseUrl)) return new URL(baseUrl).href;
  const location = (globalThis as { location?: { href?: string } }).location;
  if (location?.href && URL.canParse(baseUrl, location.href)) {
    return new URL(baseUrl, location.href).href;
  }
  throw new TypeError(
    `@fm/sdk: baseUrl '${baseUrl}' is relative and there is no page location to resolve it against; outside a browser pass an absolute URL such as 'http://localhost:8787/api'.`,
  );
}

const BEARER = 'Bearer ';

/**
 * A random key for one call: a UUID v4 from `crypto.getRandomValues`, which every runtime has
 * (unlike `crypto.randomUUID`, missing on plain-HTTP pages).
 *
 * @example
 * newIdempotencyKey(); // '3b2c…-4…'
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function notify(onUnauthorized: () => void): void {
  try {
    onUnauthorized();
  } catch (error) {
    // The app's handler failing must not turn the 401 into a different error.
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * The body text of an HTTP error answer from ky's `HTTPError.data` (ky has already read the body:
 * parsed JSON for a JSON content type, else the text; `undefined` when empty, unreadable or too
 * large), for {@link httpError}: a string as is, anything else as JSON, nothing as `''`.
 *
 * @example
 * errorBodyText({ code: 'SLOT_TAKEN' }); // '{"code":"SLOT_TAKEN"}'
 * errorBodyText(undefined); // ''
 */
export function errorBodyText(data: unknown): string {
  if (data === undefined) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/**
 * Creates the transport: ky's `prefix` = base URL; sends `Authorization: Bearer <token>` and the
 * `refresh-token` header while credentials are stored (set before the first attempt and again
 * before each retry); replaces the stored tokens from the `x-access-token` / `x-refresh-token`
 * answer headers; on a 401 to a request that carried the stored credentials, clears the store and
 * calls `onUnauthorized`. No retries unless a call asks.
 *
 * @example
 * ```ts
 * const http = createHttp({ baseUrl: '/api', tokenStore, onUnauthorized: () => navigate('/sign-in') });
 * ```
 */
export function createHttp(options: HttpOptions): Http {
  const { tokenStore, onUnauthorized } = options;

  // ky runs `beforeRequest` once, before the first attempt; a retry resends a clone of that
  // request, so the same hook runs again as `beforeRetry` to send the credentials stored now.
  const addCredentials = ({
    request,
    options: requestOptions,
  }: BeforeRequestState | BeforeRetryState): void => {
    if (requestOptions.context.credentials === false) return;
    if (options.apiKey) {
      request.headers.set('authorization', BEARER + options.apiKey);
      return;
    }
    const credentials = tokenStore.get();
    if (!credentials) {
      // A retry must not carry credentials that have been cleared meanwhile.
      request.headers.delete('authorization');
      request.headers.delete(AUTH_HEADERS.refreshToken);
      return;
    }
    request.headers.set('authorization', BEARER + credentials.token);
    request.headers.set(AUTH_HEADERS.refreshToken, credentials.refreshToken);
  };

  const handleCredentials: AfterResponseHook = ({ request, options: requestOptions, response }) => {
    // A key is not a session: nothing to refresh or clear.
    if (options.apiKey) return;
    const sent = request.headers.get('authorization');
    if (!sent?.startsWith(BEARER)) return;
    const stored = tokenStore.get();
    if (response.status === 401) {
      // A 401 to credentials that were replaced meanwhile (a new sign-in) is stale: ignore it.
      if (requestOptions.context.signOutOnUnauthorized === false) return;
      if (!stored || BEARER + stored.token !== sent) return;
      tokenStore.clear();
      if (onUnauthorized) notify(onUnauthorized);
      return;
    }
    const token = response.headers.get(AUTH_HEADERS.newAccessToken);
    const refreshToken = response.headers.get(AUTH_HEADERS.newRefreshToken);
    if (!stored || (!token && !refreshToken)) return;
    tokenStore.set({
      ...stored,
      token: token || stored.token,
      refreshToken: refreshToken || stored.refreshToken,
    });
  };

  const instance = ky.create({
    // `prefix` joins it and the call's path as text (a leading slash in the path is dropped).
    prefix: resolveBaseUrl(options.baseUrl),
    // The SDK names the dated API version it was built for on every call.
    headers: { accept: 'application/json', [API_VERSION_HEADER]: API_VERSION },
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    hooks: {
      beforeRequest: [addCredentials satisfies BeforeRequestHook],
      beforeRetry: [addCredentials satisfies BeforeRetryHook],
      afterResponse: [handleCredentials],
    },
  });

  async function call<TSchema extends v.GenericSchema, TOperation extends SdkOperation>(
    callOptions: CallOptions<TSchema, TOperation>,
    request: RequestOptions = {},
  ): Promise<v.InferOutput<TSchema>> {
    const call: CallOptions<TSchema, TOperation> = {
      ...callOptions,
      ...(request.signal !== undefined ? { signal: request.signal } : {}),
      ...(request.timeout !== undefined ? { timeout: request.timeout } : {}),
    };
    const { operation } = call;
    const operationText: string = call.texts[operation];
    const headers: Record<string, string> = { ...request.headers };
    // ky resends a clone of the first request on each retry: one key for the call and its retries.
    if (
      call.idempotent &&
      !Object.keys(headers).some((h) => h.toLowerCase() === IDEMPOTENCY_HEADER)
    ) {
      headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
    }
    let text: string;
    let status: number;
    try {
      const response = await instance(call.path, {
        method: call.method,
        ...(call.json !== undefined ? { json: call.json } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(call.fresh ? { cache: 'no-store' as const } : {}),
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.fetch ? { fetch: call.fetch } : {}),
        ...(call.timeout !== undefined ? { timeout: call.timeout } : {}),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        retry: {
          limit: call.retries ?? (call.idempotent ? 2 : 0),
          methods: [call.method],
          // Bound a server's Retry-After so that a retry never stalls a page for long.
          maxRetryAfter: 2_000,
        },
        context: {
          credentials: call.credentials ?? true,
          signOutOnUnauthorized: call.signOutOnUnauthorized ?? true,
        },
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw toApiError(operation, operationText, error);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw new ResponseShapeError({ operation, operationText, status, issues: [], cause: error });
    }
    const parsed = v.safeParse(call.response, json);
    if (!parsed.success) {
      throw new ResponseShapeError({ operation, operationText, status, issues: parsed.issues });
    }
    return parsed.output;
  }

  return { tokenStore, ky: instance, call };
}

function toApiError(operation: SdkOperation, operationText: string, error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isHTTPError(error)) {
    // ky has read the body into `data`; unreadable or unparsable gives the generic message.
    return httpError(
      operation,
      operationText,
      error.response.status,
      errorBodyText(error.data),
      error,
    );
  }
  return networkError(operation, error);
}

/**
 * A path with its query string; empty, false and undefined values are left out, arrays repeat.
 *
 * @example
 * withQuery('users/payments', { page: 2, status: undefined }); // 'users/payments?page=2'
 */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const search = toSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
