import { expect, test } from '@playwright/test';
import { DEMO, navLinkName, signIn } from './helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

test.describe('small screens (375 px)', () => {
  test('a guest opens the burger menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'How It Works' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log In' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });

  test('the burger menu closes on Escape and on a tap beside it, and holds the page still', async ({
    page,
  }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await burger.click();
    await expect(drawer).toBeVisible();
    // Focus is in the drawer; Escape closes it and gives focus back to the burger.
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();

    // While it is open the landing page under it does not scroll.
    await burger.click();
    await expect(drawer).toBeVisible();
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A tap on the backdrop beside the panel (the panel is on the right) closes it.
    const box = await drawer.boundingBox();
    expect(box?.x).toBeGreaterThan(20);
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('a signed-in consultant opens the burger menu with the My Profile section', async ({
    page,
  }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const label of [
      'Find Franchisors',
      'My Meetings',
      'Payments',
      'Messages',
      'Territory Scout',
    ]) {
      await expect(
        drawer.getByRole('link', { name: navLinkName(label), exact: true }),
      ).toBeVisible();
    }
    await expect(drawer.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'EDIT PROFILE' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /PREVIEW PROFILE/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Support' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });

  test('Support and Log Out from the burger menu open their dialogs in its place', async ({
    page,
  }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Support' });
    await expect(support).toBeVisible();
    await expect(menu).toBeHidden();
    // The drawer's closing gives focus back to the burger; the dialog takes it from there.
    await expect.poll(() => support.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    // Closed, it gives focus back to the burger that opened it.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Log Out' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log Out' });
    await expect(confirm).toBeVisible();
    await expect(menu).toBeHidden();
    await confirm.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the notifications panel is a bottom drawer', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    // Anchored to the bottom of the viewport (once its slide-in has finished).
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? Math.round(box.y + box.height) : null;
      })
      .toBe(812);
    // A drawer, not a page: the top of the screen shows the backdrop, and a tap there closes it.
    const box = await panel.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(812 * 0.75);
    await page.mouse.click(187, 40);
    await expect(panel).toBeHidden();
    // Escape closes it too, and the bell has the focus again.
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test('detail pages of my-profile hide the header and the footer', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/my-profile/change-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  });

  test('each payment of the history shows its date, amount and status without sideways scrolling', async ({
    page,
  }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Payments' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(/\$[\d,]+\.\d\d/);
    // Still a table to assistive technology, with its column names.
    await expect(table.getByRole('columnheader', { name: 'Your share' })).toBeAttached();
    for (const cell of [
      '.payments-table__date',
      '.payments-table__amount',
      '.payments-table__status',
      '.payments-table__paid',
    ]) {
      const box = await first.locator(cell).boundingBox();
      expect(box, cell).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), cell).toBeLessThanOrEqual(375);
    }
    await expect(first.locator('[data-label="Your share"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
