/**
 * Upload progress for browsers. `fetch` cannot report how much of a request body has been sent
 * (request streams need HTTP/2 and are missing in some browsers), so uploads that report progress
 * go through `XMLHttpRequest` behind a `fetch`-shaped function: ky keeps doing everything else
 * (credential headers, token refresh headers, 401 handling, errors, timeouts).
 */

/** How far an upload has got, in bytes of the request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A `fetch`-shaped function, as ky's `fetch` option takes it. */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/**
 * Whether this environment can report upload progress (`XMLHttpRequest` is there: browsers).
 *
 * @example
 * ```ts
 * if (!canReportUploadProgress()) showSpinnerInsteadOfBar();
 * ```
 */
export function canReportUploadProgress(): boolean {
  return typeof (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest === 'function';
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // A header a Response cannot hold is left out; nothing we read depends on it.
    }
  }
  return headers;
}

const abortError = (signal: AbortSignal | null | undefined): unknown =>
  signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');

/**
 * A `fetch` that sends with `XMLHttpRequest` and reports upload progress to `onProgress`. It
 * honours the request's method, URL, headers, body and abort signal, and answers a `Response`
 * with the status, headers and body; a network failure rejects with a `TypeError`, as `fetch` does.
 *
 * @example
 * ```ts
 * const fetchWithProgress = xhrFetch(({ loaded, total }) => setPercent((100 * loaded) / total));
 * await ky.post('chats/upload', { body: form, fetch: fetchWithProgress });
 * ```
 */
export function xhrFetch(onProgress: (progress: UploadProgress) => void): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    const signal = request.signal;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(request.method, request.url, true);
      request.headers.forEach((value, key) => {
        xhr.setRequestHeader(key, value);
      });
      xhr.responseType = 'blob';
      xhr.withCredentials = request.credentials === 'include';
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : (body?.size ?? 0);
        onProgress({ loaded: event.loaded, total });
      };
      xhr.onload = () => {
        done();
        const status = xhr.status;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : (xhr.response as Blob | null), {
            status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
  };
}
