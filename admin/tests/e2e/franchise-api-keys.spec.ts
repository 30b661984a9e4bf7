import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support.ts';

/**
 * Rule 18, decision 029: an admin manages any franchise's API keys from its detail page — a publishable key
 * with an allowed (https://) origin is created, listed with its origins and last use, and revoked
 * after a confirmation; a secret key is shown once, with a warning, and copied.
 */
test.describe('franchise API keys', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('creates a publishable key with an origin, lists it, revokes it', async ({ page }) => {
    await page.goto('/control-panel/franchisors');
    await page.getByRole('table', { name: 'Franchises' }).getByRole('link').first().click();
    const section = page.getByRole('region', { name: 'API keys' });
    const table = section.getByRole('table', { name: 'API keys' });
    await expect(table).toBeVisible();

    const name = `Partner site ${Date.now()}`;
    const form = section.getByRole('form', { name: 'Create key' });
    await form.getByRole('radio', { name: /Publishable key/ }).check();
    await form.getByLabel('Name', { exact: true }).fill(name);
    // An origin with a path is refused with the contract's message, before any request.
    await form.getByLabel('Allowed origins').fill('https://brand.example/shop');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(
      form.getByText('Use an origin such as https://www.your-brand.com (no path)'),
    ).toBeVisible();
    await expect(form.getByLabel('Allowed origins')).toHaveAttribute('aria-invalid', 'true');

    // Plain http:// off the visitor's own machine is refused by the API (decision 029): 422, at the field.
    await form.getByLabel('Allowed origins').fill('http://evil.example');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(
      form.getByText(
        'http://evil.example is not allowed: use https:// (plain http:// only for localhost and 127.0.0.1).',
      ),
    ).toBeVisible();
    await expect(form.getByLabel('Allowed origins')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Allowed origins').fill('https://brand.example:8443');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('API key created')).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Publishable');
    await expect(row).toContainText('https://brand.example:8443');
    await expect(row).toContainText(/pk_/);
    await expect(row).toContainText('Never');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke ${name}` });
    await expect(confirm).toContainText('Anything using it stops working at once.');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  });

  test('shows a new secret key once, with a warning and a copy button', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/control-panel/franchisors');
    await page.getByRole('table', { name: 'Franchises' }).getByRole('link').first().click();
    const section = page.getByRole('region', { name: 'API keys' });
    const form = section.getByRole('form', { name: 'Create key' });
    const name = `Back office ${Date.now()}`;
    await form.getByRole('radio', { name: /Secret key/ }).check();
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByRole('checkbox', { name: /meetings:write/ }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('API key created')).toBeVisible();

    const shown = section.getByRole('region', { name });
    await expect(shown.getByRole('alert')).toHaveText(
      'Copy this secret key now. It will not be shown again.',
    );
    const secret = await shown.getByLabel('Secret key').inputValue();
    expect(secret).toMatch(/^sk_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const row = section
      .getByRole('table', { name: 'API keys' })
      .getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Secret');
    await expect(row).toContainText('meetings:read');
    await expect(row).toContainText('meetings:write');
    // The list never holds the secret itself.
    await expect(row).not.toContainText(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
  });
});
