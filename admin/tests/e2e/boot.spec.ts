import { ERROR_CODES, FIELD_MESSAGES, GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { expect, test } from '@playwright/test';
import { E2E_BOOTSTRAP_ADMIN } from '../../../playwright.config.ts';

// The "done when", against the real server booted by `server/src/main.ts` with
// PORT, DATABASE_URL, ADMIN_EMAIL and ADMIN_PASSWORD set.
test.describe('a booted server (rules 1, 3, 4, 6 and 7)', () => {
  test('serves the portal, the control panel, the widgets bundle and the health check on one origin', {
    tag: '@smoke',
  }, async ({ request }) => {
    const health = await request.get('/api/health');
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // The e2e server is started by Playwright's webServer through npm: the pinned Node 24, never
    // the machine's own (docs/decisions/027).
    const { runtime } = (await health.json()) as { runtime: string };
    expect(Number(/^node (\d+)\./.exec(runtime)?.[1])).toBeGreaterThanOrEqual(24);
    for (const path of ['/', '/sign-in', '/control-panel', '/control-panel/profile']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('text/html');
    }
    const widgets = await request.get('/widgets/fm-widgets.js');
    expect(widgets.status()).toBe(200);
    expect(widgets.headers()['content-type']).toContain('javascript');
    // Rule 1's address loads the loader, which defines every element on first use.
    expect(await widgets.text()).toContain('v1/loader.js');
    const loader = await request.get('/widgets/v1/loader.js');
    expect(loader.headers()['content-type']).toContain('javascript');
    expect(await loader.text()).toContain('fm-profile-card');
  });

  test('the configured admin and the three demo accounts sign in through the API', async ({
    request,
  }) => {
    const accounts = [
      { ...E2E_BOOTSTRAP_ADMIN, role: 'admin' },
      { email: 'franchisor@example.com', password: 'Demo-Pass-2025!', role: 'franchisor' },
      { email: 'consultant@example.com', password: 'Demo-Pass-2025!', role: 'consultant' },
      { email: 'admin@example.com', password: 'Demo-Pass-2025!', role: 'admin' },
    ];
    for (const account of accounts) {
      const res = await request.post('/api/auth/sign-in/email', {
        data: { email: account.email, password: account.password },
      });
      expect(res.status(), account.email).toBe(200);
      const body = await res.json();
      expect(body.user.role).toBe(account.role);
      const me = await request.get('/api/auth/me', {
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect((await me.json()).email).toBe(account.email);
    }
  });

  test('calls without a token get 401 in the error shape', async ({ request }) => {
    for (const path of ['/api/users/profile', '/api/auth/me']) {
      const res = await request.get(path);
      expect(res.status()).toBe(401);
      expect(await res.json()).toEqual({
        code: 'UNAUTHORIZED',
        message: ERROR_CODES.UNAUTHORIZED.message,
      });
    }
  });

  test("a weak password is refused with the spec's message and nobody signs up as admin", async ({
    request,
  }) => {
    const base = { firstName: 'Eve', lastName: 'Mallory', ageConfirmed: true };
    const weak = await request.post('/api/auth/sign-up/email', {
      data: { ...base, email: `weak-${Date.now()}@test.example`, password: 'weakpass' },
    });
    expect(weak.status()).toBe(400);
    expect((await weak.json()).message).toBe(FIELD_MESSAGES.passwordRule);
    const admin = await request.post('/api/auth/sign-up/email', {
      data: {
        ...base,
        email: `eve-${Date.now()}@test.example`,
        password: 'Strong-Pass-1!',
        role: 'admin',
      },
    });
    expect(admin.status()).toBe(403);
    expect((await admin.json()).code).toBe('ROLE_NOT_ALLOWED');
  });

  test('the configured admin signs in to the control panel; a consultant is refused', {
    tag: '@smoke',
  }, async ({ page }) => {
    await page.goto('/control-panel/auth/sign-in');
    await page.getByLabel('Email').fill(E2E_BOOTSTRAP_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_BOOTSTRAP_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Minimize Menu' })).toBeVisible();
    await expect(page.getByText(E2E_BOOTSTRAP_ADMIN.email)).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await page.goto('/control-panel/auth/sign-in');
    await page.getByLabel('Email').fill('consultant@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Pass-2025!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(GENERIC_MESSAGES.permissionDenied)).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/auth\/sign-in/);
  });
});
