import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, FRANCHISOR_EMAIL, signInAsAdmin } from './support.ts';

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
    // More match than are listed: the form says so, and how to reach the others.
    const capped = dialog.getByText(/^Showing the first 200 franchisors by name/);
    await expect(capped).toBeVisible();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Please add user')).toBeVisible();

    // Typing asks the API once it pauses (300 ms), not once per key.
    await dialog.getByLabel('Search franchisors').pressSequentially(email, { delay: 20 });
    const option = select.locator('option', { hasText: email });
    await expect(option).toHaveCount(1);
    await expect(capped).toBeHidden();
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(searches.at(-1)).toBe(email);

    await select.selectOption({ label: (await option.textContent()) ?? '' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Franchisor added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(membersTable(page).getByText(email)).toBeVisible();
  });

  test('a franchisor row edits, deactivates, activates, hides, shows and deletes', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const stamp = Date.now();
    const token = await adminToken(request);
    const franchiseId = await createFranchise(request, token, `Row Actions Co ${stamp}`);
    const lastName = `Rowed-${stamp}`;
    const { id, email } = await signUpFranchisor(request, 'Remy', lastName);
    const added = await request.post(`/api/admin/franchisors/${id}/add/${franchiseId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(added.ok()).toBe(true);

    await page.goto(`/control-panel/franchisors/${franchiseId}`);
    const table = membersTable(page);
    const row = table.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Activated');
    const choose = async (item: string, name = `Remy ${lastName}`) => {
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: item, exact: true }).click();
    };

    // Edit: the form starts from the user; the e-mail of another account is refused (§8).
    await choose('Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Franchisor' });
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    // Signed up without a phone: the edit rules of §5 ask for one.
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await edit.getByLabel('Phone').fill('+1 555 0142');
    await edit.getByLabel('Email').fill(FRANCHISOR_EMAIL);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to update franchisor: email already exist.')).toBeVisible();
    await expect(edit.getByText('An account with this email already exists')).toBeVisible();
    await edit.getByLabel('Email').fill(email);
    await edit.getByLabel('Last Name').fill(`${lastName}-b`);
    await edit.getByLabel('Position').fill('Operations');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Franchisor updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`Remy ${lastName}-b`);
    await expect(row).toContainText('+1 555 0142');
    const renamed = `Remy ${lastName}-b`;

    await choose('Deactivate', renamed);
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    await expect(row).toContainText('Deactivated');
    await choose('Activate', renamed);
    await expect(page.getByText('User activated successfully')).toBeVisible();
    await expect(row).toContainText('Activated');

    await choose('Hide', renamed);
    await expect(page.getByText('User hidden successfully')).toBeVisible();
    await expect(row).toContainText('Hidden');
    await choose('Show', renamed);
    await expect(page.getByText('User shown successfully')).toBeVisible();
    await expect(row).toContainText('Activated');

    // Delete asks first; Cancel keeps the franchisor.
    await choose('Delete', renamed);
    const confirm = page.getByRole('alertdialog', { name: 'Delete this franchisor?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await choose('Delete', renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Franchisor deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    // The page stays on the franchise.
    await expect(page).toHaveURL(new RegExp(`/control-panel/franchisors/${franchiseId}$`));
  });
});
