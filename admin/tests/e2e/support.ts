import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Demo sign-ins of the seed (rule 3). */
export const DEMO_PASSWORD = 'Demo-Pass-2025!';
export const ADMIN_EMAIL = 'admin@example.com';
export const FRANCHISOR_EMAIL = 'franchisor@example.com';

export const SIGN_IN_PATH = '/control-panel/auth/sign-in';
/** The sign-in URL, with nothing after it (the guard keeps the destination in history state). */
export const SIGN_IN_URL = /\/control-panel\/auth\/sign-in$/;

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

/** The sidebar's bottom link: the admin's name and e-mail, leading to the profile. */
export function accountLink(page: Page): Locator {
  return sidebar(page).getByTestId('sidebar-account');
}

/** Fills and sends the admin sign-in form (the page must already be on sign-in). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the demo admin in from the sign-in page and waits for the control panel. */
export async function signInAsAdmin(page: Page, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(SIGN_IN_PATH);
  await submitSignIn(page, ADMIN_EMAIL, password);
  await expect(sidebar(page).getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Opens the profile's Change Password tab from the sidebar. */
export async function openChangePassword(page: Page): Promise<void> {
  await accountLink(page).click();
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page.getByLabel('Current Password', { exact: true })).toBeVisible();
}

/** Fills and sends the Change Password form. */
export async function submitChangePassword(
  page: Page,
  values: { current: string; next: string; repeat: string },
): Promise<void> {
  await page.getByLabel('Current Password', { exact: true }).fill(values.current);
  await page.getByLabel('New Password', { exact: true }).fill(values.next);
  await page.getByLabel('Repeat Password', { exact: true }).fill(values.repeat);
  await page.getByRole('button', { name: 'Change Password' }).click();
}
