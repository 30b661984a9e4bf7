import type {
  AdminFranchiseList,
  AdminRequestList,
  AdminUserCreated,
  AdminUserDetail,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { json, ok, signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const asAdmin = (path: string, init: RequestInit = {}) =>
  server.fetch(path, { ...init, token: admin });

describe('admin requests', () => {
  it('lists the support requests users sent as User Requests, and brands named at registration as Company Brand Requests', async () => {
    const f = await server.signUp('franchisor');
    for (const [path, details] of [
      ['/api/users/support-request', 'I cannot find my invoice.'],
      ['/api/users/company-support-request', 'Please add our second brand.'],
    ] as const) {
      const sent = await server.fetch(path, {
        method: 'POST',
        token: f.token,
        body: json({ email: f.user.email, details }),
      });
      expect(sent.status).toBeLessThan(300);
    }
    const users = await ok<AdminRequestList>(asAdmin('/api/admin/requests?type=user&limit=20'));
    const mine = users.requests.filter((r) => r.userId === f.user.id);
    expect(mine.map((r) => [r.kind, r.details, r.userEmail]).sort()).toEqual([
      ['company-support', 'Please add our second brand.', f.user.email],
      ['support', 'I cannot find my invoice.', f.user.email],
    ]);
    expect(users.total).toBeGreaterThanOrEqual(2);

    const named = await server.fetch('/api/users', {
      method: 'PATCH',
      token: f.token,
      body: json({ franchise: { company: 'Lumen Learning Labs' } }),
    });
    expect(named.status).toBe(200);
    const companies = await ok<AdminRequestList>(
      asAdmin('/api/admin/requests?type=company&limit=20'),
    );
    expect(companies.requests).toContainEqual(
      expect.objectContaining({
        type: 'company',
        name: 'Lumen Learning Labs',
        status: 'pending',
        userId: f.user.id,
      }),
    );
    expect((await asAdmin('/api/admin/requests?type=nonsense')).status).toBe(400);
  });
});

describe('admin franchises list', () => {
  it('pages and searches franchises', async () => {
    for (const company of ['Quartz Cleaning Co', 'Quartz Pet Spa', 'Other Brand']) {
      await ok(
        asAdmin('/api/admin/franchises', {
          method: 'POST',
          body: json({ company, country: 'USA' }),
        }),
      );
    }
    const found = await ok<AdminFranchiseList>(asAdmin('/api/admin/franchises?search=Quartz'));
    expect(found.franchises.map((f) => f.company).sort()).toEqual([
      'Quartz Cleaning Co',
      'Quartz Pet Spa',
    ]);
    expect(found.total).toBe(2);
    const paged = await ok<AdminFranchiseList>(asAdmin('/api/admin/franchises?limit=5&page=1'));
    expect(paged.limit).toBe(5);
    expect(paged.franchises.length).toBeLessThanOrEqual(5);
    expect((await asAdmin('/api/admin/franchises?limit=7')).status).toBe(400);
  });
});

describe('admin uploads and activation links', () => {
  it('refuses a photo that is not a JPEG or PNG by content (415) and creates nothing', async () => {
    const email = `fake-photo-${crypto.randomUUID().slice(0, 8)}@test.example`;
    const form = new FormData();
    form.set('role', 'consultant');
    form.set('firstName', 'Ivy');
    form.set('lastName', 'Stone');
    form.set('email', email);
    form.set('phone', '+1 555 0101');
    form.set('profilePhoto', new Blob(['<svg onload=alert(1)>']), 'cropped-image.jpg');
    const res = await asAdmin('/api/admin/users', { method: 'POST', body: form });
    expect(res.status).toBe(415);
    const stored = await server.container.db.query.user.findFirst({
      where: eq(user.email, email),
    });
    expect(stored).toBeUndefined();
  });

  it('says when an activation link has expired, and a fresh one is valid again', async () => {
    const created = await ok<AdminUserCreated>(
      asAdmin('/api/admin/users', {
        method: 'POST',
        body: json({
          role: 'consultant',
          firstName: 'Ada',
          lastName: 'Byrne',
          email: `ada-${crypto.randomUUID().slice(0, 8)}@test.example`,
          phone: '+1 555 0102',
        }),
      }),
    );
    expect(created.activation.expired).toBe(false);
    await server.container.db
      .update(user)
      .set({ tokenActivationExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(user.id, created.user.id));
    const detail = await ok<AdminUserDetail>(asAdmin(`/api/admin/users/${created.user.id}`));
    expect(detail.activation?.expired).toBe(true);
    const fresh = await ok<{ expired: boolean; expiresAt: string }>(
      asAdmin(`/api/admin/users/${created.user.id}/activation-link`, { method: 'POST' }),
    );
    expect(fresh.expired).toBe(false);
    expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });
});
