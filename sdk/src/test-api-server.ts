import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, type Mock, vi } from 'vitest';
import { createClient, type FmClient } from './client.ts';
import { type ApiError, isApiError } from './errors.ts';
import { memoryTokenStore, type StoredCredentials, type TokenStore } from './token-store.ts';

/** A request as the test server received it. */
export interface RecordedRequest {
  method: string;
  /** Path with query, as sent (still percent-encoded). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a route answers: `json` is serialised; `raw` is sent as is. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string;
}

export type Route = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP server on a free port for the client's own tests: routes are `'GET /api/health'`
 * keys, every request is recorded, unknown routes answer 404 with an error body (rule 7). Test-only.
 *
 * @example
 * ```ts
 * const server = await startTestApiServer();
 * server.route('GET /api/health', () => ({ json: { status: 'ok', database: 'ok', version: '1', runtime: 'node 24.21.0' } }));
 * const api = createClient({ baseUrl: server.baseUrl });
 * ```
 */
export async function startTestApiServer() {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${recorded.url.split('?')[0]}`);
      const answer = route
        ? Promise.resolve(route(recorded))
        : Promise.resolve<Reply>({
            status: 404,
            json: { message: 'Not found', code: 'NOT_FOUND' },
          });
      answer.then(
        (reply) => {
          const text = reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
          res.writeHead(reply.status ?? 200, {
            ...(reply.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...reply.headers,
          });
          res.end(text);
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    /** Sets (or replaces) the answer of `'METHOD /path'`. */
    route(key: string, handler: Route) {
      routes.set(key, handler);
    },
    /** Recorded requests to `'METHOD /path'`. */
    requestsTo(key: string) {
      return requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === key);
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type TestApiServer = Awaited<ReturnType<typeof startTestApiServer>>;

/** What {@link useTestClient} sets up; every field but `server` is fresh for each test. */
export interface TestClient {
  server: TestApiServer;
  store: TokenStore;
  onUnauthorized: Mock<() => void>;
  api: FmClient;
}

/**
 * The lifecycle a client test file needs: one test server for the file, and before each test a
 * reset server, a token store holding `credentials` (none when omitted), an `onUnauthorized` spy
 * and a client wired to all three. Call once at the top of a test file.
 */
export function useTestClient(credentials?: StoredCredentials): TestClient {
  const context = {} as TestClient;
  beforeAll(async () => {
    context.server = await startTestApiServer();
  });
  afterAll(() => context.server.close());
  beforeEach(() => {
    context.server.reset();
    context.store = memoryTokenStore(credentials);
    context.onUnauthorized = vi.fn<() => void>();
    context.api = createClient({
      baseUrl: context.server.baseUrl,
      tokenStore: context.store,
      onUnauthorized: context.onUnauthorized,
    });
  });
  return context;
}

/** The ApiError a call rejects with; a resolved call or any other error fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** Valid answers of the contract, for tests. */
export const fixtures = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'franchisor',
  },
  authResult(token = 'token-1', refreshToken = 'refresh-1') {
    return { token, refreshToken, user: fixtures.user };
  },
  ownProfile: {
    id: 'u1',
    role: 'franchisor',
    email: 'ada@example.com',
    pendingEmail: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: null,
    profilePhoto: null,
    isVerified: true,
    isDeactivated: false,
    isDeleted: false,
    status: true,
    smsConsent: false,
    position: null,
    profileCompleteness: ['Contact'],
    timeZone: null,
    consultant: null,
    franchise: null,
  },
  consultantProfile: {
    id: 'c/1',
    role: 'consultant',
    firstName: 'Grace',
    lastName: 'Hopper',
    profilePhoto: null,
    company: null,
    bio: null,
    experienceLevel: 5,
    industrySpecialty: ['Automotive'],
    region: ['USA'],
    groups: ['FranNet'],
    country: 'USA',
    stateProvince: null,
    city: null,
    rate: 50,
    isVerified: true,
    averageRating: null,
    reviewCount: 0,
  },
} as const;
