import { afterAll, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createClient, type FmClient } from './client.ts';
import { AUTH_HEADERS, FIELD_MESSAGES } from './contracts/index.ts';
import { type ApiError, isApiError } from './errors.ts';
import { fixtures, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore, type StoredCredentials, type TokenStore } from './token-store.ts';

const password = 'Str0ng-Pass!';
const signedIn: StoredCredentials = {
  token: 'old',
  refreshToken: 'old-refresh',
  user: fixtures.user,
};

let server: TestApiServer;
let store: TokenStore;
let onUnauthorized: Mock<() => void>;
let api: FmClient;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  store = memoryTokenStore();
  onUnauthorized = vi.fn<() => void>();
  api = createClient({ baseUrl: server.baseUrl, tokenStore: store, onUnauthorized });
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('signIn', () => {
  it('posts the normalised input without credentials and stores the answer', async () => {
    server.route('POST /api/auth/sign-in/email', () => ({ json: fixtures.authResult() }));
    store.set(signedIn);
    const result = await api.auth.signIn({ email: '  Ada@Example.com ', password });
    expect(result).toEqual(fixtures.authResult());
    expect(api.credentials()).toEqual(fixtures.authResult());
    const [request] = server.requests;
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'ada@example.com', password });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers[AUTH_HEADERS.refreshToken]).toBeUndefined();
  });

  it('rejects a wrong password without calling onUnauthorized or touching the store', async () => {
    server.route('POST /api/auth/sign-in/email', () => ({
      status: 401,
      json: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    }));
    store.set(signedIn);
    const error = await rejection(api.auth.signIn({ email: 'ada@example.com', password: 'nope' }));
    expect(error.message).toBe('Error signing in: Invalid email or password');
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(store.get()).toEqual(signedIn);
  });

  it('refuses an invalid input without calling the server', async () => {
    const error = await rejection(api.auth.signIn({ email: 'not-an-email', password: '' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
      password: FIELD_MESSAGES.passwordRequired,
    });
    expect(error.message).toBe(`Error signing in: ${FIELD_MESSAGES.emailInvalid}`);
    expect(server.requests).toHaveLength(0);
  });

  it('does not store an answer of the wrong shape', async () => {
    server.route('POST /api/auth/sign-in/email', () => ({
      json: { token: 't', user: fixtures.user },
    }));
    const error = await rejection(api.auth.signIn({ email: 'ada@example.com', password }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe('Error signing in: Something went wrong. Please try again.');
    expect(store.get()).toBeNull();
  });
});

describe('signUp', () => {
  const input = {
    email: 'Grace@Example.com',
    password,
    firstName: ' Grace ',
    lastName: 'Hopper',
    role: 'franchisee',
    ageConfirmed: true,
  } as const;

  it('posts the normalised input (role alias mapped) and stores the answer', async () => {
    server.route('POST /api/auth/sign-up/email', () => ({
      json: fixtures.authResult('t-up', 'r-up'),
    }));
    await api.auth.signUp(input);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      email: 'grace@example.com',
      password,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'franchisor',
      ageConfirmed: true,
    });
    expect(api.credentials()?.token).toBe('t-up');
  });

  it('refuses a weak password and a missing age confirmation before sending', async () => {
    const error = await rejection(
      api.auth.signUp({ ...input, password: 'weak', ageConfirmed: false as unknown as true }),
    );
    expect(error.errors).toEqual({
      password: FIELD_MESSAGES.passwordRule,
      ageConfirmed: FIELD_MESSAGES.ageConfirmationRequired,
    });
    expect(server.requests).toHaveLength(0);
  });

  it("reports the server's refusal with its message", async () => {
    server.route('POST /api/auth/sign-up/email', () => ({
      status: 409,
      json: { message: 'An account with this email already exists', code: 'EMAIL_EXISTS' },
    }));
    const error = await rejection(api.auth.signUp(input));
    expect(error.message).toBe('Error signing up: An account with this email already exists');
    expect(store.get()).toBeNull();
  });
});

describe('signOut', () => {
  it('posts {} with the credentials and clears the store', async () => {
    server.route('POST /api/auth/sign-out', () => ({ json: { success: true } }));
    store.set(signedIn);
    await api.auth.signOut();
    const [request] = server.requests;
    expect(request?.body).toBe('{}');
    expect(request?.headers.authorization).toBe('Bearer old');
    expect(store.get()).toBeNull();
  });

  it('clears the store even when the call fails, and reports the failure', async () => {
    server.route('POST /api/auth/sign-out', () => ({ status: 500, raw: '' }));
    store.set(signedIn);
    const error = await rejection(api.auth.signOut());
    expect(error.message).toBe('Error signing out: Something went wrong. Please try again.');
    expect(store.get()).toBeNull();
  });

  it('does not call onUnauthorized when the session had already expired', async () => {
    server.route('POST /api/auth/sign-out', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    store.set(signedIn);
    await rejection(api.auth.signOut());
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(store.get()).toBeNull();
  });

  it('forgets the credentials first: a call during the sign-out carries none and signs nobody out', async () => {
    let answer: () => void = () => {};
    server.route(
      'POST /api/auth/sign-out',
      () => new Promise((done) => (answer = () => done({ json: { success: true } }))),
    );
    // The session has ended on the server: a call with the old token would be refused.
    server.route('POST /api/realtime/ticket', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    store.set(signedIn);
    const signingOut = api.auth.signOut();
    expect(store.get()).toBeNull();
    await rejection(api.realtime.ticket('user-u1'));
    answer();
    await signingOut;
    const signOut = server.requests.find((r) => r.url.endsWith('/auth/sign-out'));
    const ticket = server.requests.find((r) => r.url.endsWith('/realtime/ticket'));
    expect(signOut?.headers.authorization).toBe('Bearer old');
    expect(signOut?.headers[AUTH_HEADERS.refreshToken]).toBe('old-refresh');
    expect(ticket?.headers.authorization).toBeUndefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends nothing when signed out already', async () => {
    await api.auth.signOut();
    expect(server.requests).toHaveLength(0);
  });
});

describe('activate', () => {
  it('posts token and password to users/activate and signs in', async () => {
    server.route('POST /api/users/activate', () => ({
      json: fixtures.authResult('t-act', 'r-act'),
    }));
    await api.auth.activate({ token: 'abc', password });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ token: 'abc', password });
    expect(api.credentials()?.token).toBe('t-act');
  });

  it("reports an expired link with the server's message", async () => {
    server.route('POST /api/users/activate', () => ({
      status: 410,
      json: { message: 'This activation link has expired', code: 'ACTIVATION_TOKEN_EXPIRED' },
    }));
    const error = await rejection(api.auth.activate({ token: 'abc', password }));
    expect(error.message).toBe('Error activating account: This activation link has expired');
    expect(error.code).toBe('ACTIVATION_TOKEN_EXPIRED');
  });
});

describe('forgotPassword and resetPassword', () => {
  it('post to their paths and expect {ok: true}', async () => {
    server.route('POST /api/auth/forgot-password', () => ({ json: { ok: true } }));
    server.route('POST /api/auth/reset-password', () => ({ json: { ok: true } }));
    await expect(api.auth.forgotPassword({ email: 'Ada@example.com' })).resolves.toBeUndefined();
    await expect(api.auth.resetPassword({ token: 'tok', password })).resolves.toBeUndefined();
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ email: 'ada@example.com' });
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ token: 'tok', password });
  });

  it('reject an answer that is not {ok: true}', async () => {
    server.route('POST /api/auth/forgot-password', () => ({ json: { ok: false } }));
    const error = await rejection(api.auth.forgotPassword({ email: 'ada@example.com' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe(
      'Error requesting password reset: Something went wrong. Please try again.',
    );
  });

  it('refuse a weak new password before sending', async () => {
    const error = await rejection(api.auth.resetPassword({ token: 'tok', password: 'short' }));
    expect(error.errors).toEqual({ password: FIELD_MESSAGES.passwordRule });
    expect(server.requests).toHaveLength(0);
  });
});
