import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, signInAsAdmin } from './support.ts';

/** A franchisor who signs up by themselves (verified, in no franchise yet). */
async function signUpFranchisor(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
): Promise<{ id: string; email: string }> {
  const email = `${lastName.toLowerCase()}@example.com`;
  const response = await request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName,
      lastName,
      role: 'franchisor',
      ageConfirmed: true,
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email };
}

/** The admin's bearer token, for setting the scene through the API. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A franchise of this test's own, so that no seeded franchise (the portal's tests use them) changes. */
async function createFranchise(request: APIRequestContext, token: string, company: string) {
  const response = await request.post('/api/admin/franchises', {
    headers: { authorization: `Bearer ${token}` },
    data: { company },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function membersTable(page: Page) {
  return page.getByRole('table', { name: /^Franchisors of / });
}

test.describe('the franchisors of a franchise', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('Add Existing Franchisor finds, by search, a franchisor beyond the first 200', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    // Last in the API's name order, so never among the 200 it answers without a search.
    const { email } = await signUpFranchisor(request, 'Zzyzx', `Late-${stamp}`);
    const franchiseId = await createFranchise(
      request,
      await adminToken(request),
      `Search Co ${stamp}`,
    );
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/admin/franchisors' && url.searchParams.has('search')) {
        searches.push(url.searchParams.get('search') ?? '');
      }
    });

    await page.goto(`/control-panel/franchisors/${franchiseId}`);
    await page.getByRole('button', { name: 'Add Existing Franchisor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Existing Franchisor' });
    const select = dialog.getByLabel('Franchisor', { exact: true });
    await expect(select.locator('option').nth(1)).toBeAttached();
    await expect(select.locator('option', { hasText: email })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Please add user')).toBeVisible();

    // Typing asks the API once it pauses (300 ms), not once per key.
    await dialog.getByLabel('Search franchisors').pressSequentially(email, { delay: 20 });
    const option = select.locator('option', { hasText: email });
    await expect(option).toHaveCount(1);
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(searches.at(-1)).toBe(email);

    await select.selectOption({ label: (await option.textContent()) ?? '' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Franchisor added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(membersTable(page).getByText(email)).toBeVisible();
  });
});
