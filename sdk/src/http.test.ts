import * as v from 'valibot';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type Mock,
  vi,
} from 'vitest';
import { AUTH_HEADERS, IDEMPOTENCY_HEADER, OPERATIONS } from './contracts/index.ts';
import { isResponseShapeError } from './errors.ts';
import { createHttp, resolveBaseUrl } from './http.ts';
import { fixtures, rejection, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore, type StoredCredentials, type TokenStore } from './token-store.ts';

const signedIn: StoredCredentials = {
  token: 'token-1',
  refreshToken: 'refresh-1',
  user: fixtures.user,
};
const Pong = v.object({ pong: v.literal(true) });

let server: TestApiServer;
let store: TokenStore;
let onUnauthorized: Mock<() => void>;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  store = memoryTokenStore();
  onUnauthorized = vi.fn<() => void>();
});

function http(extra: { timeout?: number } = {}) {
  return createHttp({ baseUrl: server.baseUrl, tokenStore: store, onUnauthorized, ...extra });
}

/** The one call most tests make: `GET ping` answered by `{ pong: true }`. */
const pingCall = {
  operation: 'fetchProfile',
  texts: OPERATIONS,
  method: 'get',
  path: 'ping',
  response: Pong,
} as const;
const ping = (
  options: { credentials?: boolean; signOutOnUnauthorized?: boolean; retries?: number } = {},
) => http().call({ ...pingCall, ...options });
/** A 503 with the server's own code and message, the answer retries are made for. */
const down = () => ({ status: 503, json: { message: 'Down', code: 'SERVICE_UNAVAILABLE' } });

describe('resolveBaseUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps absolute URLs', () => {
    expect(resolveBaseUrl('http://localhost:8787/api')).toBe('http://localhost:8787/api');
  });

  it('refuses a relative URL outside a page with a clear message', () => {
    expect(() => resolveBaseUrl('/api')).toThrow(/relative.*absolute URL/);
  });

  it("resolves '/api' against the page's location in a browser", () => {
    vi.stubGlobal('location', { href: 'https://fm.example/control-panel/users?page=2' });
    expect(resolveBaseUrl('/api')).toBe('https://fm.example/api');
  });
});

describe('paths', () => {
  it('are joined to the base URL, with or without a leading slash', async () => {
    server.route('GET /api/ping', () => ({ json: { pong: true } }));
    await ping();
    await http().call({ ...pingCall, path: '/ping' });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/ping', '/api/ping']);
  });
});

describe('credential headers', () => {
  it('sends Authorization: Bearer and the refresh-token header while signed in', async () => {
    server.route('GET /api/ping', () => ({ json: { pong: true } }));
    store.set(signedIn);
    await expect(ping()).resolves.toEqual({ pong: true });
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers[AUTH_HEADERS.refreshToken]).toBe('refresh-1');
  });

  it('sends no credentials when signed out or when the call asks for none', async () => {
    server.route('GET /api/ping', () => ({ json: { pong: true } }));
    await ping();
    store.set(signedIn);
    await ping({ credentials: false });
    for (const request of server.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers[AUTH_HEADERS.refreshToken]).toBeUndefined();
    }
  });

  it('replaces the stored tokens from the answer headers and keeps the user', async () => {
    server.route('GET /api/ping', () => ({
      json: { pong: true },
      headers: {
        [AUTH_HEADERS.newAccessToken]: 'token-2',
        [AUTH_HEADERS.newRefreshToken]: 'refresh-2',
      },
    }));
    store.set(signedIn);
    await ping();
    expect(store.get()).toEqual({
      token: 'token-2',
      refreshToken: 'refresh-2',
      user: fixtures.user,
    });
    server.route('GET /api/ping', () => ({ json: { pong: true } }));
    await ping();
    expect(server.requests[1]?.headers.authorization).toBe('Bearer token-2');
    expect(server.requests[1]?.headers[AUTH_HEADERS.refreshToken]).toBe('refresh-2');
  });

  it('replaces only the token whose header is present', async () => {
    server.route('GET /api/ping', () => ({
      json: { pong: true },
      headers: { [AUTH_HEADERS.newAccessToken]: 'token-3' },
    }));
    store.set(signedIn);
    await ping();
    expect(store.get()).toEqual({ ...signedIn, token: 'token-3' });
  });

  it('does not sign anyone in from headers of an anonymous answer', async () => {
    server.route('GET /api/ping', () => ({
      json: { pong: true },
      headers: { [AUTH_HEADERS.newAccessToken]: 'token-x' },
    }));
    await ping();
    expect(store.get()).toBeNull();
  });
});

describe('401 answers', () => {
  const unauthorized = () => ({
    status: 401,
    json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
  });

  it('clear the store and call onUnauthorized when the request carried credentials', async () => {
    server.route('GET /api/ping', unauthorized);
    store.set(signedIn);
    const error = await rejection(ping());
    expect(error.status).toBe(401);
    expect(error.message).toBe('Error fetching profile: You are not signed in');
    expect(store.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leave the store alone without credentials', async () => {
    server.route('GET /api/ping', unauthorized);
    store.set(signedIn);
    await rejection(ping({ credentials: false }));
    expect(store.get()).toEqual(signedIn);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('are ignored when the call opts out', async () => {
    server.route('GET /api/ping', unauthorized);
    store.set(signedIn);
    await rejection(ping({ signOutOnUnauthorized: false }));
    expect(store.get()).toEqual(signedIn);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('are ignored when the credentials changed while the request was in flight', async () => {
    let answer: (() => void) | undefined;
    server.route(
      'GET /api/ping',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(unauthorized());
        }),
    );
    store.set(signedIn);
    const pending = rejection(ping());
    await vi.waitFor(() => expect(answer).toBeDefined());
    const newer = { ...signedIn, token: 'token-new' };
    store.set(newer);
    answer?.();
    await pending;
    expect(store.get()).toEqual(newer);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('still reject with the ApiError when onUnauthorized throws', async () => {
    server.route('GET /api/ping', unauthorized);
    store.set(signedIn);
    onUnauthorized.mockImplementation(() => {
      throw new Error('app bug');
    });
    const uncaught = vi.fn();
    process.once('uncaughtException', uncaught);
    const error = await rejection(ping());
    expect(error.status).toBe(401);
    await vi.waitFor(() => expect(uncaught).toHaveBeenCalled());
  });
});

describe('failures', () => {
  it("turn an error body into '{operation}: {message}' with its code and field errors", async () => {
    server.route('GET /api/ping', () => ({
      status: 409,
      json: {
        message: 'An account with this email already exists',
        code: 'EMAIL_EXISTS',
        errors: { email: 'An account with this email already exists' },
      },
    }));
    const error = await rejection(ping());
    expect(error.message).toBe('Error fetching profile: An account with this email already exists');
    expect(error.code).toBe('EMAIL_EXISTS');
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('use the generic message when the error body has none', async () => {
    server.route('GET /api/ping', () => ({ status: 500, raw: 'Internal Server Error' }));
    const error = await rejection(ping());
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.status).toBe(500);
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('read an error body (rule 7) sent without a JSON content type', async () => {
    server.route('GET /api/ping', () => ({
      status: 409,
      headers: { 'content-type': 'text/plain' },
      raw: '{"message":"Slot taken","code":"SLOT_TAKEN"}',
    }));
    const error = await rejection(ping());
    expect(error.message).toBe('Error fetching profile: Slot taken');
    expect(error.code).toBe('SLOT_TAKEN');
  });

  it('use the generic message when the error body is empty or malformed JSON', async () => {
    server.route('GET /api/ping', () => ({ status: 503 }));
    expect((await rejection(ping())).code).toBe('SERVICE_UNAVAILABLE');
    server.route('GET /api/ping', () => ({
      status: 422,
      headers: { 'content-type': 'application/json' },
      raw: '{"message":',
    }));
    const error = await rejection(ping());
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.code).toBe('RULE_VIOLATION');
  });

  it("give 'Unknown error occurred' (status 0) when the server cannot be reached", async () => {
    const closed = await startTestApiServer();
    await closed.close();
    const error = await rejection(
      createHttp({ baseUrl: closed.baseUrl, tokenStore: store }).call(pingCall),
    );
    expect(error.message).toBe('Unknown error occurred');
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it("give 'Unknown error occurred' when the request times out", async () => {
    server.route(
      'GET /api/ping',
      () => new Promise((resolve) => setTimeout(() => resolve({ json: { pong: true } }), 1_000)),
    );
    const error = await rejection(http({ timeout: 50 }).call(pingCall));
    expect(error.message).toBe('Unknown error occurred');
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('turn a body of the wrong shape into a ResponseShapeError with the issues', async () => {
    server.route('GET /api/ping', () => ({ json: { pong: 'yes' } }));
    const error = await rejection(ping());
    expect(isResponseShapeError(error)).toBe(true);
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.status).toBe(200);
    expect(error.code).toBe('INVALID_RESPONSE');
    if (!isResponseShapeError(error)) return;
    expect(error.issues[0]?.path?.[0]?.key).toBe('pong');
  });

  it('turn a body that is not JSON into a ResponseShapeError', async () => {
    server.route('GET /api/ping', () => ({ raw: '<html>hello</html>' }));
    const error = await rejection(ping());
    expect(isResponseShapeError(error)).toBe(true);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });
});

describe('retries', () => {
  it('are off by default', async () => {
    server.route('GET /api/ping', down);
    await rejection(ping());
    expect(server.requests).toHaveLength(1);
  });

  it('happen exactly as often as asked, sending the current credentials again', async () => {
    server.route('GET /api/ping', down);
    store.set(signedIn);
    const error = await rejection(ping({ retries: 1 }));
    expect(error.message).toBe('Error fetching profile: Down');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer token-1');
  });

  it('send the credentials stored at the time of each retry, and none once they are cleared', async () => {
    server.route('GET /api/ping', () => {
      if (server.requests.length === 1) store.set({ ...signedIn, token: 'token-2' });
      if (server.requests.length === 2) store.clear();
      return down();
    });
    store.set(signedIn);
    await rejection(ping({ retries: 2 }));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      undefined,
    ]);
    expect(server.requests[2]?.headers[AUTH_HEADERS.refreshToken]).toBeUndefined();
  });
});

describe('idempotent calls', () => {
  const create = () =>
    http().call({
      operation: 'createBooking',
      texts: OPERATIONS,
      method: 'post',
      path: 'thing',
      json: { a: 1 },
      response: Pong,
      idempotent: true,
    });

  it('send one Idempotency-Key per call and the same one on each of its retries', async () => {
    let answers = 0;
    server.route('POST /api/thing', () => {
      answers += 1;
      return answers < 3 ? down() : { json: { pong: true } };
    });
    await expect(create()).resolves.toEqual({ pong: true });
    const keys = server.requests.map((r) => r.headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    server.reset();
    server.route('POST /api/thing', () => ({ json: { pong: true } }));
    await create();
    expect(server.requests[0]?.headers[IDEMPOTENCY_HEADER]).not.toBe(keys[0]);
  });

  it('are the only calls that send a key', async () => {
    server.route('GET /api/ping', () => ({ json: { pong: true } }));
    await ping();
    expect(server.requests[0]?.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
  });
});
