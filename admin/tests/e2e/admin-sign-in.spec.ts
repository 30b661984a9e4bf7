import { AuthResultSchema, FIELD_MESSAGES, GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { expect, test } from '@playwright/test';
import * as v from 'valibot';
import { PAGE_TITLES } from '../../src/admin-texts.ts';
import {
  ADMIN_EMAIL,
  accountLink,
  DEMO_PASSWORD,
  FRANCHISOR_EMAIL,
  SIGN_IN_PATH,
  SIGN_IN_URL,
  sidebar,
  signInAsAdmin,
  submitSignIn,
} from './support.ts';

test.describe('admin sign-in', () => {
  test('the admin signs in and sees the sidebar with their name and e-mail', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page).toHaveURL(/\/control-panel\/?$/);
    await expect(
      page.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }),
    ).toBeVisible();

    const nav = sidebar(page).getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Consultants',
      'Franchisors',
      'Booking',
      'Payments',
      'Promotions',
      'Company Brands',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    await expect(accountLink(page)).toContainText(ADMIN_EMAIL);
    // The name shown at the bottom is the profile's.
    await accountLink(page).click();
    await expect(page).toHaveURL(/\/control-panel\/profile$/);
    const firstName = page.getByLabel('First Name', { exact: true });
    await expect(firstName).not.toHaveValue('');
    const lastName = await page.getByLabel('Last Name', { exact: true }).inputValue();
    await expect(accountLink(page)).toContainText(await firstName.inputValue());
    await expect(accountLink(page)).toContainText(lastName);
  });

  test('the form asks for a valid e-mail and a password', async ({ page }) => {
    await page.goto(SIGN_IN_PATH);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(FIELD_MESSAGES.emailInvalid)).toBeVisible();
    await expect(page.getByText(FIELD_MESSAGES.passwordRequired)).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await expect(page.getByText(FIELD_MESSAGES.emailInvalid)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await expect(page.getByText(FIELD_MESSAGES.emailInvalid)).toHaveCount(0);
  });

  test('wrong credentials keep the admin on sign-in with an error', async ({ page }) => {
    await page.goto(SIGN_IN_PATH);
    await submitSignIn(page, ADMIN_EMAIL, 'Wrong-Pass-2025!');
    await expect(page.getByRole('alert').filter({ hasText: 'Error signing in' })).toBeVisible();
    await expect(page).toHaveURL(SIGN_IN_URL);
  });

  test('a franchisor is refused and stays on admin sign-in', async ({ page }) => {
    await page.goto(SIGN_IN_PATH);
    await submitSignIn(page, FRANCHISOR_EMAIL, DEMO_PASSWORD);
    await expect(page.getByText(GENERIC_MESSAGES.permissionDenied)).toBeVisible();
    await expect(page).toHaveURL(SIGN_IN_URL);
    await expect(sidebar(page)).toHaveCount(0);

    // Nothing of the franchisor's session is kept: the control panel still asks to sign in.
    expect(await page.evaluate(() => window.localStorage.getItem('fm-admin'))).toBeNull();
    await page.goto('/control-panel');
    await expect(page).toHaveURL(SIGN_IN_URL);
  });

  test('a signed-in non-admin on an admin page is told and sent to sign-in', async ({ page }) => {
    // A franchisor's real credentials in the control panel's storage (e.g. left by an old build).
    const response = await page.request.post('/api/auth/sign-in/email', {
      data: { email: FRANCHISOR_EMAIL, password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    const { token, refreshToken, user } = v.parse(AuthResultSchema, await response.json());
    await page.goto(SIGN_IN_PATH);
    await page.evaluate(
      (credentials) => window.localStorage.setItem('fm-admin', JSON.stringify(credentials)),
      { token, refreshToken, user },
    );

    await page.goto('/control-panel/payments');
    await expect(page.getByText(GENERIC_MESSAGES.permissionDenied)).toBeVisible();
    await expect(page).toHaveURL(SIGN_IN_URL);
    await expect(sidebar(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('fm-admin'))).toBeNull();
  });

  test('a guest opening a page lands on admin sign-in, then on that page', async ({ page }) => {
    await page.goto('/control-panel/payments');
    await expect(page).toHaveURL(SIGN_IN_URL);

    await submitSignIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/control-panel\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: PAGE_TITLES.payments })).toBeVisible();
  });

  test('unknown auth paths go to sign-in', async ({ page }) => {
    await page.goto('/control-panel/auth/nowhere');
    await expect(page).toHaveURL(SIGN_IN_URL);
  });
});

test.describe('forgotten password', () => {
  const confirmation = 'If an admin account exists for this email, a reset link is on its way.';

  test('any e-mail gets the same neutral confirmation', async ({ page }) => {
    for (const email of [ADMIN_EMAIL, 'nobody-here@example.com']) {
      await page.goto(SIGN_IN_PATH);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/control-panel\/auth\/forgot-password$/);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText(confirmation)).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(SIGN_IN_URL);
  });

  test('the reset page checks both passwords before calling the server', async ({ page }) => {
    await page.goto('/control-panel/auth/reset-password');
    await expect(page.getByText('This reset link is not valid. Ask for a new one.')).toBeVisible();

    await page.goto('/control-panel/auth/reset-password?token=not-a-real-token');
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page.getByLabel('Repeat Password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(FIELD_MESSAGES.passwordRule)).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill('Fresh-Pass-2025!');
    await page.getByLabel('Repeat Password', { exact: true }).fill('Other-Pass-2025!');
    await expect(page.getByText(FIELD_MESSAGES.passwordsDoNotMatch)).toBeVisible();

    // A token the server does not know is refused; the page stays and says so.
    await page.getByLabel('Repeat Password', { exact: true }).fill('Fresh-Pass-2025!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error resetting password' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/auth\/reset-password/);
  });
});
