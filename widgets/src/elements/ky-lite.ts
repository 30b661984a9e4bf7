/**
 * The part of ky that the SDK's transport uses (sdk/src/http.ts, and `http.ky` for the chat's
 * attachments), on `fetch`, for the element build only: vite.config.ts aliases `ky` to this file,
 * so a partner page downloads about 1.2 KB instead of ky's 4.5 (issue 12, P5; decision 017). The SDK
 * itself stays on ky. The same behaviour for what the SDK asks of it — `prefixUrl`, merged headers,
 * `json`, `beforeRequest`/`afterResponse` hooks with `context` on every attempt, retries (limit,
 * methods, status codes, `Retry-After` bounded by `maxRetryAfter`, ky's backoff), `timeout`
 * (`TimeoutError`, never retried), `signal`, a per-call `fetch`, `HTTPError` for a non-2xx answer
 * with its body unread — is checked against ky itself by ky-lite.test.ts. Nothing else of ky is
 * here (search params, progress, other hooks, `parseJson`, body shortcuts but `.text()`…).
 */

/** The options of an instance and of one call (a subset of ky's). */
export interface Options {
  prefixUrl?: string | URL;
  method?: string;
  headers?: HeadersInit;
  json?: unknown;
  body?: BodyInit | null;
  cache?: RequestCache;
  signal?: AbortSignal;
  timeout?: number | false;
  retry?: number | Partial<RetryOptions>;
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  hooks?: { beforeRequest?: BeforeRequestHook[]; afterResponse?: AfterResponseHook[] };
  context?: Record<string, unknown>;
}

/** What hooks see as `options`: the call's options merged over the instance's. */
export type MergedOptions = Options & { headers: Headers; context: Record<string, unknown> };

export type BeforeRequestHook = (request: Request, options: MergedOptions) => unknown;
export type AfterResponseHook = (
  request: Request,
  options: MergedOptions,
  response: Response,
) => unknown;

interface RetryOptions {
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

/** A non-2xx answer (its body unread), as ky's `HTTPError`. */
export class HTTPError extends Error {
  override name = 'HTTPError';
  constructor(
    readonly response: Response,
    readonly request: Request,
  ) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
  }
}

/** The call took longer than `timeout`, as ky's `TimeoutError`. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly request: Request) {
    super(`Request timed out: ${request.method} ${request.url}`);
  }
}

/**
 * Whether `error` is an {@link HTTPError} (by name too, as ky: it may come from another copy).
 *
 * @example
 * if (isHTTPError(error)) console.log(error.response.status);
 */
export function isHTTPError(error: unknown): error is HTTPError {
  return (error as Error | null)?.name === 'HTTPError';
}

const RETRY_DEFAULTS: RetryOptions = {
  limit: 2,
  methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
  statusCodes: [408, 413, 429, 500, 502, 503, 504],
  afterStatusCodes: [413, 429, 503],
  maxRetryAfter: Number.POSITIVE_INFINITY,
};

/** ky's merge for what is used here: headers and context merged, hooks appended, the rest replaced. */
function merge(defaults: Options, options: Options): MergedOptions {
  const headers = new Headers(defaults.headers);
  for (const [key, value] of new Headers(options.headers)) headers.set(key, value);
  const hooks = (name: 'beforeRequest' | 'afterResponse') => [
    ...(defaults.hooks?.[name] ?? []),
    ...(options.hooks?.[name] ?? []),
  ];
  return {
    ...defaults,
    ...options,
    headers,
    context: { ...defaults.context, ...options.context },
    hooks: {
      beforeRequest: hooks('beforeRequest') as BeforeRequestHook[],
      afterResponse: hooks('afterResponse') as AfterResponseHook[],
    },
  };
}

/** How long to wait before attempt `attempt + 1`, or throws `error` when there is none (ky's rules). */
function retryDelay(error: unknown, attempt: number, retry: RetryOptions, method: string): number {
  if (attempt > retry.limit || !retry.methods.includes(method) || error instanceof TimeoutError) {
    throw error;
  }
  if (isHTTPError(error)) {
    const { status, headers } = error.response;
    if (!retry.statusCodes.includes(status)) throw error;
    const after = headers.get('Retry-After') ?? headers.get('RateLimit-Reset');
    if (after && retry.afterStatusCodes.includes(status)) {
      let ms = Number(after) * 1000;
      if (Number.isNaN(ms)) ms = Date.parse(after) - Date.now();
      else if (ms >= Date.parse('2024-01-01')) ms -= Date.now();
      return Math.min(ms, retry.maxRetryAfter);
    }
    if (status === 413) throw error;
  }
  return 0.3 * 2 ** (attempt - 1) * 1000;
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

async function send(input: string, options: MergedOptions): Promise<Response> {
  const { prefixUrl, headers, signal, timeout = 10_000, hooks = {} } = options;
  const url = prefixUrl ? String(prefixUrl).replace(/\/?$/, '/') + input : input;
  const method = (options.method ?? 'get').toLowerCase();
  let body = options.body ?? null;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const { retry: given = {} } = options;
  const retry =
    typeof given === 'number' ? { ...RETRY_DEFAULTS, limit: given } : { ...RETRY_DEFAULTS };
  if (typeof given === 'object') {
    for (const [key, value] of Object.entries(given))
      if (value !== undefined) Object.assign(retry, { [key]: value });
    retry.methods = retry.methods.map((m) => m.toLowerCase());
  }
  const doFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  for (let attempt = 1; ; attempt += 1) {
    const controller = new AbortController();
    const request = new Request(url, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      for (const hook of hooks.beforeRequest ?? []) await hook(request, options);
      let response = await Promise.race([
        doFetch(request),
        new Promise<never>((_resolve, reject) => {
          if (timeout === false) return;
          timer = setTimeout(() => {
            controller.abort();
            reject(new TimeoutError(request));
          }, timeout);
        }),
      ]);
      clearTimeout(timer);
      for (const hook of hooks.afterResponse ?? []) {
        const replaced = await hook(request, options, response.clone());
        if (replaced instanceof Response) response = replaced;
      }
      if (!response.ok) throw new HTTPError(response, request);
      return response;
    } catch (error) {
      clearTimeout(timer);
      await sleep(retryDelay(error, attempt, retry, method), signal);
    }
  }
}

function createInstance(defaults: Options): KyInstance {
  const call: Call = (input, options = {}) => {
    const merged = merge(defaults, options);
    if (merged.prefixUrl && input.startsWith('/')) {
      throw new Error('`input` must not begin with a slash when using `prefixUrl`');
    }
    // One turn later, as ky: `.text()` asks for text first.
    const result = Promise.resolve().then(() => send(input, merged)) as ResponsePromise;
    result.text = async () => {
      merged.headers.set('accept', merged.headers.get('accept') || 'text/*');
      return (await result).text();
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
 * const api = ky.create({ prefixUrl: 'https://fm.example/api', retry: 0 });
 * const text = await api.get('health').text();
 */
const ky: KyInstance = createInstance({});
export default ky;
