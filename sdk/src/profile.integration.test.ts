import { EMAIL_CHANGE_PAGE_PATH, FIELD_MESSAGES } from '@fm/sdk/contracts';
import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (ch) => ch.charCodeAt(0),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const signedInClient = async (role: 'franchisor' | 'consultant') => {
  const account = await server.signUp(role);
  return createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(account) });
};

describe('profile calls through the SDK', () => {
  it('sends JSON without files and multipart with a cropped photo', async () => {
    const api = await signedInClient('consultant');
    const json = await api.profile.update({
      bio: 'Hello',
      rate: 45,
      region: ['USA'],
      company: undefined,
    });
    expect(json.consultant).toMatchObject({ bio: 'Hello', rate: 45, region: ['USA'] });
    const withPhoto = await api.profile.update(
      { region: ['USA', 'Canada'] },
      { profilePhoto: new Blob([PNG], { type: 'image/jpeg' }) },
    );
    expect(withPhoto.profilePhoto).toMatch(/^\/api\/files\//);
    expect(withPhoto.consultant?.region).toEqual(['Canada', 'USA']);
  });

  it('keeps franchise data serialised as JSON in multipart, with the logo', async () => {
    const api = await signedInClient('franchisor');
    const profile = await api.profile.update(
      { franchise: { company: 'Blue Fin Swim', country: 'USA', statesRegisteredIn: ['CA', 'WA'] } },
      { logo: new Blob([PNG]) },
    );
    expect(profile.franchise).toMatchObject({
      company: 'Blue Fin Swim',
      statesRegisteredIn: ['CA', 'WA'],
    });
    expect(profile.franchise?.logo).toMatch(/^\/api\/files\//);
  });

  it("refuses 'Please enter numbers only' before sending", async () => {
    const api = await signedInClient('franchisor');
    await expect(api.profile.update({ franchise: { minNetWorth: 'lots' } })).rejects.toMatchObject({
      status: 400,
      errors: { 'franchise.minNetWorth': FIELD_MESSAGES.numbersOnly },
    });
  });

  it('changes the e-mail with the password, then confirms it with the mailed link', async () => {
    const account = await server.signUp('consultant');
    const api = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    const to = `sdk-moved-${crypto.randomUUID().slice(0, 8)}@new.example`;
    await expect(api.profile.changeEmail({ email: to, currentPassword: '' })).rejects.toMatchObject(
      { errors: { currentPassword: FIELD_MESSAGES.passwordRequired } },
    );
    await expect(
      api.profile.changeEmail({ email: to, currentPassword: 'Wrong-Pass-1!' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'WRONG_PASSWORD',
      message: 'Error updating profile: The current password is incorrect',
    });
    const pending = await api.profile.changeEmail({
      email: to,
      currentPassword: account.password,
    });
    expect(pending).toMatchObject({ email: account.user.email, pendingEmail: to });

    const linkOf = async (address: string, kind: 'confirm' | 'undo') => {
      const mails = await server.container.db.query.mailOutbox.findMany({
        where: (mail, { eq }) => eq(mail.to, address),
      });
      const found = mails
        .map(
          (mail) => new RegExp(`${EMAIL_CHANGE_PAGE_PATH}\\?${kind}=(\\S+)`).exec(mail.text)?.[1],
        )
        .find((token) => token !== undefined);
      return decodeURIComponent(found ?? '');
    };
    const confirmed = await api.profile.confirmEmailChange(await linkOf(to, 'confirm'));
    expect(confirmed).toEqual({ ok: true, email: to });
    await expect(api.profile.confirmEmailChange('unknown.token')).rejects.toMatchObject({
      status: 404,
      code: 'EMAIL_CHANGE_LINK_INVALID',
      message:
        'Error confirming email change: This email change link is not valid or has already been used',
    });
    const undone = await api.profile.undoEmailChange(await linkOf(account.user.email, 'undo'));
    expect(undone).toEqual({ ok: true, email: account.user.email });
  });

  it('reads the contact page, sends a support request and deletes the account', async () => {
    const api = await signedInClient('franchisor');
    await api.profile.update({ franchise: { company: 'Solo Brand' } });
    const contact = await api.profile.getContact();
    expect(contact.members).toHaveLength(1);
    expect(contact.billingAddress).toBe(contact.email);
    await api.profile.sendSupportRequest({ email: 'me@solo.test', details: 'Hello there' });
    await api.profile.deleteAccount();
    expect(api.credentials()).toBeNull();
  });
});
