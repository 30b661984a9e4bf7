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
      res.end(answer.body ?? '');
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
type Hook = (
  request: Request,
  options: { context: Record<string, unknown> },
  response?: Response,
) => unknown;
type Instance = ((
  input: string,
  options?: Record<string, unknown>,
) => Promise<Response> & { text(): Promise<string> }) & {
  get(input: string, options?: Record<string, unknown>): Promise<Response>;
};
interface Subject {
  create(options: Record<string, unknown>): Instance;
  isHTTPError(error: unknown): error is { response: Response };
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
      prefixUrl: base,
      headers: { accept: 'application/json', 'api-version': 'v1' },
      retry: 0,
      ...extra,
    });

  it('joins prefixUrl and the path, merges headers and sends json with its content type', async () => {
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

  it('refuses a path with a leading slash under prefixUrl', async () => {
    expect(() => instance()('/things')).toThrow('must not begin with a slash');
  });

  it('runs beforeRequest on every attempt with the call context, and afterResponse on every answer', async () => {
    answers.push({ status: 503 }, { status: 200, headers: { 'x-token': 'new' }, body: 'done' });
    const before: unknown[] = [];
    const after: [number, string | null][] = [];
    let n = 0;
    const api = instance({
      hooks: {
        beforeRequest: [
          ((request, options) => {
            n += 1;
            before.push(options.context.tag);
            request.headers.set('authorization', `Bearer ${n}`);
          }) satisfies Hook,
        ],
        afterResponse: [
          ((request, _options, response) => {
            after.push([response?.status ?? 0, request.headers.get('authorization')]);
          }) satisfies Hook,
        ],
      },
    });
    const response = await api('ping', {
      method: 'get',
      context: { tag: 'call' },
      retry: { limit: 1, methods: ['get'], maxRetryAfter: 2000 },
    });
    expect(await response.text()).toBe('done');
    expect(before).toEqual(['call', 'call']);
    expect(after).toEqual([
      [503, 'Bearer 1'],
      [200, 'Bearer 2'],
    ]);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer 1', 'Bearer 2']);
  });

  it('rejects a non-2xx answer with an HTTPError whose body is still readable', async () => {
    answers.push({ status: 409, body: '{"code":"SLOT_TAKEN"}', headers: { 'x-request-id': 'r1' } });
    const error = await failure(instance()('session', { method: 'post', json: {} }));
    expect(subject.isHTTPError(error)).toBe(true);
    if (!subject.isHTTPError(error)) return;
    expect(error.response.status).toBe(409);
    expect(error.response.headers.get('x-request-id')).toBe('r1');
    expect(await error.response.text()).toBe('{"code":"SLOT_TAKEN"}');
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

  it('gives up after timeout with a TimeoutError, never retried', async () => {
    answers.push({ delayMs: 500 }, { delayMs: 500 });
    const error = await failure(
      instance({ timeout: 100 })('slow', { method: 'get', retry: { limit: 2, methods: ['get'] } }),
    );
    expect((error as Error).name).toBe('TimeoutError');
    expect(seen).toHaveLength(1);
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
      .create({ prefixUrl: base, retry: 0 })('report.csv', { method: 'get' })
      .text();
    expect(text).toBe('a,b');
    expect(seen[0]?.headers.accept).toBe('text/*');
  });
});
