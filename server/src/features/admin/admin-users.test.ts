import type {
  AdminUserCreated,
  AdminUserDetail,
  AdminUserList,
  AuditEntry,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshToken, session, user } from '../../db/schema/index.ts';
import { json, ok } from '../../payments/test-fixtures.ts';
import { disconnectRecorder } from '../../testing/disconnect-recorder.ts';
import { adminTestWorld } from '../../testing/test-world.ts';

const { realtime, disconnected } = disconnectRecorder();
const world = adminTestWorld({ realtime });
const { asAdmin } = world;

async function createConsultant(overrides: Record<string, unknown> = {}) {
  return ok<AdminUserCreated>(
    asAdmin('/api/admin/users', {
      method: 'POST',
      body: json({
        role: 'consultant',
        firstName: 'Nora',
        lastName: 'Quill',
        email: `nora-${crypto.randomUUID().slice(0, 8)}@test.example`,
        phone: '+1 555 0100',
        rate: 75,
        region: ['USA', 'Canada'],
        ...overrides,
      }),
    }),
  );
}

describe('admin users', () => {
  it('guards every route: 401 for guests, 403 ADMIN_ONLY for franchisors and consultants', async () => {
    const franchisor = await world.server.signUp('franchisor');
    const consultant = await world.server.signUp('consultant');
    for (const path of [
      '/api/admin/users?role=consultant',
      '/api/admin/dashboard',
      '/api/admin/franchises',
      '/api/admin/sessions',
    ]) {
      expect((await world.server.fetch(path)).status).toBe(401);
      for (const token of [franchisor.token, consultant.token]) {
        const res = await world.server.fetch(path, { token });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
      }
    }
    const res = await world.server.fetch('/api/admin/users', {
      method: 'POST',
      token: consultant.token,
      body: json({ role: 'consultant' }),
    });
    expect(res.status).toBe(403);
  });

  it('creates a consultant with an activation link the admin sees again, and activation works through the real flow', async () => {
    const created = await createConsultant();
    expect(created.user).toMatchObject({
      role: 'consultant',
      firstName: 'Nora',
      rate: 75,
      region: ['Canada', 'USA'],
      isVerified: false,
      displayStatus: '-',
    });
    expect(created.activation.link).toMatch(/\/activate-profile\?token=/);
    const detail = await ok<AdminUserDetail>(asAdmin(`/api/admin/users/${created.user.id}`));
    expect(detail.activation?.link).toBe(created.activation.link);

    // A fresh link replaces the old one.
    const fresh = await ok<{ link: string; expiresAt: string }>(
      asAdmin(`/api/admin/users/${created.user.id}/activation-link`, { method: 'POST' }),
    );
    expect(fresh.link).not.toBe(created.activation.link);
    const oldToken = new URL(created.activation.link).searchParams.get('token');
    const token = new URL(fresh.link).searchParams.get('token');
    const stale = await world.server.fetch('/api/users/activate', {
      method: 'POST',
      body: json({
        token: oldToken,
        password: 'Nora-Pass-2025!',
        confirmPassword: 'Nora-Pass-2025!',
      }),
    });
    expect(stale.status).toBe(404);
    await ok(
      world.server.fetch('/api/users/activate', {
        method: 'POST',
        body: json({ token, password: 'Nora-Pass-2025!', confirmPassword: 'Nora-Pass-2025!' }),
      }),
    );
    const after = await ok<AdminUserDetail>(asAdmin(`/api/admin/users/${created.user.id}`));
    expect(after).toMatchObject({ isVerified: true, displayStatus: 'active', activation: null });
    const again = await asAdmin(`/api/admin/users/${created.user.id}/activation-link`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
  });

  it("refuses bad input with the spec's texts and writes nothing", async () => {
    const before = await world.server.container.db.select({ id: user.id }).from(user);
    const res = await asAdmin('/api/admin/users', {
      method: 'POST',
      body: json({ role: 'consultant', firstName: ' ', lastName: '', email: 'nope', phone: '' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toMatchObject({
      firstName: "Please input user's first name!",
      lastName: "Please input user's last name!",
      email: 'Please input a valid email!',
      // admin-panel §5: the phone rule's message mentions first name.
      phone: "Please input user's first name!",
    });
    const missing = await asAdmin('/api/admin/users', {
      method: 'POST',
      body: json({ role: 'consultant', firstName: 'A', lastName: 'B', phone: '1' }),
    });
    expect(((await missing.json()) as { errors: Record<string, string> }).errors.email).toBe(
      "Please input user's email!",
    );
    expect(await world.server.container.db.select({ id: user.id }).from(user)).toHaveLength(
      before.length,
    );
    expect((await asAdmin('/api/admin/users?role=admin')).status).toBe(400);
    expect((await asAdmin('/api/admin/users?role=consultant&limit=7')).status).toBe(400);
    expect((await asAdmin('/api/admin/users/no-such-user')).status).toBe(404);
  });

  it('lists hidden, deactivated and deleted users with the display rules, and franchisee reads as franchisor', async () => {
    const hidden = await createConsultant({ firstName: 'Hidden' });
    await ok(
      asAdmin(`/api/admin/users/${hidden.user.id}`, {
        method: 'PATCH',
        body: json({ status: false }),
      }),
    );
    const shown = await ok<AdminUserList>(
      asAdmin('/api/admin/users?role=consultant&status=hidden&limit=20'),
    );
    // Unverified comes after hidden for consultants (first match wins).
    expect(shown.users.map((u) => u.id)).toContain(hidden.user.id);
    expect(shown.users.find((u) => u.id === hidden.user.id)?.displayStatus).toBe('hidden');

    const f = await world.server.signUp('franchisor');
    const a = await ok<AdminUserList>(asAdmin('/api/admin/users?role=franchisor&limit=20'));
    const b = await ok<AdminUserList>(asAdmin('/api/admin/users?role=franchisee&limit=20'));
    expect(a).toEqual(b);
    expect(a.users.find((u) => u.id === f.user.id)?.displayStatus).toBe('Activated');
    expect(a).toMatchObject({ page: 1, limit: 20 });
  });

  it('deactivating ends sessions, refresh tokens and sockets at once; deleting too', async () => {
    const c = await world.server.signUp('consultant');
    expect((await world.server.fetch('/api/users/profile', { token: c.token })).status).toBe(200);
    const detail = await ok<AdminUserDetail>(
      asAdmin(`/api/admin/users/${c.user.id}`, {
        method: 'PATCH',
        body: json({ isDeactivated: true }),
      }),
    );
    expect(detail.displayStatus).toBe('deactivated');
    expect(disconnected).toContain(c.user.id);
    const db = world.server.container.db;
    expect(await db.select().from(session).where(eq(session.userId, c.user.id))).toHaveLength(0);
    const tokens = await db.select().from(refreshToken).where(eq(refreshToken.userId, c.user.id));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await world.server.fetch('/api/users/profile', { token: c.token })).status).toBe(401);
    const signIn = await world.server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: json({ email: c.user.email, password: c.password }),
    });
    expect(signIn.status).toBe(403);

    const d = await world.server.signUp('franchisor');
    await ok(asAdmin(`/api/admin/users/${d.user.id}`, { method: 'DELETE' }));
    expect(disconnected).toContain(d.user.id);
    expect((await world.server.fetch('/api/users/profile', { token: d.token })).status).toBe(401);
    const row = await ok<AdminUserDetail>(asAdmin(`/api/admin/users/${d.user.id}`));
    expect(row.displayStatus).toBe('Deleted');

    const audit = await ok<{ entries: AuditEntry[] }>(
      asAdmin(`/api/admin/audit?entityType=user&entityId=${c.user.id}`),
    );
    expect(audit.entries[0]).toMatchObject({ action: 'user.deactivate', entityId: c.user.id });
    expect(audit.entries[0]?.before).toMatchObject({ isDeactivated: false });
    expect(audit.entries[0]?.after).toMatchObject({ isDeactivated: true });
    expect(JSON.stringify(audit.entries)).not.toMatch(/tokenActivation"|tokenActivationSealed/);
  });

  it('edits a consultant and records before and after', async () => {
    const created = await createConsultant();
    const edited = await ok<AdminUserDetail>(
      asAdmin(`/api/admin/users/${created.user.id}`, {
        method: 'PATCH',
        body: json({ rate: 90, city: 'Austin', industrySpecialty: ['Fitness'] }),
      }),
    );
    expect(edited).toMatchObject({ rate: 90, city: 'Austin', industrySpecialty: ['Fitness'] });
    const bad = await asAdmin(`/api/admin/users/${created.user.id}`, {
      method: 'PATCH',
      body: json({ firstName: '' }),
    });
    expect(bad.status).toBe(400);
    const audit = await ok<{ entries: AuditEntry[]; total: number }>(
      asAdmin(`/api/admin/audit?entityType=user&entityId=${created.user.id}`),
    );
    expect(audit.entries.map((e) => e.action)).toEqual(['user.update', 'user.create']);
  });

  it('creates a franchisor user inside a franchise as its billing contact, with the franchisor activation page', async () => {
    const f = await ok<{ id: string }>(
      asAdmin('/api/admin/franchises', { method: 'POST', body: json({ company: 'Admin Brand' }) }),
    );
    const created = await ok<AdminUserCreated>(
      asAdmin('/api/admin/users', {
        method: 'POST',
        body: json({
          role: 'franchisee',
          franchiseId: f.id,
          firstName: 'Fran',
          lastName: 'Chise',
          email: 'fran-admin@test.example',
          phone: '555',
        }),
      }),
    );
    expect(created.activation.link).toMatch(/\/activate-profile-franchisor\?token=/);
    expect(created.user).toMatchObject({
      displayStatus: 'Inactive',
      franchise: { id: f.id, company: 'Admin Brand' },
      billingAddress: 'fran-admin@test.example',
    });
    const dup = await asAdmin('/api/admin/users', {
      method: 'POST',
      body: json({
        role: 'franchisor',
        franchiseId: f.id,
        firstName: 'Fran',
        lastName: 'Chise',
        email: 'fran-admin@test.example',
        phone: '555',
      }),
    });
    expect(dup.status).toBe(409);
  });
});
