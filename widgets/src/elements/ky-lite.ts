/**
 * The part of ky 2 that the SDK's transport uses (sdk/src/http.ts, and `http.ky` for the chat's
 * attachments), on `fetch`, for the element build only: vite.config.ts aliases `ky` to this file,
 * so a partner page downloads about 1.7 KB instead of ky's 8.7 (issue 12, P5; decision 017). The
 * SDK itself stays on ky. The same behaviour for what the SDK asks of it — `prefix` (leading
 * slashes of the path dropped), merged headers, `json`, hooks taking one state object with
 * `context` (`beforeRequest` once before the first attempt, `beforeRetry` before each retry,
 * `afterResponse` on every answer), retries (limit, methods, status codes, network failures as
 * `NetworkError` and nothing else, `Retry-After`/`RateLimit-Reset` bounded by `maxRetryAfter`,
 * ky's backoff), `timeout` (per attempt and for `.text()`; `TimeoutError`, never retried),
 * `signal`, a per-call `fetch`, `HTTPError` for a non-2xx answer with its body read into `data` —
 * is checked against ky itself by ky-lite.test.ts. Nothing else of ky is here (search params,
 * progress, `init`/`beforeError` hooks, hook results but an `afterResponse` Response,
 * `parseJson`, body shortcuts but `.text()`, `totalTimeout`, `retryOnTimeout`, `shouldRetry`,
 * `HTTPError.options`, the `X-RateLimit-…` headers…).
 */

/** The options of an instance and of one call (a subset of ky's). */
export interface Options {
  prefix?: string | URL;
  method?: string;
  headers?: HeadersInit;
  json?: unknown;
  body?: BodyInit | null;
  cache?: RequestCache;
  signal?: AbortSignal;
  timeout?: number | false;
  retry?: number | Partial<RetryOptions>;
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  hooks?: Hooks;
  context?: Record<string, unknown>;
}

/** What hooks see as `options`: the call's options merged over the instance's. */
export type MergedOptions = Options & {
  headers: Headers;
  context: Record<string, unknown>;
  hooks: Required<Hooks>;
};

/** The state each hook gets, as ky's. */
export interface BeforeRequestState {
  request: Request;
  options: MergedOptions;
  retryCount: 0;
}
export interface BeforeRetryState {
  request: Request;
  options: MergedOptions;
  error: Error;
  retryCount: number;
}
export interface AfterResponseState {
  request: Request;
  options: MergedOptions;
  response: Response;
  retryCount: number;
}
export type BeforeRequestHook = (state: BeforeRequestState) => unknown;
export type BeforeRetryHook = (state: BeforeRetryState) => unknown;
/** A `Response` it returns replaces the answer. */
export type AfterResponseHook = (state: AfterResponseState) => unknown;
export interface Hooks {
  beforeRequest?: BeforeRequestHook[];
  beforeRetry?: BeforeRetryHook[];
  afterResponse?: AfterResponseHook[];
}

export interface RetryOptions {
  limit: number;
  methods: string[];
  statusCodes: number[];
  afterStatusCodes: number[];
  maxRetryAfter: number;
}

/** A call's answer: awaitable, and `.text()` as ky's shortcut. */
export type ResponsePromise = Promise<Response> & { text(): Promise<string> };

type Call = (input: string, options?: Options) => ResponsePromise;

/** An instance: call it, or `get`; `create` starts from new defaults. */
export type KyInstance = Call & { get: Call; create(defaults?: Options): KyInstance };

/**
 * A non-2xx answer, as ky's `HTTPError`: its body is already read into `data` (parsed JSON for a
 * JSON content type, else the text; `undefined` when empty, unreadable or not valid JSON).
 */
export class HTTPError extends Error {
  override name = 'HTTPError';
  data: unknown;
  constructor(
    readonly response: Response,
    readonly request: Request,
  ) {
    super(
      `Request failed with status code ${`${response.status} ${response.statusText}`.trim()}: ${request.method} ${request.url}`,
    );
  }
}

/** The call took longer than `timeout`, as ky's `TimeoutError`. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly request: Request) {
    super(`Request timed out: ${request.method} ${request.url}`);
  }
}

/** `fetch` failed without an answer (its `TypeError` is the cause), as ky's `NetworkError`. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    readonly request: Request,
    cause: unknown,
  ) {
    super(`Request failed due to a network error: ${request.method} ${request.url}`, { cause });
  }
}

/**
 * Whether `error` is an {@link HTTPError} (by name too, as ky: it may come from another copy).
 *
 * @example
 * if (isHTTPError(error)) console.log(error.response.status, error.data);
 */
export function isHTTPError(error: unknown): error is HTTPError {
  return (error as Error | null)?.name === 'HTTPError';
}

const RETRY_DEFAULTS: RetryOptions = {
  limit: 2,
  methods: ['get', 'put', 'head', 'delete', 'options', 'trace', 'query'],
  statusCodes: [408, 413, 429, 500, 502, 503, 504],
  afterStatusCodes: [413, 429, 503],
  maxRetryAfter: Number.POSITIVE_INFINITY,
};

/** Headers ky reads a retry's timing from, in its order (ky also reads three `X-` variants). */
const RETRY_HEADERS = ['Retry-After', 'RateLimit-Reset'];

/** ky's merge for what is used here: headers and context merged, hooks appended, the rest replaced. */
function merge(defaults: Options, options: Options): MergedOptions {
  const headers = new Headers(defaults.headers);
  for (const [key, value] of new Headers(options.headers)) headers.set(key, value);
  const hooks: Record<string, unknown[]> = {};
  for (const name of ['beforeRequest', 'beforeRetry', 'afterResponse'] as const) {
    hooks[name] = [...(defaults.hooks?.[name] ?? []), ...(options.hooks?.[name] ?? [])];
  }
  return {
    ...defaults,
    ...options,
    headers,
    context: { ...defaults.context, ...options.context },
    hooks: hooks as Required<Hooks>,
  };
}

/** How long to wait before retry `retryCount + 1`, or throws `error` when there is none (ky's rules). */
function retryDelay(
  error: unknown,
  retryCount: number,
  retry: RetryOptions,
  method: string,
): number {
  if (
    retryCount >= retry.limit ||
    !retry.methods.includes(method) ||
    !(isHTTPError(error) || error instanceof NetworkError)
  ) {
    throw error;
  }
  const backoff = 300 * 2 ** retryCount;
  if (isHTTPError(error)) {
    const { status, headers } = error.response;
    if (!retry.statusCodes.includes(status)) throw error;
    const name = RETRY_HEADERS.find((header) => headers.has(header));
    if (name && retry.afterStatusCodes.includes(status)) {
      const after = headers.get(name) ?? '';
      // Seconds (a reset header may give a Unix time in seconds), or a date (ky takes only the
      // HTTP-date formats; `Date.parse` is laxer); neither gives the backoff.
      let ms = /^\d+$/.test(after) ? Number(after) * 1000 : Date.parse(after) - Date.now();
      if (Number.isNaN(ms)) return backoff;
      if (name !== 'Retry-After' && ms >= 1_704_067_200_000) ms -= Date.now();
      return Math.min(retry.maxRetryAfter, Math.max(0, ms));
    }
    if (status === 413) throw error;
  }
  return backoff;
}

/** `promise`, or what `late` settles it with when it has not settled within `ms` (`false`: never). */
function within<T>(
  promise: Promise<T>,
  ms: number | false,
  late: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((resolve, reject) => {
      if (ms !== false) timer = setTimeout(late, ms, resolve, reject);
    }),
  ]).finally(() => clearTimeout(timer));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** An error answer's body as ky's `HTTPError.data`; its read is bounded as ky's. */
async function readData(response: Response, ms: number): Promise<unknown> {
  const text = await within(response.text(), ms, (resolve) => resolve('')).catch(() => '');
  if (!text) return undefined;
  const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
  if (!/\/(.*[.+-])?json$/i.test(type.trim())) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function createInstance(defaults: Options): KyInstance {
  const call: Call = (input, options = {}) => {
    const merged = merge(defaults, options);
    const { prefix, headers, signal, timeout = 10_000, hooks } = merged;
    const controller = new AbortController();
    const method = (merged.method ?? 'get').toLowerCase();
    let request: Request;
    const timedOut = (_resolve: unknown, reject: (error: unknown) => void) => {
      reject(new TimeoutError(request));
      controller.abort();
    };
    // One turn later, as ky: `.text()` asks for text first.
    const result = Promise.resolve().then(async () => {
      let body = merged.body ?? null;
      if (merged.json !== undefined) {
        body = JSON.stringify(merged.json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      request = new Request(
        prefix ? `${String(prefix).replace(/\/+$/, '')}/${input.replace(/^\/+/, '')}` : input,
        {
          ...merged,
          method: method.toUpperCase(),
          body,
          signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
        },
      );
      const given = merged.retry ?? {};
      const retry =
        typeof given === 'number'
          ? { ...RETRY_DEFAULTS, limit: given }
          : { ...RETRY_DEFAULTS, ...given };
      retry.methods = retry.methods.map((m) => m.toLowerCase());
      const doFetch = merged.fetch ?? ((sent: Request) => globalThis.fetch(sent));
      for (const hook of hooks.beforeRequest)
        await hook({ request, options: merged, retryCount: 0 });
      for (let retryCount = 0; ; ) {
        try {
          // A copy while a retry may follow; the last attempt sends the request itself (no body
          // is buffered for a retry that cannot come).
          const sent = doFetch(retryCount < retry.limit ? request.clone() : request).catch(
            (error: unknown) => {
              throw error instanceof TypeError ? new NetworkError(request, error) : error;
            },
          );
          let response = await within(sent, timeout, timedOut);
          for (const hook of hooks.afterResponse) {
            const state = { request, options: merged, response: response.clone(), retryCount };
            const replaced = await hook(state);
            if (replaced instanceof Response) response = replaced;
          }
          if (!response.ok) {
            const error = new HTTPError(response, request);
            error.data = await readData(response, timeout === false ? 10_000 : timeout);
            throw error;
          }
          return response;
        } catch (error) {
          await sleep(retryDelay(error, retryCount, retry, method), signal);
          retryCount += 1;
          for (const hook of hooks.beforeRetry) {
            await hook({ request, options: merged, error: error as Error, retryCount });
          }
        }
      }
    }) as ResponsePromise;
    result.text = async () => {
      headers.set('accept', headers.get('accept') || 'text/*');
      // As ky, reading the body gets a `timeout` of its own.
      return within((await result).text(), timeout, timedOut);
    };
    return result;
  };
  const instance = call as KyInstance;
  instance.get = (input, options) => call(input, { ...options, method: 'get' });
  instance.create = (next = {}) => createInstance(merge({}, next));
  return instance;
}

/**
 * The default instance, as `import ky from 'ky'`.
 *
 * @example
 * const api = ky.create({ prefix: 'https://fm.example/api', retry: 0 });
 * const text = await api.get('/health').text();
 */
const ky: KyInstance = createInstance({});
export default ky;
