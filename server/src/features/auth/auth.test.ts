import { AUTH_HEADERS, type AuthResult, FIELD_MESSAGES } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, session, user } from '../../db/schema/index.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown, init: RequestInit & { token?: string } = {}) =>
  server.fetch(path, { method: 'POST', body: JSON.stringify(body), ...init });

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: `someone-${crypto.randomUUID()}@test.example`,
  password: TEST_PASSWORD,
  firstName: 'Dana',
  lastName: 'Lee',
  role: 'consultant',
  ageConfirmed: true,
  ...overrides,
});

describe('sign-up', () => {
  it('creates a user with the chosen role and answers token, refresh token and user', async () => {
    const res = await post('/api/auth/sign-up/email', signUpBody());
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthResult;
    expect(body.user.role).toBe('consultant');
    expect(body.token).toMatch(/\S{20,}/);
    expect(body.refreshToken).toMatch(/\S{20,}/);
    const me = await server.fetch('/api/auth/me', { token: body.token });
    expect(await me.json()).toMatchObject({
      id: body.user.id,
      role: 'consultant',
      firstName: 'Dana',
    });
  });

  it('reads the franchisee alias as franchisor (rule 5)', async () => {
    const res = await post('/api/auth/sign-up/email', signUpBody({ role: 'franchisee' }));
    expect(((await res.json()) as AuthResult).user.role).toBe('franchisor');
  });

  it('refuses admin as a sign-up role and stores nothing', async () => {
    const body = signUpBody({ role: 'admin' });
    const res = await post('/api/auth/sign-up/email', body);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'ROLE_NOT_ALLOWED' });
    const stored = await server.container.db.query.user.findFirst({
      where: eq(user.email, body.email),
    });
    expect(stored).toBeUndefined();
  });

  it("refuses a weak password with the spec's message", async () => {
    const res = await post('/api/auth/sign-up/email', signUpBody({ password: 'password1' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: FIELD_MESSAGES.passwordRule,
      errors: { password: FIELD_MESSAGES.passwordRule },
    });
  });

  it('requires the 18+ confirmation', async () => {
    const res = await post('/api/auth/sign-up/email', signUpBody({ ageConfirmed: false }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { ageConfirmed: FIELD_MESSAGES.ageConfirmationRequired },
    });
  });

  it('gives field messages for names and e-mail', async () => {
    const res = await post(
      '/api/auth/sign-up/email',
      signUpBody({ email: 'nope', firstName: ' ', lastName: '' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: {
        email: FIELD_MESSAGES.emailInvalid,
        firstName: FIELD_MESSAGES.firstNameRequired,
        lastName: FIELD_MESSAGES.lastNameRequired,
      },
    });
  });

  it('answers 409 when the e-mail exists, whatever its case', async () => {
    const body = signUpBody();
    expect((await post('/api/auth/sign-up/email', body)).status).toBe(200);
    const again = await post('/api/auth/sign-up/email', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'EMAIL_EXISTS' });
  });

  it('answers 400 in the error shape for a body that is not JSON', async () => {
    const res = await server.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one with 401', async () => {
    const account = await server.signUp('franchisor');
    const ok = await post('/api/auth/sign-in/email', {
      email: account.user.email,
      password: account.password,
    });
    expect(ok.status).toBe(200);
    const bad = await post('/api/auth/sign-in/email', {
      email: account.user.email,
      password: 'Wrong-Pass-1!',
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses deleted and deactivated accounts and ends their sessions', async () => {
    const deleted = await server.signUp('consultant');
    const deactivated = await server.signUp('consultant');
    const { db } = server.container;
    await db.update(user).set({ isDeleted: true }).where(eq(user.id, deleted.user.id));
    await db.update(user).set({ isDeactivated: true }).where(eq(user.id, deactivated.user.id));

    const a = await post('/api/auth/sign-in/email', {
      email: deleted.user.email,
      password: deleted.password,
    });
    expect(a.status).toBe(403);
    expect(await a.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
    const b = await post('/api/auth/sign-in/email', {
      email: deactivated.user.email,
      password: deactivated.password,
    });
    expect(b.status).toBe(403);
    expect(await b.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    // The token they held before no longer works either.
    expect((await server.fetch('/api/users/profile', { token: deleted.token })).status).toBe(401);
    const sessions = await db.select().from(session).where(eq(session.userId, deleted.user.id));
    expect(sessions.length).toBe(1); // only the one from sign-up; the refused sign-in left none
  });

  it('signs out: the token stops working', async () => {
    const account = await server.signUp('franchisor');
    const out = await post('/api/auth/sign-out', {}, { token: account.token });
    expect(out.status).toBe(200);
    expect((await server.fetch('/api/users/profile', { token: account.token })).status).toBe(401);
  });
});

describe('credentials renewal (rule 6)', () => {
  it('buys a new access token with the refresh token when the session has expired', async () => {
    const account = await server.signUp('consultant');
    await server.container.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, account.token));
    const res = await server.fetch('/api/users/profile', {
      token: account.token,
      headers: { [AUTH_HEADERS.refreshToken]: account.refreshToken },
    });
    expect(res.status).toBe(200);
    const newToken = res.headers.get(AUTH_HEADERS.newAccessToken);
    const newRefresh = res.headers.get(AUTH_HEADERS.newRefreshToken);
    expect(newToken).toBeTruthy();
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(account.refreshToken);
    expect((await server.fetch('/api/users/profile', { token: newToken ?? '' })).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is replayed after the grace window', async () => {
    const account = await server.signUp('consultant');
    const first = await server.container.refreshTokens.rotate(account.refreshToken);
    expect(first.status).toBe('rotated');
    // Within the grace window a parallel request still gets through…
    expect((await server.container.refreshTokens.rotate(account.refreshToken)).status).toBe(
      'grace',
    );
    // …but once the window has passed a replay is theft: everything in the family dies.
    const { refreshToken: table } = await import('../../db/schema/index.ts');
    const { hashToken } = await import('../../auth/tokens.ts');
    await server.container.db
      .update(table)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(table.tokenHash, hashToken(account.refreshToken)));
    expect((await server.container.refreshTokens.rotate(account.refreshToken)).status).toBe(
      'invalid',
    );
    if (first.status !== 'rotated') throw new Error('unreachable');
    expect((await server.container.refreshTokens.rotate(first.refreshToken)).status).toBe(
      'invalid',
    );
  });

  it('answers 401 in the error shape without credentials and with a bad token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await server.fetch('/api/users/profile', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'You are not signed in' });
    }
  });
});

describe('password reset by e-mail', () => {
  it('mails a link to the outbox whose token sets a new password', async () => {
    const account = await server.signUp('franchisor');
    const res = await post('/api/auth/forgot-password', { email: account.user.email });
    expect(await res.json()).toEqual({ ok: true });
    const [mail] = await server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, account.user.email));
    const token = mail?.text.match(/reset-password\?token=([^\s]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await post('/api/auth/reset-password', {
      token: decodeURIComponent(token ?? ''),
      password: 'Brand-New-Pass-9!',
    });
    expect(reset.status).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', {
      email: account.user.email,
      password: 'Brand-New-Pass-9!',
    });
    expect(signIn.status).toBe(200);
    const reused = await post('/api/auth/reset-password', {
      token: decodeURIComponent(token ?? ''),
      password: 'Another-Pass-9!',
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });

  it('answers ok for an unknown address and sends nothing', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'nobody@test.example' });
    expect(await res.json()).toEqual({ ok: true });
    const mails = await server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody@test.example'));
    expect(mails).toEqual([]);
  });
});
