import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Every header of a set of answers that take different ways through the middleware (a public
 * read, an error from a route, errors from the middleware itself, a preflight, a refused
 * api-version, an oversized body, a page outside the API), compared with what the stack answered
 * before its per-request work was cut (decision 008): the headers, their values and their order of
 * precedence stay exactly as they were, except that a refused api-version now gets the security
 * and CORS headers too, and that a JSON answer carries an API's four security headers instead of
 * a document's eleven (decision 024). Only `date` and the request id's value vary.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUSTED_ORIGINS: 'https://app.example' } });
});
afterAll(() => server.close());

async function headersOf(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, init);
  await res.arrayBuffer();
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) {
    if (name === 'date' || name === 'keep-alive' || name === 'connection') continue;
    headers[name] = name === 'x-request-id' ? value.replace(/[0-9a-f]/g, 'x') : value;
  }
  return { status: res.status, headers };
}

const CASES: [string, string, RequestInit][] = [
  ['a public read', '/api/config', {}],
  ['a public read from any origin', '/api/config', { headers: { origin: 'https://else.example' } }],
  ['a trusted origin', '/api/config', { headers: { origin: 'https://app.example' } }],
  ['an unknown API path', '/api/nothing-here', {}],
  [
    'a route that needs an account',
    '/api/session',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  ],
  [
    'an unknown secret key (refused by middleware)',
    '/api/users/me',
    { headers: { authorization: 'Bearer sk_nothing' } },
  ],
  [
    'an unknown embed key (refused by middleware)',
    '/api/config',
    { headers: { 'x-fm-embed-key': 'pk_nothing', origin: 'https://else.example' } },
  ],
  ['an unsupported api-version', '/api/config', { headers: { 'api-version': '1999-01-01' } }],
  [
    'an unsupported api-version from the app',
    '/api/session',
    {
      method: 'POST',
      headers: {
        'api-version': '1999-01-01',
        origin: 'https://app.example',
        'content-type': 'application/json',
      },
      body: '{}',
    },
  ],
  [
    'a preflight',
    '/api/session',
    {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    },
  ],
  ['the embed sign-in page', '/embed/sign-in', {}],
  ['a page in the API (its reference)', '/api/docs', {}],
  ['a page outside the API', '/', {}],
  // Last: the server closes the connection after refusing the body.
  [
    'an oversized body',
    '/api/session',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://app.example' },
      body: 'x'.repeat(2 << 20),
    },
  ],
];

describe('the answers’ headers', () => {
  it.each(CASES)('%s', async (name, path, init) => {
    expect(await headersOf(path, init)).toEqual(EXPECTED[name]);
  });
});

/** hono/secure-headers with the app's options, as answered before. */
const SECURE = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; form-action 'self'; connect-src 'self' http://localhost:1999 ws://localhost:1999; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
/** A JSON answer's (decision 024): nothing a document's policies could act on. */
const JSON_SECURE = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const EXPOSE = 'x-access-token,x-refresh-token,set-auth-token,x-request-id,api-version';
const ID = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
/**
 * An API's JSON answer: its security headers, the exposed CORS headers, the request id, the
 * api-version and `Vary: Origin`, with the status, length and `extra` headers of its way through.
 */
const apiJson = (status: number, contentLength: string, extra: Record<string, string> = {}) => ({
  status,
  headers: {
    ...JSON_SECURE,
    'access-control-expose-headers': EXPOSE,
    'x-request-id': ID,
    'api-version': '2026-11-01',
    'content-length': contentLength,
    'content-type': 'application/json',
    vary: 'Origin',
    ...extra,
  },
});
const ANY_ORIGIN = { 'access-control-allow-origin': '*' };
const APP_ORIGIN = {
  'access-control-allow-credentials': 'true',
  'access-control-allow-origin': 'https://app.example',
};
const NO_STORE = { 'cache-control': 'no-store' };
const EXPECTED: Record<string, { status: number; headers: Record<string, string> }> = {
  'a public read': apiJson(200, '109', { ...ANY_ORIGIN, ...NO_STORE }),
  'a public read from any origin': apiJson(200, '109', { ...ANY_ORIGIN, ...NO_STORE }),
  'a trusted origin': apiJson(200, '109', { ...APP_ORIGIN, ...NO_STORE }),
  'an unknown API path': apiJson(404, '42', NO_STORE),
  'a route that needs an account': apiJson(401, '57', NO_STORE),
  'an unknown secret key (refused by middleware)': apiJson(401, '85'),
  'an unknown embed key (refused by middleware)': apiJson(403, '89', {
    'access-control-allow-origin': 'https://else.example',
  }),
  // Refused before any route, after CORS: a partner page can read why (was: no CORS, no security
  // headers).
  'an unsupported api-version': apiJson(400, '203', ANY_ORIGIN),
  'an unsupported api-version from the app': apiJson(400, '203', APP_ORIGIN),
  'a preflight': {
    status: 204,
    headers: {
      ...SECURE,
      'access-control-expose-headers': EXPOSE,
      'x-request-id': ID,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers':
        'Authorization,Content-Type,refresh-token,idempotency-key,api-version,x-fm-embed-key',
      'access-control-allow-methods': 'GET,POST,PATCH,PUT,DELETE,OPTIONS',
      'access-control-allow-origin': 'https://app.example',
      'access-control-max-age': '600',
      'api-version': '2026-11-01',
      vary: 'Origin, Access-Control-Request-Headers',
    },
  },
  'the embed sign-in page': {
    status: 404,
    headers: {
      ...JSON_SECURE,
      'x-request-id': ID,
      'content-length': '42',
      'content-type': 'application/json',
      'cross-origin-opener-policy': 'unsafe-none',
    },
  },
  // A page, not JSON: a document's policies.
  'a page in the API (its reference)': {
    status: 200,
    headers: {
      ...SECURE,
      'access-control-expose-headers': EXPOSE,
      'x-request-id': ID,
      'api-version': '2026-11-01',
      'cache-control': 'public, max-age=300',
      'content-length': '1528',
      'content-type': 'text/html; charset=UTF-8',
      vary: 'Origin',
    },
  },
  'a page outside the API': {
    status: 404,
    headers: {
      ...JSON_SECURE,
      'x-request-id': ID,
      'content-length': '42',
      'content-type': 'application/json',
    },
  },
  'an oversized body': apiJson(413, '64', APP_ORIGIN),
};
