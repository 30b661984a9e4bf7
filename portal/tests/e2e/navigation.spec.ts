import { expect, test } from '@playwright/test';
import { apiSignUp, DEMO, navLinkName, signIn, writeToDemoFranchisor } from './helpers.ts';

test.describe('navigation and guards', () => {
  test('a guest opening /bookings is sent to sign-in', async ({ page }) => {
    await page.goto('/bookings');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });

  test('unknown auth paths redirect to sign-in', async ({ page }) => {
    await page.goto('/sign-in/something-else');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("the guest header's links all lead to sign-in", async ({ page }) => {
    await page.goto('/privacy-policy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['My Profile', 'Messages', 'My Meetings', 'Payments']) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', '/sign-in');
    }
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('the demo franchisor signs in and sees the franchisor navigation', async ({
    page,
    request,
    baseURL,
  }) => {
    await writeToDemoFranchisor(request, baseURL!);
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Consultants' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Find Consultants',
      'My Meetings',
      'Payments',
      'Messages',
      'Territory Scout',
    ]) {
      await expect(nav.getByRole('link', { name: navLinkName(label), exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Find Franchisors' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    // The demo franchisor has an unread message: the badge shows how many.
    await expect(nav.getByTestId('unread-badge')).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Messages \d+ unread$/ })).toBeVisible();
  });

  test('the demo consultant signs in and sees Find Franchisors', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Franchisors' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Find Franchisors' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Find Consultants' })).toHaveCount(0);
  });

  test("another role's my-profile section sends the user back to My Profile", async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    // Referral Fee is a franchisor's section.
    await page.goto('/my-profile/referral-fee');
    await expect(page).toHaveURL(/\/my-profile$/);
    await page.goto('/my-profile/account-status');
    await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();
  });

  test('the profile menu offers the spec entries; Settings opens change password', async ({
    page,
  }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.getByRole('button', { name: /profile menu/i }).click();
    const menu = page.getByRole('menu');
    for (const label of [
      'Edit Profile',
      'Preview Profile',
      'Settings',
      'Tutorial',
      'Support',
      'Log Out',
    ]) {
      await expect(menu.getByRole('menuitem', { name: label })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/my-profile\/change-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  });

  test('Change Password: the three fields are checked, then the new password signs in', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await apiSignUp(request, baseURL!, {
      prefix: 'e2e-change-password',
      firstName: 'Cora',
      lastName: 'Change',
      role: 'consultant',
    });
    await signIn(page, email, /\/franchisors$/);
    // A new account's tour opens first (once).
    const tour = page.getByTestId('tutorial');
    await expect(tour).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
    await page.goto('/my-profile/change-password');
    const submit = page.getByRole('button', { name: 'Change Password' });
    await submit.click();
    await expect(page.getByText('Please input your password!')).toBeVisible();
    await expect(page.getByText('Please input your new password!')).toBeVisible();
    await expect(page.getByText('The two passwords do not match!')).toBeVisible();

    const next = 'Changed-Pass-2026!';
    await page.getByLabel('Current Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('New Password', { exact: true }).fill(next);
    await page.getByLabel('Repeat Password', { exact: true }).fill(next);
    await submit.click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    const signedIn = await request.post('/api/auth/sign-in/email', {
      data: { email, password: next },
      headers: { Origin: baseURL! },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  });

  test('the bell counts unread notifications; the panel pages through them and opens one', async ({
    page,
  }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    // The demo franchisor has unread notifications in the seed.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    const unread = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    expect(unread).toBeGreaterThan(1);
    await expect(page.getByTestId('bell-badge')).toHaveText(String(unread));

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByTestId('notification');
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(/ago|yesterday|just now|\d{4}/);
    // Scrolling near the end loads the next page of 10.
    await panel.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(items).toHaveCount(20);

    // Opening an unread one leads to its page and counts it read.
    const first = panel.locator('.notification--unread').first();
    await first.click();
    await expect(page).not.toHaveURL(/\/consultants$/);
    await expect(
      page.getByRole('button', { name: `Notifications, ${unread - 1} unread` }),
    ).toBeVisible();
    // Still read after a reload: the server has it.
    await page.reload();
    await expect(
      page.getByRole('button', { name: `Notifications, ${unread - 1} unread` }),
    ).toBeVisible();
  });

  test('a signed-in user sees "Back to Platform" on the landing page', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Back to Platform' }).click();
    await expect(page).toHaveURL(/\/consultants$/);
  });

  test('public profiles are viewable without signing in', async ({ page, context }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    const credentials = await page.evaluate(() => localStorage.getItem('fm-portal'));
    const id = credentials ? (JSON.parse(credentials) as { user: { id: string } }).user.id : '';
    expect(id).not.toBe('');

    const guest = await context.browser()!.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${new URL(page.url()).origin}/consultants/${id}`);
    await expect(guestPage).toHaveURL(new RegExp(`/consultants/${id}$`));
    await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guestPage.getByRole('heading', { level: 1 })).not.toHaveText('Profile not found');
    await guest.close();
  });
});
