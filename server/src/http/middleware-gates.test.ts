import { AUTH_HEADERS, EMBED_KEY_HEADER, IDEMPOTENCY_HEADER } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyAndCredentialMiddleware } from '../app.ts';
import type { AppEnv } from '../auth/session.ts';
import { createApiKeyService } from '../features/api-keys/service.ts';
import { createEmbedSessions } from '../features/embed/embed-sessions.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { AnswerHeaders } from './answer-headers.ts';
import { type Gated, mayNeed } from './middleware-chain.ts';

// A plain GET skips the body caps and every credential middleware in one step (`chainWhen`),
// decided from the headers each entry declares. That is safe only while each declares exactly the
// headers it reads on such a request: one it reads but does not declare would be skipped when
// that header arrives alone; one it declares but does not read makes every such GET pay for the
// whole chain. So each middleware runs here on a bare GET, and what it read is its list.

/** A GET whose header reads are recorded (Hono reads them through `raw.headers.get`). */
function recordingGet(path: string, read: Set<string>): Request {
  const request = new Request(`http://localhost${path}`);
  const headers = request.headers;
  const recording = new Proxy(headers, {
    get(target, property) {
      if (property === 'get') {
        return (name: string) => {
          read.add(name.toLowerCase());
          return target.get(name);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  Object.defineProperty(request, 'headers', { value: recording });
  return request;
}

/** The headers `gated.handler` reads on a bare GET of `path`. */
async function headersRead(gated: Gated<AppEnv>, path: string): Promise<string[]> {
  const read = new Set<string>();
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('answerHeaders', new AnswerHeaders());
      await next();
    })
    .use('*', gated.handler)
    .get('*', (c) => c.text('ok'));
  const res = await app.fetch(recordingGet(path, read));
  expect(res.status).toBe(200);
  return [...read].sort();
}

let server: TestServer;
let chain: Gated<AppEnv>[];
beforeAll(async () => {
  server = await startTestServer();
  const { container } = server;
  chain = bodyAndCredentialMiddleware(container, {
    apiKeys: createApiKeyService({ db: container.db, now: container.now }),
    embedSessions: createEmbedSessions({ db: container.db, now: container.now }),
  });
});
afterAll(() => server.close());

describe('the body and credential middleware are skipped on exactly the requests they ignore', () => {
  it('each reads, on a bare GET, exactly the headers it declares', async () => {
    expect(chain.length).toBeGreaterThan(0);
    for (const gated of chain) {
      for (const path of ['/api/health', '/api/users/me', '/api/booking']) {
        expect(
          await headersRead(gated, path),
          `${gated.handler.name || 'a middleware'} on ${path}`,
        ).toEqual(gated.headers.map((name) => name.toLowerCase()).sort());
      }
    }
  });

  it('a GET or HEAD with any of those headers runs them; any other method always does', () => {
    const needs = mayNeed(chain);
    const declared = chain.flatMap((g) => g.headers);
    expect(declared).toEqual(
      expect.arrayContaining([
        'content-length',
        'authorization',
        AUTH_HEADERS.refreshToken,
        EMBED_KEY_HEADER,
        IDEMPOTENCY_HEADER,
      ]),
    );
    const context = (method: string, headers: Record<string, string> = {}) => ({
      req: { method, header: (name: string) => new Headers(headers).get(name) ?? undefined },
    });
    expect(needs(context('GET'))).toBe(false);
    expect(needs(context('HEAD'))).toBe(false);
    for (const name of declared) expect(needs(context('GET', { [name]: 'x' })), name).toBe(true);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'])
      expect(needs(context(method))).toBe(true);
  });
});
