import { expect, type Page } from '@playwright/test';

/** Demo sign-ins seeded by the server (decision D3). */
export const DEMO = {
  password: 'Demo-Pass-2025!',
  franchisor: 'franchisor@example.com',
  consultant: 'consultant@example.com',
  admin: 'admin@example.com',
} as const;

/** The spec's password rule message (user-area §5). */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character.';

/**
 * The accessible name of a navigation link: Messages also reads its unread badge
 * ("Messages 3 unread") when there is something unread.
 */
export function navLinkName(label: string): string | RegExp {
  return label === 'Messages' ? /^Messages( \d+\+? unread)?$/ : label;
}

/** An e-mail address no earlier run has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs in through the sign-in page and waits for the role's home. */
export async function signIn(page: Page, email: string, home: RegExp): Promise<void> {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(home);
}
