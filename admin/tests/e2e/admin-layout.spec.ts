import { expect, test } from '@playwright/test';
import { PAGE_TITLES } from '../../src/admin-texts.ts';
import { DISPUTE_PAGE_TITLES } from '../../src/features/disputes/dispute-paths.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, SIGN_IN_URL, sidebar, signInAsAdmin } from './support.ts';

test.describe('admin layout', () => {
  test('Minimize Menu collapses the sidebar and the choice is remembered', async ({ page }) => {
    await signInAsAdmin(page);
    const aside = sidebar(page);
    const wide = (await aside.boundingBox())?.width ?? 0;

    await aside.getByRole('button', { name: 'Minimize Menu' }).click();
    await expect(aside).toHaveAttribute('data-collapsed', 'true');
    const expand = aside.getByRole('button', { name: 'Expand Menu' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await aside.boundingBox())?.width ?? 0).toBeLessThan(wide);
    // Collapsed, the links keep their names for assistive technology.
    await expect(aside.getByRole('link', { name: 'Payments', exact: true })).toBeVisible();

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');

    await sidebar(page).getByRole('button', { name: 'Expand Menu' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'false');
    await expect(sidebar(page).getByRole('button', { name: 'Minimize Menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test("the screens' times are in the admin's zone, and the switch saves it on their profile", async ({
    page,
    request,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    const label = page.getByTestId('time-zone-label');
    await expect(label).toContainText('Times in');
    try {
      await label.getByRole('button', { name: 'change' }).click();
      await label.getByLabel('Time zone').selectOption('Pacific/Honolulu');
      await expect(label).toHaveText('Times in Pacific/Honolulu · change');
      // On the profile: a new page load keeps it.
      await page.reload();
      await expect(page.getByTestId('time-zone-label')).toHaveText(
        'Times in Pacific/Honolulu · change',
      );
    } finally {
      // The demo admin goes back to no chosen zone for the other tests.
      const signIn = await request.post('/api/auth/sign-in/email', {
        data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
        headers: { Origin: baseURL ?? '' },
      });
      const { token } = (await signIn.json()) as { token: string };
      const reset = await request.patch('/api/users', {
        headers: { Authorization: `Bearer ${token}`, Origin: baseURL ?? '' },
        data: { timeZone: null },
      });
      expect(reset.status()).toBe(200);
    }
  });

  test('every section of the sidebar opens its page', async ({ page }) => {
    await signInAsAdmin(page);
    const sections = [
      { link: 'Consultants', path: '/control-panel/consultants', heading: PAGE_TITLES.consultants },
      { link: 'Franchisors', path: '/control-panel/franchisors', heading: PAGE_TITLES.franchises },
      { link: 'Booking', path: '/control-panel/bookings', heading: PAGE_TITLES.bookings },
      { link: 'Payments', path: '/control-panel/payments', heading: PAGE_TITLES.payments },
      { link: 'Disputes', path: '/control-panel/disputes', heading: DISPUTE_PAGE_TITLES.list },
      { link: 'Promotions', path: '/control-panel/promotions', heading: PAGE_TITLES.promotions },
      {
        link: 'Company Brands',
        path: '/control-panel/brand-names',
        heading: PAGE_TITLES.brandNames,
      },
      { link: 'Dashboard', path: '/control-panel', heading: PAGE_TITLES.dashboard },
    ];
    for (const section of sections) {
      const link = sidebar(page).getByRole('link', { name: section.link, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${section.path}/?$`));
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
    }
  });

  test('the pages without a sidebar entry exist too', async ({ page }) => {
    await signInAsAdmin(page);
    const pages = [
      ['/control-panel/bookings/some-id', PAGE_TITLES.bookingDetails],
      ['/control-panel/franchisors/create', PAGE_TITLES.createFranchise],
      ['/control-panel/franchisors/some-id', PAGE_TITLES.franchiseDetails],
      ['/control-panel/franchisors/some-id/edit', PAGE_TITLES.editFranchise],
      ['/control-panel/consultants/create', PAGE_TITLES.createConsultant],
      ['/control-panel/consultants/some-id', PAGE_TITLES.consultantDetail],
      ['/control-panel/consultants/some-id/edit', PAGE_TITLES.editConsultant],
      ['/control-panel/requests', PAGE_TITLES.requests],
      ['/control-panel/profile', PAGE_TITLES.profile],
    ] as const;
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(sidebar(page)).toBeVisible();
    }
  });

  test('Log Out ends the session', async ({ page }) => {
    await signInAsAdmin(page);
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(SIGN_IN_URL);
    await page.goto('/control-panel/promotions');
    await expect(page).toHaveURL(SIGN_IN_URL);
  });

  test('on a phone the sidebar is a drawer opened from the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/control-panel/auth/sign-in');
    await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Pass-2025!');
    await page.getByRole('button', { name: 'Sign In' }).click();

    const nav = sidebar(page).getByRole('navigation', { name: 'Main' });
    await expect(
      page.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }),
    ).toBeVisible();
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Promotions', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: PAGE_TITLES.promotions }),
    ).toBeVisible();
    await expect(nav).toBeHidden();
  });

  test('on a phone no list page scrolls sideways: a wide table scrolls in its own box', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      '/control-panel/consultants',
      '/control-panel/franchisors',
      '/control-panel/bookings',
      '/control-panel/payments',
      '/control-panel/promotions',
      '/control-panel/brand-names',
    ]) {
      await page.goto(path);
      // Rows in: the table is as wide as it gets.
      await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(390);
    }
  });

  test('on a phone detail, edit and create pages fit the screen; forms take one column', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const pages: string[] = [];
    for (const list of ['franchisors', 'consultants']) {
      await page.goto(`/control-panel/${list}`);
      const detail = page
        .getByRole('table')
        .first()
        .locator(`a[href*="/control-panel/${list}/"]:not([href$="/create"])`)
        .first();
      const href = await detail.getAttribute('href');
      expect(href, list).toBeTruthy();
      pages.push(`${href}`, `${href}/edit`, `/control-panel/${list}/create`);
    }
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(390);
    }
    // The last page is Create Consultant: fields stack, and the rate keeps room to type in.
    const first = await page.getByLabel('First Name').boundingBox();
    const last = await page.getByLabel('Last Name').boundingBox();
    expect(last?.x).toBe(first?.x);
    expect(last?.y ?? 0).toBeGreaterThan(first?.y ?? 0);
    expect((await page.getByLabel(/^Rate/).boundingBox())?.width ?? 0).toBeGreaterThan(120);
  });
});
