import { ACTIVATION_TOKEN_TTL_MS, type AuthResult, FIELD_MESSAGES } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantProfile, mailOutbox, user } from '../../db/schema/index.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const send = (method: string, path: string, body: unknown, token?: string) =>
  server.fetch(path, { method, body: JSON.stringify(body), ...(token ? { token } : {}) });
/** `POST /api/auth/sign-in/email`. */
const signInWith = (email: string | undefined, password: string) =>
  send('POST', '/api/auth/sign-in/email', { email, password });
/** `POST /api/users/activate`: an activation link followed, with the password chosen. */
const activate = (token: string, password: string) =>
  send('POST', '/api/users/activate', { token, password });

describe('activation of an admin-created account (rule 6)', () => {
  const invite = (role: 'consultant' | 'franchisor' = 'consultant') =>
    server.container.accounts.createInvitedUser({
      email: `invited-${crypto.randomUUID()}@test.example`,
      firstName: 'Ivy',
      lastName: 'Invited',
      role,
    });

  it('mails the token link; the account cannot sign in until it sets a password through it', async () => {
    const invited = await invite('franchisor');
    expect(invited.link).toContain('/activate-profile-franchisor?token=');
    const [mail] = await server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.text, mailOutbox.text));
    expect(mail).toBeDefined();
    const stored = await server.container.db.query.user.findFirst({
      where: eq(user.id, invited.userId),
    });
    expect(stored?.tokenActivation).not.toBe(invited.token); // only the hash is stored
    const before = await signInWith(stored?.email, TEST_PASSWORD);
    expect(before.status).toBe(401);

    const res = await activate(invited.token, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthResult;
    expect(body.user).toMatchObject({ id: invited.userId, role: 'franchisor' });
    const profile = await server.fetch('/api/users/profile', { token: body.token });
    expect(await profile.json()).toMatchObject({ isVerified: true });
    const after = await signInWith(stored?.email, TEST_PASSWORD);
    expect(after.status).toBe(200);
    const again = await activate(invited.token, TEST_PASSWORD);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'ACTIVATION_TOKEN_INVALID' });
  });

  it('refuses an expired link with 410 and a weak password with the spec message', async () => {
    const invited = await invite();
    const weak = await activate(invited.token, 'short');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ message: FIELD_MESSAGES.passwordRule });
    await server.container.db
      .update(user)
      .set({ tokenActivationExpiresAt: new Date(Date.now() - 1) })
      .where(eq(user.id, invited.userId));
    const res = await activate(invited.token, TEST_PASSWORD);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'ACTIVATION_TOKEN_EXPIRED' });
    expect(invited.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(ACTIVATION_TOKEN_TTL_MS);
  });
});

describe('PATCH /api/users/password', () => {
  it('checks the current password, the rule and the repeat, then ends the other sessions', async () => {
    const account = await server.signUp('consultant');
    const other = await signInWith(account.user.email, account.password);
    const otherToken = ((await other.json()) as AuthResult).token;

    const wrong = await send(
      'PATCH',
      '/api/users/password',
      {
        oldPassword: 'Nope-Nope-1!',
        password: 'Fresh-Pass-22!',
        confirmPassword: 'Fresh-Pass-22!',
      },
      account.token,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      errors: { oldPassword: expect.any(String) },
    });

    const mismatch = await send(
      'PATCH',
      '/api/users/password',
      {
        oldPassword: account.password,
        password: 'Fresh-Pass-22!',
        confirmPassword: 'Fresh-Pass-23!',
      },
      account.token,
    );
    expect(await mismatch.json()).toMatchObject({
      errors: { confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch },
    });

    const weak = await send(
      'PATCH',
      '/api/users/password',
      { oldPassword: account.password, password: 'fresh', confirmPassword: 'fresh' },
      account.token,
    );
    expect(await weak.json()).toMatchObject({ errors: { password: FIELD_MESSAGES.passwordRule } });

    const ok = await send(
      'PATCH',
      '/api/users/password',
      {
        oldPassword: account.password,
        password: 'Fresh-Pass-22!',
        confirmPassword: 'Fresh-Pass-22!',
      },
      account.token,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    expect((await server.fetch('/api/users/profile', { token: account.token })).status).toBe(200);
    expect((await server.fetch('/api/users/profile', { token: otherToken })).status).toBe(401);
    const oldPassword = await signInWith(account.user.email, account.password);
    expect(oldPassword.status).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const res = await send('PATCH', '/api/users/password', {
      oldPassword: 'a',
      password: 'b',
      confirmPassword: 'b',
    });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/users (own account fields)', () => {
  it('changes only the caller, only the sent fields, and refuses a taken e-mail with 409', async () => {
    const a = await server.signUp('franchisor');
    const b = await server.signUp('franchisor');
    const res = await send('PATCH', '/api/users', { firstName: 'Renamed' }, a.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: a.user.id,
      firstName: 'Renamed',
      lastName: 'franchisor',
    });
    const taken = await send(
      'PATCH',
      '/api/users',
      { email: b.user.email, currentPassword: a.password },
      a.token,
    );
    expect(taken.status).toBe(409);
    const stored = await server.container.db.query.user.findFirst({
      where: eq(user.id, a.user.id),
    });
    expect(stored?.email).toBe(a.user.email);
    const other = await server.container.db.query.user.findFirst({ where: eq(user.id, b.user.id) });
    expect(other?.firstName).toBe('Test');
  });

  it('refuses an empty first name with the spec message', async () => {
    const a = await server.signUp('consultant');
    const res = await send('PATCH', '/api/users', { firstName: '  ' }, a.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { firstName: FIELD_MESSAGES.firstNameRequired },
    });
  });
});

describe('public profiles', () => {
  it('shows a consultant without private fields, readable without login', async () => {
    const c = await server.signUp('consultant');
    await server.container.db
      .insert(consultantProfile)
      .values({ userId: c.user.id, rateCents: 5000, bio: 'Twenty years in franchising.' });
    const res = await server.fetch(`/api/users/profile/${c.user.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: c.user.id,
      role: 'consultant',
      rate: 50,
      bio: 'Twenty years in franchising.',
    });
    for (const key of ['email', 'phone', 'tokenActivation', 'password', 'calendars'])
      expect(body).not.toHaveProperty(key);
  });

  it('answers 404 for hidden, deleted, unknown and admin profiles', async () => {
    const hidden = await server.signUp('consultant');
    await server.container.db
      .update(user)
      .set({ status: false })
      .where(eq(user.id, hidden.user.id));
    await server.container.accounts.ensureAdmin('root@test.example', TEST_PASSWORD);
    const admin = await server.container.db.query.user.findFirst({
      where: eq(user.email, 'root@test.example'),
    });
    for (const id of [hidden.user.id, 'missing', admin?.id ?? '']) {
      const res = await server.fetch(`/api/users/profile/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('admin bootstrap (rule 4)', () => {
  it('never promotes an existing non-admin who owns ADMIN_EMAIL, and says so', async () => {
    const squatter = await server.signUp('franchisor', { email: 'squat@test.example' });
    await expect(
      server.container.accounts.ensureAdmin('squat@test.example', 'Squat-Pass-1!'),
    ).resolves.toEqual({
      outcome: 'held-by-non-admin',
      userId: squatter.user.id,
      role: 'franchisor',
    });
    const stored = await server.container.db.query.user.findFirst({
      where: eq(user.email, 'squat@test.example'),
    });
    expect(stored?.role).toBe('franchisor');
    // Their own password still works, the bootstrap one does not, and their session lives on.
    const me = await server.fetch('/api/auth/me', { token: squatter.token });
    expect(me.status).toBe(200);
    const withBootstrap = await signInWith('squat@test.example', 'Squat-Pass-1!');
    expect(withBootstrap.status).toBe(401);
  });

  it('ends the admin sessions when it resets the password, and keeps them when it is unchanged', async () => {
    await server.container.accounts.ensureAdmin('keeper@test.example', 'Keep-Pass-1!');
    const signIn = async (password: string) =>
      (await (await signInWith('keeper@test.example', password)).json()) as AuthResult;
    const first = await signIn('Keep-Pass-1!');
    await server.container.accounts.ensureAdmin('keeper@test.example', 'Keep-Pass-1!');
    expect((await server.fetch('/api/auth/me', { token: first.token })).status).toBe(200);
    await server.container.accounts.ensureAdmin('keeper@test.example', 'Keep-Pass-2!');
    expect((await server.fetch('/api/auth/me', { token: first.token })).status).toBe(401);
  });

  it('creates the admin, and resets its password on the next start', async () => {
    await server.container.accounts.ensureAdmin('boss@test.example', 'First-Pass-1!');
    const first = await signInWith('boss@test.example', 'First-Pass-1!');
    expect(((await first.json()) as AuthResult).user.role).toBe('admin');
    await server.container.accounts.ensureAdmin('boss@test.example', 'Second-Pass-2!');
    expect((await signInWith('boss@test.example', 'First-Pass-1!')).status).toBe(401);
    expect((await signInWith('boss@test.example', 'Second-Pass-2!')).status).toBe(200);
  });
});
