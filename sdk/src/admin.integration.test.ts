import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from './admin.ts';
import { createClient } from './client.ts';
import { isApiError } from './errors.ts';
import { memoryTokenStore } from './token-store.ts';

const PASSWORD = 'Admin-Pass-2025!';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.container.accounts.ensureAdmin('sdk-admin@test.example', PASSWORD);
});
afterAll(async () => {
  await server.close();
});

const client = () => createClient({ baseUrl: `${server.url}/api` });

describe('the admin calls (`@fm/sdk/admin`) against the real server', () => {
  it('creates a consultant with a photo, finds them, hides them and downloads the CSV', async () => {
    const api = client();
    await api.auth.signIn({ email: 'sdk-admin@test.example', password: PASSWORD });
    const admin = createAdminApi(api);
    // A 1×1 PNG: the server checks the photo by content.
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (ch) => ch.charCodeAt(0),
    );
    const { user, activation } = await admin.createUser(
      {
        role: 'consultant',
        firstName: 'Sam',
        lastName: 'Sdk',
        email: 'sam-sdk@test.example',
        phone: '555 0101',
        region: ['USA'],
      },
      { profilePhoto: new Blob([png], { type: 'image/png' }) },
    );
    expect(user.profilePhoto).toMatch(/^\/api\/files\//);
    expect(user.region).toEqual(['USA']);
    expect(activation.link).toContain('/activate-profile?token=');
    const { users } = await admin.listUsers({ role: 'consultant', search: 'sam-sdk' });
    expect(users.map((u) => u.id)).toEqual([user.id]);
    await expect(admin.setUserVisible(user.id, false)).resolves.toMatchObject({
      displayStatus: 'hidden',
    });
    const { fileName, file } = await admin.downloadConsultants({ search: 'sam-sdk' });
    expect(fileName).toMatch(/^consultants_\d+\.csv$/);
    expect(atob(file)).toContain('sam-sdk@test.example');
    await expect(admin.getDashboard()).resolves.toMatchObject({
      consultants: { total: 1 },
    });
  });

  it('refuses bad input before sending and shows the operation text for server refusals', async () => {
    const api = client();
    await api.auth.signIn({ email: 'sdk-admin@test.example', password: PASSWORD });
    const admin = createAdminApi(api);
    const invalid = await admin
      .createUser({
        role: 'consultant',
        firstName: '',
        lastName: 'X',
        email: 'x@test.example',
        phone: '1',
      })
      .catch((error: unknown) => error);
    expect(isApiError(invalid) && invalid.message).toBe(
      "Error creating consultant: Please input user's first name!",
    );
    const missing = await admin.getUser('nobody').catch((error: unknown) => error);
    expect(isApiError(missing) && missing.status).toBe(404);

    const franchisor = await server.signUp('franchisor');
    const other = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(franchisor),
    });
    const denied = await createAdminApi(other)
      .getDashboard()
      .catch((error: unknown) => error);
    expect(isApiError(denied) && [denied.status, denied.code, denied.message]).toEqual([
      403,
      'ADMIN_ONLY',
      'Error fetching dashboard data: You do not have permission to access this page.',
    ]);
  });
});
