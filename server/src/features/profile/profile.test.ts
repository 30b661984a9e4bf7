import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIELD_MESSAGES,
  FRANCHISOR_PROFILE_STEPS,
  type OwnProfile,
  OwnProfileSchema,
} from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandName, supportRequest, upload, user } from '../../db/schema/index.ts';
import { signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const patchJson = (token: string, body: unknown) =>
  server.fetch('/api/users', { method: 'PATCH', token, body: JSON.stringify(body) });
const patchForm = (token: string, form: FormData) =>
  server.fetch('/api/users', { method: 'PATCH', token, body: form });
const uploadsCount = async () => (await server.container.db.select().from(upload)).length;
const uploadedFiles = () => {
  const dir = server.container.env.UPLOADS_DIR;
  try {
    return readdirSync(join(dir, 'images'));
  } catch {
    return [];
  }
};

describe('PATCH /api/users — consultants', () => {
  it('saves general info, rate and tags, computes completeness and answers the own profile', async () => {
    const c = await server.signUp('consultant');
    const res = await patchJson(c.token, {
      bio: 'I help first-time owners choose home services brands.',
      rate: 62.5,
      experienceLevel: 5,
      industrySpecialty: ['Home Services', 'Senior Care'],
      region: ['USA'],
      city: 'Austin',
    });
    expect(res.status).toBe(200);
    const profile = v.parse(OwnProfileSchema, await res.json());
    expect(profile.consultant).toMatchObject({ rate: 62.5, experienceLevel: 5, city: 'Austin' });
    expect(profile.consultant?.industrySpecialty).toEqual(['Home Services', 'Senior Care']);
    expect(profile.profileCompleteness).toEqual(['General Info', 'Rate']);
    const pub = await (await server.fetch(`/api/users/profile/${c.user.id}`)).json();
    expect(pub).toMatchObject({
      rate: 62.5,
      bio: 'I help first-time owners choose home services brands.',
    });
  });

  it('takes multipart with repeated list items and a profile photo checked by content', async () => {
    const c = await server.signUp('consultant');
    const form = new FormData();
    form.append('firstName', 'Nora');
    form.append('region', 'USA');
    form.append('region', 'Canada');
    form.append('profilePhoto', new File([PNG], 'cropped-image.jpg', { type: 'image/jpeg' }));
    const res = await patchForm(c.token, form);
    expect(res.status).toBe(200);
    const profile = (await res.json()) as OwnProfile;
    expect(profile.firstName).toBe('Nora');
    expect(profile.consultant?.region).toEqual(['Canada', 'USA']);
    const photo = await server.fetch(profile.profilePhoto ?? '');
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses franchise fields from a consultant', async () => {
    const c = await server.signUp('consultant');
    const res = await patchJson(c.token, { franchise: { company: 'Nope' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { franchise: expect.any(String) } });
  });
});

describe('uploads are checked by content (rule 13)', () => {
  it('refuses a non-image with 415 and stores nothing', async () => {
    const c = await server.signUp('consultant');
    const before = { rows: await uploadsCount(), files: uploadedFiles().length };
    const form = new FormData();
    form.append('image', new File(['<svg onload=alert(1)>'], 'evil.png', { type: 'image/png' }));
    const res = await server.fetch('/api/users/upload-images', {
      method: 'POST',
      token: c.token,
      body: form,
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await uploadsCount()).toBe(before.rows);
    expect(uploadedFiles().length).toBe(before.files);
  });

  it('accepts a real PNG under any name', async () => {
    const c = await server.signUp('franchisor');
    const form = new FormData();
    form.append('image', new File([PNG], 'photo.bin'));
    const res = await server.fetch('/api/users/upload-images', {
      method: 'POST',
      token: c.token,
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      mime: 'image/png',
      url: expect.stringMatching(/^\/api\/files\//),
    });
  });

  it('refuses an image over 5 MB with 413', async () => {
    const c = await server.signUp('consultant');
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG);
    const form = new FormData();
    form.append('image', new File([big], 'big.png'));
    const res = await server.fetch('/api/users/upload-images', {
      method: 'POST',
      token: c.token,
      body: form,
    });
    expect(res.status).toBe(413);
  });
});

describe('a failed update changes nothing', () => {
  it('leaves the profile as it was when the photo is not an image', async () => {
    const c = await server.signUp('consultant');
    await patchJson(c.token, { bio: 'Original bio', rate: 40 });
    const rowsBefore = await uploadsCount();
    const form = new FormData();
    form.append('bio', 'Changed bio');
    form.append('rate', '90');
    form.append(
      'profilePhoto',
      new File(['not an image'], 'cropped-image.jpg', { type: 'image/jpeg' }),
    );
    const res = await patchForm(c.token, form);
    expect(res.status).toBe(415);
    const profile = (await (
      await server.fetch('/api/users/profile', { token: c.token })
    ).json()) as OwnProfile;
    expect(profile.consultant).toMatchObject({ bio: 'Original bio', rate: 40 });
    expect(await uploadsCount()).toBe(rowsBefore);
  });

  it('keeps no photo when a field is invalid', async () => {
    const f = await server.signUp('franchisor');
    const rowsBefore = await uploadsCount();
    const filesBefore = uploadedFiles().length;
    const form = new FormData();
    form.append('franchise', JSON.stringify({ company: 'Acme Tutoring', minNetWorth: '12a' }));
    form.append('logo', new File([PNG], 'cropped-image.jpg'));
    const res = await patchForm(f.token, form);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { 'franchise.minNetWorth': FIELD_MESSAGES.numbersOnly },
    });
    expect(await uploadsCount()).toBe(rowsBefore);
    expect(uploadedFiles().length).toBe(filesBefore);
    const profile = (await (
      await server.fetch('/api/users/profile', { token: f.token })
    ).json()) as OwnProfile;
    expect(profile.franchise).toBeNull();
  });

  it('rolls back every write of the request when one fails inside the transaction', async () => {
    const f = await server.signUp('franchisor');
    await patchJson(f.token, {
      franchise: { company: 'Steady Co', country: 'USA', statesRegisteredIn: ['TX'] },
    });
    const res = await patchJson(f.token, {
      firstName: 'Changed',
      franchise: { company: 'Renamed Co', statesRegisteredIn: ['TX', 'ON'] },
    });
    expect(res.status).toBe(400);
    const profile = (await (
      await server.fetch('/api/users/profile', { token: f.token })
    ).json()) as OwnProfile;
    expect(profile.firstName).toBe('Test');
    expect(profile.franchise).toMatchObject({ company: 'Steady Co', statesRegisteredIn: ['TX'] });
  });
});

describe('franchise data and completeness', () => {
  it('stores every section, applies the cash-required modes and reaches 100 %', async () => {
    const f = await server.signUp('franchisor');
    const step = async (body: unknown) => {
      const res = await patchJson(f.token, body);
      expect(res.status).toBe(200);
      return ((await res.json()) as OwnProfile).profileCompleteness;
    };
    expect(
      await step({
        franchise: {
          company: 'Golden Years Care',
          country: 'USA',
          overview: 'In-home senior care.',
          categories: ['Senior Care'],
          statesRegisteredIn: ['TX', 'FL'],
        },
      }),
    ).toEqual(['Franchise Details']);
    await step({ phone: '+1 512 555 0100' });
    const less = await patchJson(f.token, {
      franchise: { cashRequiredMode: 'less', cashRequiredMin: '99999', cashRequiredMax: '150000' },
    });
    expect(((await less.json()) as OwnProfile).franchise).toMatchObject({
      cashRequiredMin: 0,
      cashRequiredMax: 150000,
    });
    // Net worth and cash required take a minus and decimals (user-area §5); a fee does not.
    const negative = await patchJson(f.token, {
      franchise: { cashRequiredMax: '-1.5', minNetWorth: '-100.5' },
    });
    expect(((await negative.json()) as OwnProfile).franchise).toMatchObject({
      cashRequiredMax: -1.5,
      minNetWorth: -100.5,
    });
    const negativeFee = await patchJson(f.token, { franchise: { franchiseFee: '-1' } });
    expect(await negativeFee.json()).toMatchObject({
      errors: { 'franchise.franchiseFee': FIELD_MESSAGES.numbersOnly },
    });
    const investment = await patchJson(f.token, {
      franchise: {
        minNetWorth: '250000',
        cashRequiredMode: 'more',
        cashRequiredMin: '80000',
        franchiseFee: '45000',
        royalty: '5.5',
      },
    });
    const invested = (await investment.json()) as OwnProfile;
    expect(invested.franchise).toMatchObject({
      minNetWorth: 250000,
      cashRequiredMin: 80000,
      cashRequiredMax: null,
      royalty: 5.5,
    });
    await step({ franchise: { training: 'Two weeks at HQ.' } });
    const logo = new FormData();
    logo.append('logo', new File([PNG], 'cropped-image.jpg'));
    await patchForm(f.token, logo);
    const last = await step({
      franchise: { commissions: { singleUnit: 15000 }, internationalCommissions: { resale: 5000 } },
    });
    expect(last).toEqual([...FRANCHISOR_PROFILE_STEPS]);
    const profile = (await (
      await server.fetch('/api/users/profile', { token: f.token })
    ).json()) as OwnProfile;
    expect(profile.franchise?.commissions.singleUnit).toBe(15000);
    expect(profile.franchise?.internationalCommissions.resale).toBe(5000);
    expect(profile.franchise?.logo).toMatch(/^\/api\/files\//);
  });

  it('registers a brand for the admins when a franchisor first names the franchise, once', async () => {
    const f = await server.signUp('franchisor');
    const brands = () =>
      server.container.db.select().from(brandName).where(eq(brandName.userId, f.user.id));
    expect(await brands()).toHaveLength(0);
    // Other franchise fields first: no name, nothing to register.
    expect((await patchJson(f.token, { franchise: { overview: 'Swim lessons.' } })).status).toBe(
      200,
    );
    expect(await brands()).toHaveLength(0);
    expect((await patchJson(f.token, { franchise: { company: 'Aqua Tots Swim' } })).status).toBe(
      200,
    );
    expect(await brands()).toEqual([
      expect.objectContaining({
        name: 'Aqua Tots Swim',
        status: 'pending',
        userRegisteredName: `${f.user.firstName} ${f.user.lastName}`,
        userRegisteredEmail: f.user.email,
      }),
    ]);
    // Editing the name later is not a new registration.
    expect((await patchJson(f.token, { franchise: { company: 'Aqua Tots' } })).status).toBe(200);
    expect(await brands()).toHaveLength(1);
  });

  it('refuses states outside the franchise country', async () => {
    const f = await server.signUp('franchisor');
    const res = await patchJson(f.token, {
      franchise: { company: 'Maple Co', country: 'Canada', statesRegisteredIn: ['TX'] },
    });
    expect(res.status).toBe(400);
  });
});

describe('documents and FDD files', () => {
  it('keeps uploaded PDFs on the franchise, lists them, and serves them to its members and admins only', async () => {
    const f = await server.signUp('franchisor');
    await patchJson(f.token, { franchise: { company: 'Paper Trail Co' } });
    const form = new FormData();
    form.append(
      'file',
      new File(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'], 'fdd-2025.pdf'),
    );
    const uploaded = await server.fetch('/api/users/upload-documents', {
      method: 'POST',
      token: f.token,
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { id, url } = (await uploaded.json()) as { id: string; url: string };
    const saved = await patchJson(f.token, { fddFiles: [{ name: 'FDD 2025', uploadId: id }] });
    const profile = (await saved.json()) as OwnProfile;
    expect(profile.franchise?.fddFiles).toEqual([{ name: 'FDD 2025', uploadId: id, url }]);
    expect(profile.franchise?.documents).toEqual([]);
    expect((await server.fetch(url)).status).toBe(401);
    const asMember = await server.fetch(url, { token: f.token });
    expect(asMember.headers.get('content-type')).toBe('application/pdf');
    // Another member of the franchise and an admin may read it.
    const colleague = await server.signUp('franchisor');
    const [owner] = await server.container.db.select().from(user).where(eq(user.id, f.user.id));
    await server.container.db
      .update(user)
      .set({ franchiseId: owner?.franchiseId ?? null })
      .where(eq(user.id, colleague.user.id));
    expect((await server.fetch(url, { token: colleague.token })).status).toBe(200);
    expect((await server.fetch(url, { token: await signInAdmin(server) })).status).toBe(200);
    // Anyone else who knows the id gets 404, as for any private object of another user.
    const consultant = await server.signUp('consultant');
    const stranger = await server.signUp('franchisor');
    for (const token of [consultant.token, stranger.token]) {
      const res = await server.fetch(url, { token });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("refuses someone else's upload as a document", async () => {
    const a = await server.signUp('franchisor');
    const b = await server.signUp('franchisor');
    await patchJson(b.token, { franchise: { company: 'B Co' } });
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4\n%%EOF'], 'a.pdf'));
    const { id } = (await (
      await server.fetch('/api/users/upload-documents', {
        method: 'POST',
        token: a.token,
        body: form,
      })
    ).json()) as { id: string };
    const res = await patchJson(b.token, { documents: [{ name: 'Stolen', uploadId: id }] });
    expect(res.status).toBe(400);
  });
});

describe('billing contact and contact info', () => {
  it('lets any member become the only billing contact; it cannot be removed; outsiders cannot be set', async () => {
    const first = await server.signUp('franchisor');
    const second = await server.signUp('franchisor');
    const outsider = await server.signUp('franchisor');
    await patchJson(first.token, { franchise: { company: 'Duo Brands' } });
    const franchiseId = (
      await server.container.db.query.user.findFirst({ where: eq(user.id, first.user.id) })
    )?.franchiseId;
    await server.container.db.update(user).set({ franchiseId }).where(eq(user.id, second.user.id));

    const initial = await (await server.fetch('/api/profile', { token: second.token })).json();
    expect(initial).toMatchObject({ billingAddress: first.user.email });

    const set = await server.fetch('/api/profile/billing-address', {
      method: 'PATCH',
      token: second.token,
      body: JSON.stringify({ email: second.user.email }),
    });
    expect(set.status).toBe(200);
    const after = await set.json();
    expect(after.billingAddress).toBe(second.user.email);
    expect(
      after.members.filter((m: { isBillingContact: boolean }) => m.isBillingContact),
    ).toHaveLength(1);

    const removed = await server.fetch('/api/profile', {
      method: 'PATCH',
      token: first.token,
      body: JSON.stringify({ data: { billingAddress: '' } }),
    });
    expect(removed.status).toBe(422);
    expect(await removed.json()).toMatchObject({
      message: FIELD_MESSAGES.billingAddressNotDeletable,
    });

    const foreign = await server.fetch('/api/profile/billing-address', {
      method: 'PATCH',
      token: first.token,
      body: JSON.stringify({ email: outsider.user.email }),
    });
    expect(foreign.status).toBe(400);
    const still = await (await server.fetch('/api/profile', { token: first.token })).json();
    expect(still.billingAddress).toBe(second.user.email);
  });

  it("changes only the caller's own contact fields", async () => {
    const a = await server.signUp('franchisor');
    const b = await server.signUp('franchisor');
    const res = await server.fetch('/api/profile', {
      method: 'PATCH',
      token: a.token,
      body: JSON.stringify({ data: { firstName: 'Alma', phone: '555-0101', smsConsent: true } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: 'Alma',
      phone: '555-0101',
      smsConsent: true,
    });
    const other = await server.container.db.query.user.findFirst({ where: eq(user.id, b.user.id) });
    expect(other).toMatchObject({ firstName: 'Test', phone: null, smsConsent: false });
    const empty = await server.fetch('/api/profile', {
      method: 'PATCH',
      token: a.token,
      body: JSON.stringify({ data: { lastName: '' } }),
    });
    expect(await empty.json()).toMatchObject({
      errors: { 'data.lastName': FIELD_MESSAGES.lastNameRequired },
    });
  });

  it('keeps SMS consent for franchisors only', async () => {
    const c = await server.signUp('consultant');
    const res = await server.fetch('/api/profile', {
      method: 'PATCH',
      token: c.token,
      body: JSON.stringify({ data: { smsConsent: true } }),
    });
    expect(res.status).toBe(400);
  });
});

describe('account deletion, payment e-mail and support', () => {
  it('deletes the account: no sign-in, no public profile', async () => {
    const c = await server.signUp('consultant');
    await patchJson(c.token, { rate: 30 });
    const res = await server.fetch('/api/users', { method: 'DELETE', token: c.token });
    expect(res.status).toBe(200);
    expect((await server.fetch(`/api/users/profile/${c.user.id}`)).status).toBe(404);
    expect((await server.fetch('/api/users/profile', { token: c.token })).status).toBe(401);
    const signIn = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: c.user.email, password: c.password }),
    });
    expect(signIn.status).toBe(403);
  });

  it("refuses to delete an admin's account from the user area; the admin can still sign in", async () => {
    const token = await signInAdmin(server);
    const refused = await server.fetch('/api/users', { method: 'DELETE', token });
    expect(refused.status).toBe(403);
    expect((await server.fetch('/api/auth/me', { token })).status).toBe(200);
    expect(
      await server.container.db.query.user.findFirst({
        where: and(eq(user.role, 'admin'), eq(user.isDeleted, true)),
      }),
    ).toBeUndefined();
  });

  it("a deleted billing contact hands the franchise's billing on to the earliest remaining member", async () => {
    const first = await server.signUp('franchisor');
    const second = await server.signUp('franchisor');
    await patchJson(first.token, { franchise: { company: 'Leaving Brands' } });
    const franchiseId = (
      await server.container.db.query.user.findFirst({ where: eq(user.id, first.user.id) })
    )?.franchiseId;
    await server.container.db.update(user).set({ franchiseId }).where(eq(user.id, second.user.id));
    expect(
      await (await server.fetch('/api/profile', { token: second.token })).json(),
    ).toMatchObject({ billingAddress: first.user.email });

    const res = await server.fetch('/api/users', { method: 'DELETE', token: first.token });
    expect(res.status).toBe(200);
    expect(
      await (await server.fetch('/api/profile', { token: second.token })).json(),
    ).toMatchObject({ billingAddress: second.user.email });
  });

  it("changes the payment e-mail with the spec's message when empty", async () => {
    const f = await server.signUp('franchisor');
    const empty = await server.fetch('/api/users/change-stripe-email', {
      method: 'PATCH',
      token: f.token,
      body: JSON.stringify({ email: '' }),
    });
    expect(await empty.json()).toMatchObject({
      errors: { email: FIELD_MESSAGES.stripeEmailRequired },
    });
    const ok = await server.fetch('/api/users/change-stripe-email', {
      method: 'PATCH',
      token: f.token,
      body: JSON.stringify({ email: 'Billing@Acme.test' }),
    });
    expect(await ok.json()).toEqual({ ok: true, email: 'billing@acme.test' });
  });

  it("stores a support request and mails support; the messages are the spec's", async () => {
    const bad = await server.fetch('/api/users/support-request', {
      method: 'POST',
      body: JSON.stringify({ email: 'x', details: '' }),
    });
    expect(await bad.json()).toMatchObject({
      errors: { email: FIELD_MESSAGES.emailInvalid, details: FIELD_MESSAGES.detailsRequired },
    });
    const ok = await server.fetch('/api/users/support-request', {
      method: 'POST',
      body: JSON.stringify({ email: 'help@me.test', details: 'I cannot find my invoice.' }),
    });
    expect(ok.status).toBe(200);
    const rows = await server.container.db
      .select()
      .from(supportRequest)
      .where(eq(supportRequest.email, 'help@me.test'));
    expect(rows).toHaveLength(1);
  });
});
