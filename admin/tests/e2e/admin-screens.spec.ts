import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInAsAdmin } from './support.ts';

/** Clicks Download CSV and reads the saved file back (the app decoded the API's base64). */
async function downloadCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  await expect(page.getByText('File downloaded successfully')).toBeVisible();
  const path = await download.path();
  // The first line, without a byte-order mark or a CR of CRLF line ends.
  return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
}

test.describe('admin screens', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('consultants: list → search in the URL → detail → edit → save', async ({ page }) => {
    await page.goto('/control-panel/consultants');
    const table = page.getByRole('table', { name: 'Consultants' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Updated 20 min ago')).toBeVisible();
    await page.getByLabel('Search').fill('consultant@example.com');
    await expect(page).toHaveURL(/search=consultant%40example.com/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Consultant Management',
    );
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('link', { name: 'Consultant Detail' })).toBeVisible();
    await page.getByLabel('City').fill('Boston');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Consultant updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/consultants\/[^/]+$/);
    await expect(page.getByText('Boston')).toBeVisible();
  });

  test('create a consultant, then activate it from its link in another browser', async ({
    page,
    browser,
  }) => {
    await page.goto('/control-panel/consultants/create');
    await page.getByRole('button', { name: 'Create Consultant' }).click();
    await expect(page.getByText("Please input user's first name!").first()).toBeVisible();
    const email = `e2e-${Date.now()}@example.com`;
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Admin-Made');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByRole('button', { name: 'Create Consultant' }).click();
    await expect(page.getByText('Consultant created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ada Admin-Made' })).toBeVisible();
    await expect(page.getByTestId('activation-expiry')).toHaveText(
      /^Expires \d{1,2} [A-Z][a-z]{2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
    );
    const first = await page.getByLabel('Activation link').inputValue();
    await page.getByRole('button', { name: 'Issue a fresh link' }).click();
    await expect(page.getByLabel('Activation link')).not.toHaveValue(first);
    const link = await page.getByLabel('Activation link').inputValue();

    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(new URL(link).pathname + new URL(link).search);
    await guest.getByLabel('Password', { exact: true }).fill('Fresh-Pass-2025!');
    await guest.getByLabel('Confirm Password', { exact: true }).fill('Fresh-Pass-2025!');
    await guest.getByRole('button', { name: 'Activate Account' }).click();
    await expect(guest).not.toHaveURL(/activate-profile|sign-in/);
    await other.close();
  });

  test('franchises: list → detail accordion → edit adds SBA and E2 → save', async ({ page }) => {
    await page.goto('/control-panel/franchisors');
    const table = page.getByRole('table', { name: 'Franchises' });
    await table.getByRole('link').first().click();
    for (const section of [
      'Payment & Subscription',
      'Franchise Details',
      'Gallery',
      'Contact',
      'Investment Profile',
      'Training and Support',
      'Commissions',
      'Commissions International',
    ]) {
      await expect(page.locator('summary').getByText(section, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Add Existing Franchisor' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();
    // The portal's franchise profile fields (from the kit), under the detail page's sections.
    const form = page.getByRole('form', { name: 'Franchise' });
    await expect(form.getByLabel('SBA eligible')).toBeVisible();
    await expect(form.getByLabel('E2 visa friendly')).toBeVisible();
    await form.getByLabel('SBA eligible').check();
    await form.getByRole('radio', { name: 'Less than' }).check();
    await expect(form.getByLabel('Cash Required Minimum')).toHaveCount(0);
    await form.getByLabel('Cash Required Maximum').fill('80000');
    const commissions = form.getByRole('group', { name: 'Commissions', exact: true });
    await commissions.getByLabel('Resale').fill('4321');
    await form.getByLabel('Resale (international)').fill('12O');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please enter numbers only')).toBeVisible();
    await form.getByLabel('Resale (international)').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Franchise updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/franchisors\/[^/]+$/);
    const section = (title: string) =>
      page.locator('details', { has: page.locator('summary').getByText(title, { exact: true }) });
    await section('Commissions').locator('summary').click();
    await expect(
      section('Commissions').locator('.detail-list__item', { hasText: 'resale' }),
    ).toContainText('$4,321');
    await section('Investment Profile').locator('summary').click();
    await expect(
      section('Investment Profile').locator('.detail-list__item', {
        hasText: 'Cash required (max)',
      }),
    ).toContainText('$80,000');
  });

  test('create franchise offers only the in-Canada and international facts', async ({ page }) => {
    await page.goto('/control-panel/franchisors/create');
    const form = page.getByRole('form', { name: 'Franchise' });
    await expect(form.getByLabel('Franchises in Canada')).toBeVisible();
    await expect(form.getByLabel('Other international franchises')).toBeVisible();
    await expect(form.getByLabel('SBA eligible')).toHaveCount(0);
    await expect(form.getByLabel('E2 visa friendly')).toHaveCount(0);
    await form.getByLabel('Brand Name').fill(`E2E Brand ${Date.now()}`);
    await form.getByLabel('Country').selectOption('Canada');
    await form.getByRole('checkbox', { name: 'Ontario (ON)' }).check();
    await form.getByRole('button', { name: 'Create Franchise' }).click();
    await expect(page.getByText('Franchise created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/control-panel\/franchisors\/[^/]+$/);
  });

  test('add an existing franchisor to another franchise', async ({ page, request }) => {
    // A franchisor of our own: moving the demo franchisor would change the demo franchise that
    // the portal's tests rely on.
    const email = `moving-${Date.now()}@example.com`;
    const signUp = await request.post('/api/auth/sign-up/email', {
      data: {
        email,
        password: DEMO_PASSWORD,
        // Early in the list's name order (it shows the first 200 franchisors).
        firstName: 'Aaron',
        lastName: 'Mover',
        role: 'franchisor',
        ageConfirmed: true,
      },
    });
    expect(signUp.status()).toBe(200);
    await page.goto('/control-panel/franchisors?page=2');
    await page.getByRole('table', { name: 'Franchises' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Add Existing Franchisor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Existing Franchisor' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Please add user')).toBeVisible();
    const select = dialog.getByLabel('Franchisor', { exact: true });
    const option = select.locator('option', { hasText: email });
    await select.selectOption({ label: (await option.textContent()) ?? '' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Franchisor added successfully')).toBeVisible();
    await expect(
      page.getByRole('table', { name: /Franchisors of/ }).getByText(email),
    ).toBeVisible();
  });

  test('unsaved changes ask before leaving', async ({ page }) => {
    await page.goto('/control-panel/consultants/create');
    await page.getByLabel('First Name').fill('Half');
    await page.getByRole('link', { name: 'Consultant Management' }).first().click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Save and Leave' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save and Leave' }).click();
    await expect(
      page.getByText('Validation failed please check the form again').first(),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Consultant Management' }).first().click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Leave Without Saving' })
      .click();
    await expect(page).toHaveURL(/\/control-panel\/consultants$/);
  });

  test('CSV downloads read back with their headers and a data row each', async ({ page }) => {
    const files = [
      [
        '/control-panel/bookings',
        /^id,start,duration,status,consultant,consultantEmail,franchise,amount,isPaid,completedAt$/,
      ],
      [
        '/control-panel/payments',
        /^id,meetingStart,franchise,consultant,amount,meetingStatus,isPaid$/,
      ],
      ['/control-panel/consultants', /^id,firstName,lastName,email,/],
      ['/control-panel/franchisors', /^id,name,status,subscription,/],
      [
        '/control-panel/brand-names',
        /^name,status,userRegisteredName,userRegisteredEmail,createdAt,updatedAt$/,
      ],
    ] as const;
    for (const [path, header] of files) {
      await page.goto(path);
      // The table has read its first rows, so the file has something to hold.
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      const lines = (await downloadCsv(page)).split('\n').filter((line) => line.trim() !== '');
      expect(lines[0], path).toMatch(header);
      // At least one data row with as many cells as the header (no quoted commas in the seed's first row).
      expect(lines.length, path).toBeGreaterThan(1);
      expect(lines[1]?.split(',').length, path).toBeGreaterThanOrEqual(
        lines[0]?.split(',').length ?? 0,
      );
    }
  });

  test('payments: filters in the URL and manual processing', async ({ page }) => {
    await page.goto('/control-panel/payments');
    await page.getByLabel('Payment', { exact: true }).selectOption('paid');
    await expect(page).toHaveURL(/paid=paid/);
    await page.getByRole('button', { name: 'Manual Processing' }).click();
    await expect(page.getByText('Manual processing completed successfully')).toBeVisible();
  });

  test('bookings: status filter → detail with breadcrumbs', async ({ page }) => {
    await page.goto('/control-panel/bookings');
    await page.getByLabel('Status').selectOption('completed');
    await expect(page).toHaveURL(/status=completed/);
    const table = page.getByRole('table', { name: 'Bookings' });
    await table.getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Booking Management',
    );
    await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  });

  test('brand names default to pending and the dropdown sets a status', async ({ page }) => {
    await page.goto('/control-panel/brand-names');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('pending');
    const select = page
      .getByRole('table', { name: 'Company brands' })
      .getByRole('combobox')
      .first();
    await select.selectOption('approved');
    await expect(page.getByText('Brand Name updated successfully')).toBeVisible();
  });

  test('the Requests page is reached from Company Brands (no sidebar item of its own)', async ({
    page,
  }) => {
    await page.goto('/control-panel/brand-names');
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page).toHaveURL(/\/control-panel\/requests$/);
    await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'User Requests' })).toBeVisible();
    await page.getByRole('tab', { name: 'Company Brand Requests' }).click();
    await expect(page).toHaveURL(/tab=company/);
    await expect(
      page.getByRole('table', { name: 'Company Brand Requests' }).getByRole('row').nth(1),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Company Brands' }).first().click();
    await expect(page).toHaveURL(/\/control-panel\/brand-names$/);
  });

  test('promotions: create, switch off, filter paused', async ({ page }) => {
    await page.goto('/control-panel/promotions');
    await page.getByRole('button', { name: 'Create Promotion' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter the promotion name!')).toBeVisible();
    const name = `E2E promo ${Date.now()}`;
    await createRunningPromotion(page, dialog, { name, effect: 'Price', affected: 'Franchise' });
    const toggle = page.getByRole('switch', { name: new RegExp(name) });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.getByText('Promotion updated successfully!')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.getByLabel('Status').selectOption('inactive');
    await expect(page).toHaveURL(/status=inactive/);
    await expect(page.getByRole('switch', { name: new RegExp(name) })).toBeVisible();
  });

  test('dashboard shows figures and the graph', async ({ page }) => {
    await page.goto('/control-panel');
    await expect(page.getByText('Active consultants')).toBeVisible();
    await expect(page.getByText('Payouts due')).toBeVisible();
    await page.getByLabel('Graph').selectOption('revenue');
    await expect(page.getByRole('heading', { name: 'Revenue' })).toBeVisible();
  });
});

test('deactivating a user ends their open portal session', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const portal = await browser.newContext();
  const user = await portal.newPage();
  await user.goto('/sign-in');
  const form = user.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill('consultant@example.com');
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(user).not.toHaveURL(/sign-in/);

  await signInAsAdmin(page);
  await page.goto('/control-panel/consultants?search=consultant%40example.com');
  await page.getByRole('table', { name: 'Consultants' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(page.getByText('User deactivated successfully')).toBeVisible();

  // Their next request is refused: the portal forgets the session (signed-out header or sign-in).
  await user.reload();
  await expect(
    user
      .getByRole('link', { name: 'Log In' })
      .or(user.getByRole('form', { name: 'Log in' }))
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(page.getByText('User activated successfully')).toBeVisible();
  await portal.close();
});

test('a promotion switched off in the admin leaves the portal carousel of its audience', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto('/control-panel/promotions');
  await page.getByRole('button', { name: 'Create Promotion' }).first().click();
  const dialog = page.getByRole('dialog');
  const name = `E2E carousel ${Date.now()}`;
  await createRunningPromotion(page, dialog, {
    name,
    description: 'Seen by consultants until it is paused.',
    effect: 'Gift',
    affected: 'Consultant',
  });

  // A consultant's dashboard carries it (the carousel reads GET /api/users/promotions).
  const portal = await browser.newContext();
  const user = await portal.newPage();
  await user.emulateMedia({ reducedMotion: 'reduce' });
  await user.goto('/sign-in');
  const signInForm = user.getByRole('form', { name: 'Log in' });
  await signInForm.getByLabel('Email').fill('consultant@example.com');
  await signInForm.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await signInForm.getByRole('button', { name: 'Log In' }).click();
  await expect(user).not.toHaveURL(/sign-in/);
  await user.goto('/dashboard');
  const carousel = user.getByRole('region', { name: 'Promotions' });
  const slide = carousel.locator('[aria-roledescription="slide"]').filter({ hasText: name });
  await expect(slide).toHaveCount(1);

  const toggle = page.getByRole('switch', { name: new RegExp(name) });
  await toggle.click();
  await expect(page.getByText('Promotion updated successfully!')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // The next read of the dashboard no longer has it; the seeded ones stay.
  await user.reload();
  await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeAttached();
  await expect(slide).toHaveCount(0);
  await portal.close();
});

/** Fills the open Create Promotion dialog with a promotion running from 2025 to 2030 and creates it. */
async function createRunningPromotion(
  page: Page,
  dialog: Locator,
  promotion: { name: string; description?: string; effect: string; affected: string },
) {
  await dialog.getByLabel('Name').fill(promotion.name);
  if (promotion.description) await dialog.getByLabel('Description').fill(promotion.description);
  await dialog.getByLabel('Effect').selectOption(promotion.effect);
  await dialog.getByLabel('Affected').selectOption(promotion.affected);
  await dialog.getByLabel('Starting date').fill('2025-01-01');
  await dialog.getByLabel('Starting time').fill('9:00 AM');
  await dialog.getByLabel('End date').fill('2030-12-31');
  await dialog.getByLabel('End time').fill('5:00 PM');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Promotion created successfully!')).toBeVisible();
}
