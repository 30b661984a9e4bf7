import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky, { isHTTPError as kyIsHTTPError } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import kyLite, { isHTTPError as liteIsHTTPError } from './ky-lite.ts';

/**
 * ky-lite stands in for ky in the element build (vite.config.ts): every case runs against both
 * and must come out the same, for the options the SDK's transport (sdk/src/http.ts) uses.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Sends the headers at once and the body this much later. */
  bodyDelayMs?: number;
};

let seen: Seen[] = [];
let answers: Answer[] = [];
let base = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const answer = answers.shift() ?? {};
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      if (answer.bodyDelayMs === undefined) res.end(answer.body ?? '');
      else {
        res.flushHeaders();
        setTimeout(() => res.end(answer.body ?? ''), answer.bodyDelayMs);
      }
    }, answer.delayMs ?? 0);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

/** The surface both share here, typed loosely so one case drives either. */
interface State {
  request: Request;
  options: { context: Record<string, unknown> };
  retryCount: number;
  response?: Response;
  error?: Error;
}
type Hook = (state: State) => unknown;
type Instance = ((
  input: string,
  options?: Record<string, unknown>,
) => Promise<Response> & { text(): Promise<string> }) & {
  get(input: string, options?: Record<string, unknown>): Promise<Response>;
};
interface Subject {
  create(options: Record<string, unknown>): Instance;
  isHTTPError(error: unknown): error is Error & { response: Response; data: unknown };
}
const subjects: [string, Subject][] = [
  ['ky', { create: (o) => ky.create(o) as unknown as Instance, isHTTPError: kyIsHTTPError }],
  [
    'ky-lite',
    { create: (o) => kyLite.create(o) as unknown as Instance, isHTTPError: liteIsHTTPError },
  ],
];

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe.each(subjects)('%s', (_name, subject) => {
  const instance = (extra: Record<string, unknown> = {}) =>
    subject.create({
      prefix: base,
      headers: { accept: 'application/json', 'api-version': 'v1' },
      retry: 0,
      ...extra,
    });

  it('joins prefix and the path, merges headers and sends json with its content type', async () => {
    answers.push({ body: '{"ok":true}' });
    const response = await instance()('things/1?x=2', {
      method: 'post',
      json: { a: 1 },
      headers: { 'x-extra': 'yes' },
    });
    expect(await response.json()).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/things/1?x=2', body: '{"a":1}' });
    expect(seen[0]?.headers).toMatchObject({
      accept: 'application/json',
      'api-version': 'v1',
      'x-extra': 'yes',
      'content-type': 'application/json',
    });
  });

  it('drops leading slashes of the path and a trailing one of prefix', async () => {
    answers.push({}, {}, {});
    await instance()('/things', { method: 'get' });
    await instance({ prefix: `${base}/` })('//things/2', { method: 'get' });
    await instance({ prefix: `${base}/` })('things/3', { method: 'get' });
    expect(seen.map((s) => s.url)).toEqual(['/api/things', '/api/things/2', '/api/things/3']);
  });

  it('runs beforeRequest once, beforeRetry before each retry and afterResponse on every answer', async () => {
    answers.push(
      { status: 503, body: 'down' },
      { status: 500 },
      { status: 200, headers: { 'x-token': 'new' }, body: 'done' },
    );
    const calls: unknown[] = [];
    const api = instance({
      hooks: {
        beforeRequest: [
          (({ request, options, retryCount }) => {
            calls.push(['beforeRequest', options.context.tag, retryCount]);
            request.headers.set('authorization', 'Bearer 0');
          }) satisfies Hook,
        ],
        beforeRetry: [
          (({ request, options, error, retryCount }) => {
            calls.push(['beforeRetry', options.context.tag, retryCount, error?.name]);
            request.headers.set('authorization', `Bearer ${retryCount}`);
          }) satisfies Hook,
        ],
        afterResponse: [
          (({ request, response, retryCount }) => {
            calls.push([
              'afterResponse',
              response?.status,
              retryCount,
              request.headers.get('authorization'),
            ]);
          }) satisfies Hook,
        ],
      },
    });
    const response = await api('ping', {
      method: 'get',
      context: { tag: 'call' },
      retry: { limit: 2, methods: ['get'], maxRetryAfter: 2000 },
    });
    expect(await response.text()).toBe('done');
    expect(calls).toEqual([
      ['beforeRequest', 'call', 0],
      ['afterResponse', 503, 0, 'Bearer 0'],
      ['beforeRetry', 'call', 1, 'HTTPError'],
      ['afterResponse', 500, 1, 'Bearer 1'],
      ['beforeRetry', 'call', 2, 'HTTPError'],
      ['afterResponse', 200, 2, 'Bearer 2'],
    ]);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer 0', 'Bearer 1', 'Bearer 2']);
  });

  it('lets beforeRetry see the HTTPError with its data, and remove a header set before', async () => {
    answers.push({ status: 503, headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    answers.push({ status: 200 });
    const data: unknown[] = [];
    const api = instance({
      hooks: {
        beforeRequest: [(({ request }) => request.headers.set('x-secret', 's')) satisfies Hook],
        beforeRetry: [
          (({ request, error }) => {
            data.push(subject.isHTTPError(error) ? error.data : 'not an HTTPError');
            request.headers.delete('x-secret');
          }) satisfies Hook,
        ],
      },
    });
    await api('ping', { method: 'get', retry: { limit: 1, methods: ['get'] } });
    expect(data).toEqual([{ a: 1 }]);
    expect(seen.map((s) => s.headers['x-secret'])).toEqual(['s', undefined]);
  });

  it('rejects a non-2xx answer with an HTTPError whose body is read into data', async () => {
    answers.push({
      status: 409,
      body: '{"code":"SLOT_TAKEN"}',
      headers: { 'x-request-id': 'r1', 'content-type': 'application/json; charset=utf-8' },
    });
    const error = await failure(instance()('session', { method: 'post', json: {} }));
    expect(subject.isHTTPError(error)).toBe(true);
    if (!subject.isHTTPError(error)) return;
    expect(error.message).toBe(
      `Request failed with status code 409 Conflict: POST ${base}/session`,
    );
    expect(error.response.status).toBe(409);
    expect(error.response.headers.get('x-request-id')).toBe('r1');
    expect(error.data).toEqual({ code: 'SLOT_TAKEN' });
    expect(error.response.bodyUsed).toBe(true);
  });

  it.each([
    ['a JSON subtype, parsed', 'application/problem+json', '{"title":"x"}', { title: 'x' }],
    ['text, as is', 'text/plain', '{"code":"X"}', '{"code":"X"}'],
    ['no content type, as text', undefined, 'oops', 'oops'],
    ['malformed JSON, undefined', 'application/json', '{"code":', undefined],
    ['an empty body, undefined', 'application/json', '', undefined],
  ])('fills HTTPError.data from %s', async (_case, type, body, data) => {
    answers.push({ status: 400, body, headers: type ? { 'content-type': type } : {} });
    const error = await failure(instance()('thing', { method: 'get' }));
    expect(subject.isHTTPError(error) && error.data).toEqual(data);
  });

  it('retries only the methods and statuses asked for, with the same headers each time', async () => {
    answers.push({ status: 500 }, { status: 500 }, { status: 201, body: 'made' });
    const response = await instance()('session', {
      method: 'post',
      json: { x: 1 },
      headers: { 'idempotency-key': 'k-1' },
      retry: { limit: 2, methods: ['post'], maxRetryAfter: 2000 },
    });
    expect(response.status).toBe(201);
    expect(seen.map((s) => [s.method, s.headers['idempotency-key'], s.body])).toEqual([
      ['POST', 'k-1', '{"x":1}'],
      ['POST', 'k-1', '{"x":1}'],
      ['POST', 'k-1', '{"x":1}'],
    ]);

    seen = [];
    answers.push({ status: 500 });
    await failure(
      instance()('session', { method: 'post', json: {}, retry: { limit: 2, methods: ['get'] } }),
    );
    expect(seen).toHaveLength(1);

    seen = [];
    answers.push({ status: 404 });
    await failure(instance()('thing', { method: 'get', retry: { limit: 2, methods: ['get'] } }));
    expect(seen).toHaveLength(1);

    seen = [];
    answers.push({ status: 413 });
    await failure(instance()('thing', { method: 'put', retry: { limit: 2 } }));
    expect(seen).toHaveLength(1);
  });

  it("retries ky's default methods (QUERY too) and statuses when only a limit is given", async () => {
    answers.push({ status: 503 }, { status: 200 }, { status: 503 });
    await instance()('search', { method: 'query', retry: { limit: 1 } });
    await failure(instance()('session', { method: 'post', retry: { limit: 1 } }));
    expect(seen.map((s) => s.method)).toEqual(['QUERY', 'QUERY', 'POST']);
  });

  it('retries a network failure as a NetworkError, and nothing an afterResponse hook throws', async () => {
    const refused = createServer();
    await new Promise<void>((resolve) => refused.listen(0, '127.0.0.1', resolve));
    const port = (refused.address() as AddressInfo).port;
    await new Promise<void>((resolve) => refused.close(() => resolve()));
    const errors: string[] = [];
    const error = await failure(
      subject.create({
        prefix: `http://127.0.0.1:${port}/api`,
        retry: { limit: 1 },
        hooks: { beforeRetry: [(({ error }) => errors.push(error?.name ?? '')) satisfies Hook] },
      })('ping', { method: 'get' }),
    );
    expect([(error as Error).name, ((error as Error).cause as Error).name]).toEqual([
      'NetworkError',
      'TypeError',
    ]);
    expect(errors).toEqual(['NetworkError']);

    answers.push({ status: 503 }, { status: 200 });
    const thrown = await failure(
      instance({
        hooks: {
          afterResponse: [
            (() => {
              throw new TypeError('fetch failed');
            }) satisfies Hook,
          ],
        },
      })('ping', { method: 'get', retry: { limit: 1 } }),
    );
    expect((thrown as Error).message).toBe('fetch failed');
    expect(seen).toHaveLength(1);
  });

  it('waits what Retry-After says, bounded by maxRetryAfter', async () => {
    answers.push({ status: 429, headers: { 'retry-after': '60' } }, { status: 200 });
    const started = Date.now();
    await instance()('ping', {
      method: 'get',
      retry: { limit: 1, methods: ['get'], maxRetryAfter: 200 },
    });
    const waited = Date.now() - started;
    expect(seen).toHaveLength(2);
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(2000);
  });

  it('reads Retry-After as seconds or an HTTP date, and backs off when it is neither', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    answers.push(
      { status: 503, headers: { 'retry-after': past } },
      { status: 429, headers: { 'retry-after': 'soon' } },
      { status: 413, headers: { 'ratelimit-reset': '0' } },
      { status: 200 },
    );
    const started = Date.now();
    await instance()('ping', { method: 'get', retry: { limit: 3, methods: ['get'] } });
    const waited = Date.now() - started;
    expect(seen).toHaveLength(4);
    // 0 for the past date, ky's backoff for the second retry (600 ms), 0 for the reset.
    expect(waited).toBeGreaterThanOrEqual(550);
    expect(waited).toBeLessThan(1500);
  });

  it('takes a Unix time from RateLimit-Reset only, Retry-After being seconds', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    answers.push({ status: 429, headers: { 'ratelimit-reset': now } }, { status: 200 });
    answers.push({ status: 429, headers: { 'retry-after': now } }, { status: 200 });
    const retry = { limit: 1, methods: ['get'], maxRetryAfter: 300 };
    let started = Date.now();
    await instance()('ping', { method: 'get', retry });
    expect(Date.now() - started).toBeLessThan(250);
    started = Date.now();
    await instance()('ping', { method: 'get', retry });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(seen).toHaveLength(4);
  });

  it('gives up after timeout with a TimeoutError, never retried', async () => {
    answers.push({ delayMs: 500 }, { delayMs: 500 });
    const error = await failure(
      instance({ timeout: 100 })('slow', { method: 'get', retry: { limit: 2, methods: ['get'] } }),
    );
    expect((error as Error).name).toBe('TimeoutError');
    expect(seen).toHaveLength(1);
  });

  it('bounds reading the body with .text() by timeout too', async () => {
    answers.push({ body: 'late', bodyDelayMs: 600 });
    const error = await failure(instance({ timeout: 200 })('slow', { method: 'get' }).text());
    expect((error as Error).name).toBe('TimeoutError');
  });

  it("rejects when the caller's signal aborts", async () => {
    answers.push({ delayMs: 500 });
    const controller = new AbortController();
    const call = instance()('slow', { method: 'get', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(call);
    expect((error as Error).name).toBe('AbortError');
  });

  it("uses the instance's fetch, and a call's own fetch over it", async () => {
    const used: string[] = [];
    const tagged = (tag: string) => (input: Request | URL | string, init?: RequestInit) => {
      used.push(tag);
      return globalThis.fetch(input, init);
    };
    answers.push({}, {});
    const api = instance({ fetch: tagged('instance') });
    await api('a', { method: 'get' });
    await api('b', { method: 'get', fetch: tagged('call') });
    expect(used).toEqual(['instance', 'call']);
  });

  it('passes cache: no-store on, and gets with .get()', async () => {
    answers.push({ body: 'blob' });
    const response = await instance().get('file', {
      cache: 'no-store',
      headers: { accept: '*/*' },
    });
    expect(await (await response.blob()).text()).toBe('blob');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/file' });
    expect(seen[0]?.headers.accept).toBe('*/*');
  });

  it('reads text with .text(), asking for text when no accept was set', async () => {
    answers.push({ body: 'a,b' });
    const text = await subject
      .create({ prefix: base, retry: 0 })('report.csv', { method: 'get' })
      .text();
    expect(text).toBe('a,b');
    expect(seen[0]?.headers.accept).toBe('text/*');
  });
});
