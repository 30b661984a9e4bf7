import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support.ts';

/**
 * Keyboard users: a dialog of the control panel gives focus back to what opened it when it closes
 * (Escape or Cancel), instead of dropping it on the page's body — also when it was opened from an
 * Actions menu, whose item is gone by then.
 */

test.describe('focus after a dialog closes', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('a confirmation opened from the Actions menu gives focus back to Actions', async ({
    page,
  }) => {
    await page.goto('/control-panel/consultants');
    const table = page.getByRole('table', { name: 'Consultants' });
    await table.getByRole('link').first().click();
    const actions = page.getByRole('button', { name: /^Actions/ });
    await actions.focus();
    await page.keyboard.press('Enter');
    const remove = page.getByRole('menuitem', { name: 'Delete' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(actions).toBeFocused();

    // Cancel does the same.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(actions).toBeFocused();
  });

  test('Create Promotion gives focus back to its button', async ({ page }) => {
    await page.goto('/control-panel/promotions');
    const create = page.getByRole('button', { name: 'Create Promotion' }).first();
    await create.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(create).toBeFocused();
  });
});
