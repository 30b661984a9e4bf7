import {
  type AuditEntry,
  EMAIL_CHANGE_PAGE_PATH,
  EMAIL_CHANGE_UNDO_TTL_MS,
  FIELD_MESSAGES,
  type OwnProfile,
} from '@fm/sdk/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, session, user, verification } from '../../db/schema/index.ts';
import { json, ok, signInAdmin } from '../../payments/test-fixtures.ts';
import { disconnectRecorder } from '../../testing/disconnect-recorder.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** A change of one's own e-mail needs the password and both mailboxes. */

let server: TestServer;
/** How far the server's clock runs ahead of the real one. */
let aheadMs = 0;
const { realtime, disconnected } = disconnectRecorder();

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(Date.now() + aheadMs), realtime });
});
afterEach(() => {
  aheadMs = 0;
});
afterAll(() => server.close());

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const freshAddress = () => `moved-${process.pid}-${++counter}@new.example`;

const patchUsers = (token: string, body: Record<string, unknown>) =>
  server.fetch('/api/users', { method: 'PATCH', body: json(body), token });
const follow = (kind: 'confirm' | 'undo', token: string) =>
  server.fetch(`/api/users/email-change/${kind}`, { method: 'POST', body: json({ token }) });
const signIn = (email: string, password: string) =>
  server.fetch('/api/auth/sign-in/email', { method: 'POST', body: json({ email, password }) });

const stored = async (id: string) => {
  const row = await server.container.db.query.user.findFirst({ where: eq(user.id, id) });
  if (!row) throw new Error(`no user ${id}`);
  return row;
};
const mailsTo = (address: string) =>
  server.container.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
/** The token of the newest link of `kind` mailed to `address`. */
async function linkIn(address: string, kind: 'confirm' | 'undo'): Promise<string> {
  const pattern = new RegExp(`${EMAIL_CHANGE_PAGE_PATH}\\?${kind}=(\\S+)`);
  const found = (await mailsTo(address))
    .map((mail) => pattern.exec(mail.text)?.[1])
    .filter((token) => token !== undefined);
  const token = found.at(-1);
  if (!token) throw new Error(`no ${kind} link mailed to ${address}`);
  return decodeURIComponent(token);
}
const emailChangeRows = () =>
  server.container.db
    .select()
    .from(verification)
    .where(like(verification.identifier, 'email-change-%'));

/** Asks for a change to `to` with the right password; answers the PATCH's profile. */
async function requestChange(
  account: { token: string; password: string },
  to: string,
): Promise<OwnProfile> {
  return ok<OwnProfile>(
    patchUsers(account.token, { email: to, currentPassword: account.password }),
  );
}

describe('PATCH /api/users with a new e-mail', () => {
  it('refuses it without the current password or with a wrong one, and changes nothing', async () => {
    const a = await server.signUp('consultant');
    const to = freshAddress();
    const rowsBefore = (await emailChangeRows()).length;

    const missing = await patchUsers(a.token, { email: to, firstName: 'Changed' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Please input your current password to change your email!',
      errors: { currentPassword: FIELD_MESSAGES.passwordRequired },
    });

    const wrong = await patchUsers(a.token, {
      email: to,
      firstName: 'Changed',
      currentPassword: 'Not-The-Pass-1!',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      errors: { currentPassword: 'The current password is incorrect' },
    });

    const empty = await patchUsers(a.token, { email: to, currentPassword: '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: { currentPassword: FIELD_MESSAGES.passwordRequired },
    });

    const row = await stored(a.user.id);
    expect(row.email).toBe(a.user.email);
    expect(row.firstName).toBe('Test');
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await mailsTo(a.user.email)).toHaveLength(0);
    expect(await emailChangeRows()).toHaveLength(rowsBefore);
    const profile = await ok<OwnProfile>(server.fetch('/api/users/profile', { token: a.token }));
    expect(profile).toMatchObject({ email: a.user.email, pendingEmail: null });
  });

  it('keeps the address until the link mailed to the new one is opened, which works once', async () => {
    const a = await server.signUp('franchisor');
    const to = freshAddress();
    const answer = await ok<OwnProfile>(
      patchUsers(a.token, { email: to, currentPassword: a.password, firstName: 'Renamed' }),
    );
    // The other fields are saved; the e-mail only waits.
    expect(answer).toMatchObject({ email: a.user.email, pendingEmail: to, firstName: 'Renamed' });
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect(
      await ok<OwnProfile>(server.fetch('/api/users/profile', { token: a.token })),
    ).toMatchObject({ email: a.user.email, pendingEmail: to });
    expect((await signIn(to, a.password)).status).toBe(401);
    expect((await signIn(a.user.email, a.password)).status).toBe(200);

    // One mail to each address: the confirmation to the new one, the notice with undo to the old.
    const [toNew] = await mailsTo(to);
    const [toOld] = await mailsTo(a.user.email);
    expect(toNew?.subject).toMatch(/Confirm your new .* e-mail address/);
    expect(toNew?.text).toContain(`${EMAIL_CHANGE_PAGE_PATH}?confirm=`);
    expect(toOld?.subject).toMatch(/e-mail address is being changed/);
    expect(toOld?.text).toContain(to);
    expect(toOld?.text).toContain(`${EMAIL_CHANGE_PAGE_PATH}?undo=`);
    expect(toOld?.text).toContain('7 days');
    const confirm = await linkIn(to, 'confirm');
    const undo = await linkIn(a.user.email, 'undo');
    // Only hashes of the links' secrets are stored.
    const values = (await emailChangeRows()).map((r) => r.value).join('\n');
    for (const token of [confirm, undo]) {
      expect(values).not.toContain(token.slice(token.indexOf('.') + 1));
    }

    const opened = await follow('confirm', confirm);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ ok: true, email: to });
    expect((await stored(a.user.id)).email).toBe(to);
    expect(
      await ok<OwnProfile>(server.fetch('/api/users/profile', { token: a.token })),
    ).toMatchObject({ email: to, pendingEmail: null });
    expect((await signIn(to, a.password)).status).toBe(200);
    expect((await signIn(a.user.email, a.password)).status).toBe(401);

    const again = await follow('confirm', confirm);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'EMAIL_CHANGE_LINK_INVALID' });
  });

  it('needs no password for the address the account already has', async () => {
    const a = await server.signUp('consultant');
    const res = await patchUsers(a.token, { email: a.user.email, firstName: 'Same' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: a.user.email, pendingEmail: null });
    expect(await mailsTo(a.user.email)).toHaveLength(0);
  });

  it('refuses links that are unknown, forged or of the other kind', async () => {
    const a = await server.signUp('consultant');
    const to = freshAddress();
    await requestChange(a, to);
    const confirm = await linkIn(to, 'confirm');
    const undo = await linkIn(a.user.email, 'undo');
    const [id] = confirm.split('.');
    for (const [kind, token] of [
      ['confirm', 'nothing'],
      ['confirm', `${id}.forged-secret`],
      ['undo', confirm],
      ['confirm', undo],
    ] as const) {
      const res = await follow(kind, token);
      expect(res.status, `${kind} ${token}`).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'EMAIL_CHANGE_LINK_INVALID' });
    }
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect((await follow('confirm', '')).status).toBe(400);
  });

  it('a newer request replaces one not confirmed yet', async () => {
    const a = await server.signUp('franchisor');
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(a, first);
    const firstLink = await linkIn(first, 'confirm');
    expect((await requestChange(a, second)).pendingEmail).toBe(second);
    expect((await follow('confirm', firstLink)).status).toBe(404);
    expect((await follow('confirm', await linkIn(second, 'confirm'))).status).toBe(200);
    expect((await stored(a.user.id)).email).toBe(second);
  });

  it('confirms only while the new address is free (409 otherwise) and the link is fresh', async () => {
    const a = await server.signUp('consultant');
    const to = freshAddress();
    await requestChange(a, to);
    const confirm = await linkIn(to, 'confirm');
    const squatter = await server.signUp('franchisor', { email: to });
    const taken = await follow('confirm', confirm);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'EMAIL_EXISTS' });
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect((await stored(squatter.user.id)).email).toBe(to);

    // Taken when asked: refused at once, after the password.
    const refused = await patchUsers(a.token, { email: to, currentPassword: a.password });
    expect(refused.status).toBe(409);

    const b = await server.signUp('consultant');
    const late = freshAddress();
    await requestChange(b, late);
    aheadMs = DAY_MS + 60_000;
    const expired = await follow('confirm', await linkIn(late, 'confirm'));
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ code: 'EMAIL_CHANGE_LINK_EXPIRED' });
    expect((await stored(b.user.id)).email).toBe(b.user.email);
  });
});

describe('the undo link mailed to the old address', () => {
  it('before confirmation: cancels the change and signs the account out everywhere', async () => {
    const a = await server.signUp('consultant');
    const to = freshAddress();
    await requestChange(a, to);
    const res = await follow('undo', await linkIn(a.user.email, 'undo'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: a.user.email });
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect((await follow('confirm', await linkIn(to, 'confirm'))).status).toBe(404);
    // Every session ended, its refresh tokens and sockets too.
    const db = server.container.db;
    expect(await db.select().from(session).where(eq(session.userId, a.user.id))).toHaveLength(0);
    expect((await server.fetch('/api/users/profile', { token: a.token })).status).toBe(401);
    expect(disconnected).toContain(a.user.id);
    const again = await signIn(a.user.email, a.password);
    expect(again.status).toBe(200);
    const { token } = (await again.json()) as { token: string };
    expect(await ok<OwnProfile>(server.fetch('/api/users/profile', { token }))).toMatchObject({
      email: a.user.email,
      pendingEmail: null,
    });
  });

  it('within 7 days restores the old address after the change took effect, and works once', async () => {
    const a = await server.signUp('franchisor');
    const to = freshAddress();
    await requestChange(a, to);
    const undo = await linkIn(a.user.email, 'undo');
    expect((await follow('confirm', await linkIn(to, 'confirm'))).status).toBe(200);
    expect((await stored(a.user.id)).email).toBe(to);
    // Whoever took the account asks for a password reset at the new address…
    await server.fetch('/api/auth/forgot-password', { method: 'POST', body: json({ email: to }) });
    expect(
      await server.container.db
        .select()
        .from(verification)
        .where(eq(verification.value, a.user.id)),
    ).not.toHaveLength(0);

    aheadMs = EMAIL_CHANGE_UNDO_TTL_MS - DAY_MS;
    const res = await follow('undo', undo);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: a.user.email });
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    // …whose link the undo drops.
    expect(
      await server.container.db
        .select()
        .from(verification)
        .where(eq(verification.value, a.user.id)),
    ).toHaveLength(0);
    aheadMs = 0;
    expect((await signIn(a.user.email, a.password)).status).toBe(200);
    expect((await signIn(to, a.password)).status).toBe(401);
    const again = await follow('undo', undo);
    expect(again.status).toBe(404);
  });

  it('after 7 days is refused and changes nothing', async () => {
    const a = await server.signUp('consultant');
    const to = freshAddress();
    await requestChange(a, to);
    const undo = await linkIn(a.user.email, 'undo');
    expect((await follow('confirm', await linkIn(to, 'confirm'))).status).toBe(200);
    aheadMs = EMAIL_CHANGE_UNDO_TTL_MS + 60_000;
    const res = await follow('undo', undo);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'EMAIL_CHANGE_LINK_EXPIRED' });
    expect((await stored(a.user.id)).email).toBe(to);
  });

  it("of the first change wins over later changes' undo links", async () => {
    const a = await server.signUp('franchisor');
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(a, first);
    const ownersUndo = await linkIn(a.user.email, 'undo');
    expect((await follow('confirm', await linkIn(first, 'confirm'))).status).toBe(200);
    await requestChange(a, second);
    const laterUndo = await linkIn(first, 'undo');
    expect((await follow('confirm', await linkIn(second, 'confirm'))).status).toBe(200);

    expect((await follow('undo', ownersUndo)).status).toBe(200);
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    // The later link (mailed to an address the owner may not hold) cannot take it back.
    expect((await follow('undo', laterUndo)).status).toBe(404);
    expect((await stored(a.user.id)).email).toBe(a.user.email);
  });
});

describe('an admin changing a user’s e-mail in the control panel', () => {
  it('changes it at once, audited as before, with no links', async () => {
    const admin = await signInAdmin(server);
    const c = await server.signUp('consultant');
    const to = freshAddress();
    const res = await server.fetch(`/api/admin/users/${c.user.id}`, {
      method: 'PATCH',
      body: json({ email: to }),
      token: admin,
    });
    expect(res.status).toBe(200);
    expect((await stored(c.user.id)).email).toBe(to);
    expect(await mailsTo(to)).toHaveLength(0);
    const audit = await ok<{ entries: AuditEntry[] }>(
      server.fetch(`/api/admin/audit?entityType=user&entityId=${c.user.id}`, { token: admin }),
    );
    expect(audit.entries[0]).toMatchObject({ action: 'user.update' });
    expect(audit.entries[0]?.before).toMatchObject({ email: c.user.email });
    expect(audit.entries[0]?.after).toMatchObject({ email: to });
  });
});
