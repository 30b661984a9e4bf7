import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { isApiError } from './errors.ts';
import { memoryTokenStore } from './token-store.ts';

// The SDK against the real server over real HTTP.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const newClient = () => {
  const store = memoryTokenStore();
  let unauthorized = 0;
  const api = createClient({
    baseUrl: `${server.url}/api`,
    tokenStore: store,
    onUnauthorized: () => {
      unauthorized += 1;
    },
  });
  return { api, store, unauthorized: () => unauthorized };
};
const email = () => `sdk-${crypto.randomUUID()}@test.example`;
const password = 'Sdk-Pass-2025!';

describe('the SDK against the real API', () => {
  it('signs up, stores the credentials and reads the own profile', async () => {
    const { api } = newClient();
    const result = await api.auth.signUp({
      email: email(),
      password,
      firstName: 'Sam',
      lastName: 'Ray',
      role: 'consultant',
      ageConfirmed: true,
    });
    expect(api.credentials()?.user).toEqual(result.user);
    const profile = await api.users.getProfile();
    expect(profile).toMatchObject({ id: result.user.id, role: 'consultant', firstName: 'Sam' });
  });

  it("turns server errors into '{operation}: {message}'", async () => {
    const { api, unauthorized } = newClient();
    const error = await api.auth.signIn({ email: email(), password }).catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe('Error signing in: Invalid email or password');
    expect(isApiError(error) && error.status).toBe(401);
    expect(unauthorized()).toBe(0);
  });

  it('names the failed request with the id the server answered, to quote to support', async () => {
    const { api } = newClient();
    const first = await api.auth.signIn({ email: email(), password }).catch((e: unknown) => e);
    const second = await api.auth.signIn({ email: email(), password }).catch((e: unknown) => e);
    const idOf = (e: unknown) => (isApiError(e) ? e.requestId : 'not an ApiError');
    expect(idOf(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(idOf(second)).toMatch(/^[0-9a-f-]{36}$/);
    expect(idOf(first)).not.toBe(idOf(second));
  });

  it('replaces the stored tokens from response headers when the access token has expired', async () => {
    const { api, store } = newClient();
    await api.auth.signUp({
      email: email(),
      password,
      firstName: 'Kim',
      lastName: 'Ode',
      role: 'franchisor',
      ageConfirmed: true,
    });
    const before = store.get();
    await server.expireAccessToken(before?.token ?? '');
    await api.users.getProfile();
    const after = store.get();
    expect(after?.token).not.toBe(before?.token);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.user).toEqual(before?.user);
    // The renewed token works on its own.
    expect((await server.fetch('/api/users/profile', { token: after?.token ?? '' })).status).toBe(
      200,
    );
  });

  it('clears the store and calls onUnauthorized on a 401 for a signed-in call', async () => {
    const { api, store, unauthorized } = newClient();
    await api.auth.signUp({
      email: email(),
      password,
      firstName: 'Lu',
      lastName: 'Po',
      role: 'franchisor',
      ageConfirmed: true,
    });
    const creds = store.get();
    await server.fetch('/api/auth/sign-out', {
      method: 'POST',
      body: '{}',
      token: creds?.token ?? '',
      headers: { 'refresh-token': creds?.refreshToken ?? '' },
    });
    await expect(api.users.getProfile()).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toBeNull();
    expect(unauthorized()).toBe(1);
  });

  it('changes the password and keeps the session with the new refresh token', async () => {
    const { api, store } = newClient();
    const account = { email: email(), password };
    await api.auth.signUp({
      ...account,
      firstName: 'Jo',
      lastName: 'Ek',
      role: 'consultant',
      ageConfirmed: true,
    });
    const oldRefresh = store.get()?.refreshToken;
    await api.users.changePassword({
      oldPassword: password,
      password: 'Sdk-Pass-2026!',
      confirmPassword: 'Sdk-Pass-2026!',
    });
    expect(store.get()?.refreshToken).not.toBe(oldRefresh);
    await api.auth.signOut();
    expect(store.get()).toBeNull();
    await expect(api.auth.signIn(account)).rejects.toMatchObject({ status: 401 });
    await api.auth.signIn({ email: account.email, password: 'Sdk-Pass-2026!' });
    expect(store.get()).not.toBeNull();
  });

  it('reads health and the client configuration', async () => {
    const { api } = newClient();
    expect(await api.health()).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await api.config()).partyUrl).toMatch(/^http/);
  });
});
