import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test.describe('session handling', () => {
  test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(DEMO.franchisor);
    await form.getByLabel('Password', { exact: true }).fill('Wrong-Pass-2025!');
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a 401 clears all stored data and redirects to sign-in', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'fm-portal',
        JSON.stringify({
          token: 'not-a-real-token',
          refreshToken: 'not-a-real-token',
          user: {
            id: 'nobody',
            email: 'nobody@example.com',
            firstName: 'No',
            lastName: 'Body',
            role: 'franchisor',
          },
        }),
      );
      localStorage.setItem('something-else', 'x');
      sessionStorage.setItem('e2e-marker', '1');
    });
    await page.goto('/bookings');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect
      .poll(() =>
        page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
      )
      .toEqual({ local: 0, session: 0 });
  });

  test('Support opens the help modal with its validation messages', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.getByRole('button', { name: /profile menu/i }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Please input your email!')).toBeVisible();
    await expect(dialog.getByText('Please input your details!')).toBeVisible();
    await dialog.getByLabel('Email').fill('not-an-email');
    await expect(dialog.getByText('Please input a valid email!')).toBeVisible();
  });

  test('an activation link without a token says so', async ({ page }) => {
    await page.goto('/activate-profile');
    await expect(page.getByRole('alert')).toHaveText('This activation link is not valid');
  });

  test('the activation page asks for the password twice', async ({ page }) => {
    await page.goto('/activate-profile-franchisor?token=some-token');
    const form = page.getByRole('form', { name: 'Activate account' });
    await form.getByLabel('Password', { exact: true }).fill('Strong-Pass-2025!');
    await form.getByLabel('Confirm Password', { exact: true }).fill('Other-Pass-2025!');
    await form.getByRole('button', { name: 'Activate Account' }).click();
    await expect(form.getByText('The two passwords do not match!')).toBeVisible();
  });
});
