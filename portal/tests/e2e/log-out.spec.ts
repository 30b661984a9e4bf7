import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test('Log Out asks for confirmation, clears storage and returns to the landing page', async ({
  page,
}) => {
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.evaluate(() => sessionStorage.setItem('e2e-marker', '1'));

  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Log Out' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();

  // Cancelling keeps the user signed in; focus goes back to the menu's button, by Cancel or Escape.
  const menu = page.getByRole('button', { name: /profile menu/i });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/consultants$/);
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menu).toBeFocused();

  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page
    .getByRole('alertdialog', { name: 'Log Out' })
    .getByRole('button', { name: 'Log Out' })
    .click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: localStorage.length,
    session: sessionStorage.length,
  }));
  expect(stored).toEqual({ local: 0, session: 0 });

  // The signed-in area is closed again.
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/sign-in$/);
});
