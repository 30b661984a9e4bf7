import { afterAll, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createClient, type FmClient } from './client.ts';
import { FIELD_MESSAGES } from './contracts/index.ts';
import { type ApiError, isApiError } from './errors.ts';
import { fixtures, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore, type TokenStore } from './token-store.ts';

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
  store = memoryTokenStore({ token: 'tok', refreshToken: 'ref', user: fixtures.user });
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

describe('getProfile', () => {
  it('gets users/profile with the credentials', async () => {
    server.route('GET /api/users/profile', () => ({ json: fixtures.ownProfile }));
    await expect(api.users.getProfile()).resolves.toEqual(fixtures.ownProfile);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('is retried exactly once on a 5xx', async () => {
    server.route('GET /api/users/profile', () => ({ status: 502, raw: 'Bad gateway' }));
    const error = await rejection(api.users.getProfile());
    expect(server.requestsTo('GET /api/users/profile')).toHaveLength(2);
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.status).toBe(502);
  });

  it('succeeds when the retry succeeds', async () => {
    let calls = 0;
    server.route('GET /api/users/profile', () =>
      ++calls === 1 ? { status: 500, raw: '' } : { json: fixtures.ownProfile },
    );
    await expect(api.users.getProfile()).resolves.toEqual(fixtures.ownProfile);
    expect(calls).toBe(2);
  });

  it('is not retried on a 401, which signs out', async () => {
    server.route('GET /api/users/profile', () => ({
      status: 401,
      json: { message: 'You are not signed in', code: 'UNAUTHORIZED' },
    }));
    const error = await rejection(api.users.getProfile());
    expect(error.message).toBe('Error fetching profile: You are not signed in');
    expect(server.requests).toHaveLength(1);
    expect(store.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('getPublicProfile', () => {
  it('URL-encodes the id and is not retried', async () => {
    server.route('GET /api/users/profile/c%2F1', () => ({ json: fixtures.consultantProfile }));
    await expect(api.users.getPublicProfile('c/1')).resolves.toEqual(fixtures.consultantProfile);
    expect(server.requests[0]?.url).toBe('/api/users/profile/c%2F1');

    server.route('GET /api/users/profile/x', () => ({ status: 503, raw: '' }));
    await rejection(api.users.getPublicProfile('x'));
    expect(server.requestsTo('GET /api/users/profile/x')).toHaveLength(1);
  });

  it("reports a missing profile with the server's message", async () => {
    const error = await rejection(api.users.getPublicProfile('nobody'));
    expect(error.message).toBe('Error fetching profile: Not found');
    expect(error.code).toBe('NOT_FOUND');
  });

  it("names the expected role's operation (user-area §8: Error fetching consultant by ID)", async () => {
    const consultant = await rejection(api.users.getPublicProfile('nobody', 'consultant'));
    expect(consultant.message).toBe('Error fetching consultant by ID: Not found');
    const franchisor = await rejection(api.users.getPublicProfile('nobody', 'franchisor'));
    expect(franchisor.message).toBe('Error fetching franchisor by ID: Not found');
  });
});

describe('changePassword', () => {
  const input = {
    oldPassword: 'Old-Pass1!',
    password: 'New-Pass1!',
    confirmPassword: 'New-Pass1!',
  };

  it('patches users/password', async () => {
    server.route('PATCH /api/users/password', () => ({ json: { ok: true } }));
    await expect(api.users.changePassword(input)).resolves.toBeUndefined();
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(input);
  });

  it('refuses mismatched passwords before sending', async () => {
    const error = await rejection(
      api.users.changePassword({ ...input, confirmPassword: 'Other-Pass1!' }),
    );
    expect(error.errors).toEqual({ confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch });
    expect(error.message).toBe(`Error updating password: ${FIELD_MESSAGES.passwordsDoNotMatch}`);
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's field errors", async () => {
    server.route('PATCH /api/users/password', () => ({
      status: 400,
      json: {
        message: 'The current password is incorrect',
        code: 'WRONG_PASSWORD',
        errors: { oldPassword: 'The current password is incorrect' },
      },
    }));
    const error = await rejection(api.users.changePassword(input));
    expect(error.message).toBe('Error updating password: The current password is incorrect');
    expect(error.errors).toEqual({ oldPassword: 'The current password is incorrect' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('updateAccount', () => {
  it('patches users with JSON, dropping undefined and empty fields', async () => {
    server.route('PATCH /api/users', () => ({
      json: { ...fixtures.ownProfile, firstName: 'Augusta' },
    }));
    const profile = await api.users.updateAccount({
      firstName: 'Augusta',
      lastName: '',
      email: undefined,
    });
    expect(profile.firstName).toBe('Augusta');
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ firstName: 'Augusta' });
  });

  it('refuses an invalid e-mail before sending', async () => {
    const error = await rejection(api.users.updateAccount({ email: 'nope' }));
    expect(error.errors).toEqual({ email: FIELD_MESSAGES.emailInvalid });
    expect(error.message).toBe(`Error updating profile: ${FIELD_MESSAGES.emailInvalid}`);
    expect(server.requests).toHaveLength(0);
  });
});
