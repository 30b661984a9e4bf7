import { describe, expect, it } from 'vitest';
import { AUTH_HEADERS, FIELD_MESSAGES } from './contracts/index.ts';
import { fixtures, rejection, useTestClient } from './test-api-server.ts';
import type { StoredCredentials } from './token-store.ts';

const password = 'Str0ng-Pass!';
const signedIn: StoredCredentials = {
  token: 'old',
  refreshToken: 'old-refresh',
  user: fixtures.user,
};

const t = useTestClient();

describe('signIn', () => {
  it('posts the normalised input without credentials and stores the answer', async () => {
    t.server.route('POST /api/auth/sign-in/email', () => ({ json: fixtures.authResult() }));
    t.store.set(signedIn);
    const result = await t.api.auth.signIn({ email: '  Ada@Example.com ', password });
    expect(result).toEqual(fixtures.authResult());
    expect(t.api.credentials()).toEqual(fixtures.authResult());
    const [request] = t.server.requests;
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'ada@example.com', password });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers[AUTH_HEADERS.refreshToken]).toBeUndefined();
  });

  it('rejects a wrong password without calling onUnauthorized or touching the store', async () => {
    t.server.route('POST /api/auth/sign-in/email', () => ({
      status: 401,
      json: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    }));
    t.store.set(signedIn);
    const error = await rejection(
      t.api.auth.signIn({ email: 'ada@example.com', password: 'nope' }),
    );
    expect(error.message).toBe('Error signing in: Invalid email or password');
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(t.onUnauthorized).not.toHaveBeenCalled();
    expect(t.store.get()).toEqual(signedIn);
  });

  it('refuses an invalid input without calling the server', async () => {
    const error = await rejection(t.api.auth.signIn({ email: 'not-an-email', password: '' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
      password: FIELD_MESSAGES.passwordRequired,
    });
    expect(error.message).toBe(`Error signing in: ${FIELD_MESSAGES.emailInvalid}`);
    expect(t.server.requests).toHaveLength(0);
  });

  it('does not store an answer of the wrong shape', async () => {
    t.server.route('POST /api/auth/sign-in/email', () => ({
      json: { token: 't', user: fixtures.user },
    }));
    const error = await rejection(t.api.auth.signIn({ email: 'ada@example.com', password }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe('Error signing in: Something went wrong. Please try again.');
    expect(t.store.get()).toBeNull();
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
    t.server.route('POST /api/auth/sign-up/email', () => ({
      json: fixtures.authResult('t-up', 'r-up'),
    }));
    await t.api.auth.signUp(input);
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({
      email: 'grace@example.com',
      password,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'franchisor',
      ageConfirmed: true,
    });
    expect(t.api.credentials()?.token).toBe('t-up');
  });

  it('refuses a weak password and a missing age confirmation before sending', async () => {
    const error = await rejection(
      t.api.auth.signUp({ ...input, password: 'weak', ageConfirmed: false as unknown as true }),
    );
    expect(error.errors).toEqual({
      password: FIELD_MESSAGES.passwordRule,
      ageConfirmed: FIELD_MESSAGES.ageConfirmationRequired,
    });
    expect(t.server.requests).toHaveLength(0);
  });

  it("reports the server's refusal with its message", async () => {
    t.server.route('POST /api/auth/sign-up/email', () => ({
      status: 409,
      json: { message: 'An account with this email already exists', code: 'EMAIL_EXISTS' },
    }));
    const error = await rejection(t.api.auth.signUp(input));
    expect(error.message).toBe('Error signing up: An account with this email already exists');
    expect(t.store.get()).toBeNull();
  });
});

describe('signOut', () => {
  it('posts {} with the credentials and clears the store', async () => {
    t.server.route('POST /api/auth/sign-out', () => ({ json: { success: true } }));
    t.store.set(signedIn);
    await t.api.auth.signOut();
    const [request] = t.server.requests;
    expect(request?.body).toBe('{}');
    expect(request?.headers.authorization).toBe('Bearer old');
    expect(t.store.get()).toBeNull();
  });

  it('clears the store even when the call fails, and reports the failure', async () => {
    t.server.route('POST /api/auth/sign-out', () => ({ status: 500, raw: '' }));
    t.store.set(signedIn);
    const error = await rejection(t.api.auth.signOut());
    expect(error.message).toBe('Error signing out: Something went wrong. Please try again.');
    expect(t.store.get()).toBeNull();
  });

  it('does not call onUnauthorized when the session had already expired', async () => {
    t.server.route('POST /api/auth/sign-out', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    t.store.set(signedIn);
    await rejection(t.api.auth.signOut());
    expect(t.onUnauthorized).not.toHaveBeenCalled();
    expect(t.store.get()).toBeNull();
  });

  it('forgets the credentials first: a call during the sign-out carries none and signs nobody out', async () => {
    let answer: () => void = () => {};
    t.server.route(
      'POST /api/auth/sign-out',
      () => new Promise((done) => (answer = () => done({ json: { success: true } }))),
    );
    // The session has ended on the server: a call with the old token would be refused.
    t.server.route('POST /api/realtime/ticket', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    t.store.set(signedIn);
    const signingOut = t.api.auth.signOut();
    expect(t.store.get()).toBeNull();
    await rejection(t.api.realtime.ticket('user-u1'));
    answer();
    await signingOut;
    const signOut = t.server.requests.find((r) => r.url.endsWith('/auth/sign-out'));
    const ticket = t.server.requests.find((r) => r.url.endsWith('/realtime/ticket'));
    expect(signOut?.headers.authorization).toBe('Bearer old');
    expect(signOut?.headers[AUTH_HEADERS.refreshToken]).toBe('old-refresh');
    expect(ticket?.headers.authorization).toBeUndefined();
    expect(t.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends nothing when signed out already', async () => {
    await t.api.auth.signOut();
    expect(t.server.requests).toHaveLength(0);
  });
});

describe('activate', () => {
  it('posts token and password to users/activate and signs in', async () => {
    t.server.route('POST /api/users/activate', () => ({
      json: fixtures.authResult('t-act', 'r-act'),
    }));
    await t.api.auth.activate({ token: 'abc', password });
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({ token: 'abc', password });
    expect(t.api.credentials()?.token).toBe('t-act');
  });

  it("reports an expired link with the server's message", async () => {
    t.server.route('POST /api/users/activate', () => ({
      status: 410,
      json: { message: 'This activation link has expired', code: 'ACTIVATION_TOKEN_EXPIRED' },
    }));
    const error = await rejection(t.api.auth.activate({ token: 'abc', password }));
    expect(error.message).toBe('Error activating account: This activation link has expired');
    expect(error.code).toBe('ACTIVATION_TOKEN_EXPIRED');
  });
});

describe('forgotPassword and resetPassword', () => {
  it('post to their paths and expect {ok: true}', async () => {
    t.server.route('POST /api/auth/forgot-password', () => ({ json: { ok: true } }));
    t.server.route('POST /api/auth/reset-password', () => ({ json: { ok: true } }));
    await expect(t.api.auth.forgotPassword({ email: 'Ada@example.com' })).resolves.toBeUndefined();
    await expect(t.api.auth.resetPassword({ token: 'tok', password })).resolves.toBeUndefined();
    expect(JSON.parse(t.server.requests[0]?.body ?? '')).toEqual({ email: 'ada@example.com' });
    expect(JSON.parse(t.server.requests[1]?.body ?? '')).toEqual({ token: 'tok', password });
  });

  it('reject an answer that is not {ok: true}', async () => {
    t.server.route('POST /api/auth/forgot-password', () => ({ json: { ok: false } }));
    const error = await rejection(t.api.auth.forgotPassword({ email: 'ada@example.com' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe(
      'Error requesting password reset: Something went wrong. Please try again.',
    );
  });

  it('refuse a weak new password before sending', async () => {
    const error = await rejection(t.api.auth.resetPassword({ token: 'tok', password: 'short' }));
    expect(error.errors).toEqual({ password: FIELD_MESSAGES.passwordRule });
    expect(t.server.requests).toHaveLength(0);
  });
});
