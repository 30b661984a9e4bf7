import { EMAIL_CHANGE_TEXT, FIELD_MESSAGES, TOASTS } from '@fm/sdk/contracts';
import { expect, test } from '@playwright/test';
import {
  ADMIN_EMAIL,
  accountLink,
  DEMO_PASSWORD,
  openChangePassword,
  SIGN_IN_URL,
  sidebar,
  signInAsAdmin,
  submitChangePassword,
  submitSignIn,
} from './support.ts';

test.describe('admin profile', () => {
  test('updating the first name shows it at the bottom of the sidebar', async ({ page }) => {
    await signInAsAdmin(page);
    await accountLink(page).click();
    await expect(page.getByRole('tab', { name: 'Personal Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const firstName = page.getByLabel('First Name', { exact: true });
    await expect(firstName).not.toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ADMIN_EMAIL);
    const original = await firstName.inputValue();
    const renamed = original === 'Grace' ? 'Ada' : 'Grace';

    await firstName.fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(TOASTS.adminProfileUpdated, { exact: true })).toBeVisible();
    await expect(accountLink(page)).toContainText(renamed);

    // The new name is the server's: it survives a reload.
    await page.reload();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue(renamed);
    await expect(accountLink(page)).toContainText(renamed);

    // Put the demo name back for the other tests.
    await page.getByLabel('First Name', { exact: true }).fill(original);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(accountLink(page)).toContainText(original);
  });

  test('an invalid e-mail is refused before anything is sent', async ({ page }) => {
    await signInAsAdmin(page);
    await accountLink(page).click();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(ADMIN_EMAIL);
    await email.fill('admin@');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(FIELD_MESSAGES.emailInvalid)).toBeVisible();
    await expect(accountLink(page)).toContainText(ADMIN_EMAIL);
  });

  test('a new e-mail asks for the current password and waits for the link mailed to it', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await accountLink(page).click();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(ADMIN_EMAIL);
    await expect(page.getByLabel('Current Password', { exact: true })).toHaveCount(0);
    const next = `ops-${Date.now()}@admin.example`;
    await email.fill(next);
    await page.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(EMAIL_CHANGE_TEXT.sent(next), { exact: true })).toBeVisible();
    // Until the link is opened the account keeps its address.
    await page.reload();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ADMIN_EMAIL);
    await expect(accountLink(page)).toContainText(ADMIN_EMAIL);
  });

  test('the Change Password form is checked on submit', async ({ page }) => {
    await signInAsAdmin(page);
    await openChangePassword(page);

    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(FIELD_MESSAGES.passwordRequired)).toBeVisible();
    await expect(page.getByText(FIELD_MESSAGES.newPasswordRequired)).toBeVisible();
    // The repeat is required too, with the spec's one message for it.
    await expect(page.getByText(FIELD_MESSAGES.passwordsDoNotMatch)).toBeVisible();

    await submitChangePassword(page, { current: DEMO_PASSWORD, next: 'short', repeat: 'short' });
    await expect(page.getByText(FIELD_MESSAGES.passwordRule)).toBeVisible();
  });

  test('a wrong repeat password shows that the two do not match', async ({ page }) => {
    await signInAsAdmin(page);
    await openChangePassword(page);
    await submitChangePassword(page, {
      current: DEMO_PASSWORD,
      next: 'Fresh-Pass-2025!',
      repeat: 'Fresh-Pass-2026!',
    });
    await expect(page.getByText(FIELD_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/profile/);
  });

  test('a wrong current password is reported by the server', async ({ page }) => {
    await signInAsAdmin(page);
    await openChangePassword(page);
    await submitChangePassword(page, {
      current: 'Not-The-Pass-2025!',
      next: 'Fresh-Pass-2025!',
      repeat: 'Fresh-Pass-2025!',
    });
    await expect(page.getByText(/^Error updating password: /).first()).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/profile/);
    await expect(sidebar(page)).toBeVisible();
  });

  test('a changed password ends the session and is the one that signs in', async ({ page }) => {
    const fresh = 'Fresh-Pass-2025!';
    await signInAsAdmin(page);
    await openChangePassword(page);
    await submitChangePassword(page, { current: DEMO_PASSWORD, next: fresh, repeat: fresh });
    await expect(page).toHaveURL(SIGN_IN_URL);
    await expect(sidebar(page)).toHaveCount(0);

    // The old password no longer works.
    await submitSignIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Error signing in' })).toBeVisible();
    await expect(page).toHaveURL(SIGN_IN_URL);

    // Restore the demo password through the UI, so the other tests keep working.
    await signInAsAdmin(page, fresh);
    await openChangePassword(page);
    await submitChangePassword(page, {
      current: fresh,
      next: DEMO_PASSWORD,
      repeat: DEMO_PASSWORD,
    });
    await expect(page).toHaveURL(SIGN_IN_URL);
    await signInAsAdmin(page, DEMO_PASSWORD);
    await expect(accountLink(page)).toContainText(ADMIN_EMAIL);
  });
});
