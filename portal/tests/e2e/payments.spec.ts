import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, uniqueEmail } from './helpers.ts';

/**
 * Payments end to end: a new franchisor creates the franchise, adds a card, subscribes
 * with the early-access code at $300/month, books the demo consultant and sees the FUTURE total
 * move by the meeting's amount; a declined test card is refused at booking with the server's
 * message; Payment Details refuses a bad card number without calling the server.
 */

const PASSWORD = 'Test-Pass-2025!';
/** The demo consultant's rate (rule 3): dollars per 15 minutes. */
const DEMO_RATE = 50;

async function apiSignUpFranchisor(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = uniqueEmail('e2e-payments');
  const response = await request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Penny',
      lastName: 'Payer',
      role: 'franchisor',
      ageConfirmed: true,
    },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

async function demoConsultantId(request: APIRequestContext, baseURL: string): Promise<string> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.consultant, password: DEMO.password },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Closes whatever a new account sees first (the tour, a subscription prompt). */
async function dismissOverlays(page: Page) {
  for (let i = 0; i < 3; i += 1) {
    const tour = page.getByTestId('tutorial');
    const dialog = page.getByRole('dialog');
    if ((await tour.isVisible()) || (await dialog.isVisible())) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);
    } else return;
  }
}

async function signInUi(page: Page, email: string) {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/consultants/);
  await page.waitForTimeout(500);
  await dismissOverlays(page);
}

async function createFranchise(page: Page) {
  await page.goto('/my-profile/general');
  await dismissOverlays(page);
  const details = page.getByRole('form', { name: 'Franchise Details' });
  await details.getByLabel('Brand Name').fill(`Paying Pizza ${Date.now()}`);
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
}

async function addCard(page: Page, number: string) {
  await page.goto('/my-profile/payment-details');
  await dismissOverlays(page);
  const form = page.getByRole('form', { name: 'Add a card' });
  await form.getByLabel('Cardholder name').fill('Penny Payer');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Add Card' }).click();
  const last4 = number.replace(/\D/g, '').slice(-4);
  await expect(page.getByTestId('saved-card').filter({ hasText: `•••• ${last4}` })).toBeVisible();
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function futureTotal(page: Page): Promise<number> {
  await page.goto('/payments');
  await dismissOverlays(page);
  const value = page.getByTestId('total-FUTURE').locator('.payments-total__value');
  await expect(value).toHaveText(/^\$/);
  return money(await value.textContent());
}

/** Opens the booking modal on the consultant's profile and picks the first free slot. */
async function openBookingAndPickSlot(page: Page, consultantId: string) {
  await page.goto(`/consultants/${consultantId}`);
  await dismissOverlays(page);
  await page.getByRole('button', { name: 'Book a Meeting' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Select a Date & Time')).toBeVisible();
  const slot = modal.locator('input.fm-slot__input').first();
  await expect(slot).toBeVisible({ timeout: 15_000 });
  await slot.check({ force: true });
  await expect(modal.getByText(/Total \$/)).toBeVisible();
  return modal;
}

test.describe('payments', () => {
  test('a new franchisor adds a card, subscribes with EARLYACCESS, books and sees FUTURE move', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const email = await apiSignUpFranchisor(request, origin);
    const consultantId = await demoConsultantId(request, origin);
    await signInUi(page, email);
    await createFranchise(page);

    // Subscription without a card says so and links to Payment Details.
    await page.goto('/my-profile/subscription');
    await expect(page.getByTestId('subscription-status')).toHaveText('Unsubscribed');
    await expect(page.getByTestId('needs-card')).toBeVisible();
    await page
      .getByTestId('needs-card')
      .getByRole('link', { name: 'Go to Payment Details' })
      .click();
    await expect(page).toHaveURL(/\/my-profile\/payment-details$/);

    await addCard(page, '4242 4242 4242 4242');
    const visa = page.getByTestId('saved-card').filter({ hasText: '•••• 4242' });
    await expect(visa).toContainText('Visa');
    await expect(visa).toContainText('Default');

    // Subscribe with the early-access code: $300/month.
    await page.goto('/my-profile/subscription');
    await expect(page.getByTestId('subscription-price')).toHaveText('$497/month');
    await page.getByRole('textbox', { name: /Promo code/ }).fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This promo code is not valid')).toBeVisible();
    await page.getByRole('textbox', { name: /Promo code/ }).fill('EARLYACCESS');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('subscription-price')).toHaveText('$300/month');
    await page.getByRole('button', { name: 'Subscribe for $300/month' }).click();
    await expect(page.getByText('Subscription activated')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('subscription-price')).toHaveText('$300/month');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

    // FUTURE before booking.
    const before = await futureTotal(page);
    expect(before).toBe(0);

    // Book the demo consultant through the booking modal.
    const modal = await openBookingAndPickSlot(page, consultantId);
    const total = money(await modal.getByText(/Total \$/).textContent());
    const lengthSelect = modal.getByLabel('Meeting length');
    const duration =
      (await lengthSelect.count()) > 0 ? Number(await lengthSelect.inputValue()) : null;
    if (duration !== null) expect(total).toBe(Math.floor(duration / 15) * DEMO_RATE);
    expect(total % DEMO_RATE).toBe(0);
    await modal.getByRole('button', { name: 'Schedule Meeting' }).click();
    await expect(modal.getByText('Meeting scheduled')).toBeVisible();
    await page.keyboard.press('Escape');

    // FUTURE moved by the meeting's amount; the history lists it.
    const after = await futureTotal(page);
    expect(after).toBeCloseTo(before + total, 2);
    const table = page.getByRole('table', { name: 'Payments' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('Unpaid');
    await expect(page.getByTestId('chart-summary')).toBeVisible();

    // A declined card is refused when it is added (as in Stripe's test mode): nothing is saved.
    await page.goto('/my-profile/payment-details');
    await dismissOverlays(page);
    const form = page.getByRole('form', { name: 'Add a card' });
    await form.getByLabel('Cardholder name').fill('Penny Payer');
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry (MM/YY)').fill('12/30');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Error creating payment method: Your card was declined. (card_declined: generic_decline)',
    );
    await expect(page.getByTestId('saved-card')).toHaveCount(1);

    // A card that is added and then declines every payment (now the default) is refused at
    // booking with the server's message (402).
    await addCard(page, '4000 0000 0000 0341');
    const again = await openBookingAndPickSlot(page, consultantId);
    const declined = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/session') && response.request().method() === 'POST',
    );
    await again.getByRole('button', { name: 'Schedule Meeting' }).click();
    expect((await declined).status()).toBe(402);
    await expect(again.getByRole('alert')).toContainText(/declined/i);
    await page.keyboard.press('Escape');

    // FUTURE did not move.
    expect(await futureTotal(page)).toBeCloseTo(after, 2);

    // The Visa becomes the default again, and stays so after a reload.
    await page.goto('/my-profile/payment-details');
    await dismissOverlays(page);
    const saved = page.getByTestId('saved-card');
    await expect(saved.filter({ hasText: '•••• 0341' })).toContainText('Default');
    await saved
      .filter({ hasText: '•••• 4242' })
      .getByRole('button', { name: 'Make default' })
      .click();
    await expect(page.getByText('Default card updated')).toBeVisible();
    await page.reload();
    await expect(saved.filter({ hasText: '•••• 4242' })).toContainText('Default');
    await expect(saved.filter({ hasText: '•••• 0341' })).not.toContainText('Default');
  });

  test('unsubscribing ends access now; reactivating within the paid month bills nothing more', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInUi(page, await apiSignUpFranchisor(request, baseURL ?? ''));
    await createFranchise(page);
    await addCard(page, '4242 4242 4242 4242');
    await page.goto('/my-profile/subscription');
    await page.getByRole('button', { name: 'Subscribe for $497/month' }).click();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    const fact = (term: string) =>
      page.locator('.subscription__facts > div').filter({ hasText: term }).locator('dd');
    const periodEnd = (await fact('Current period ends').textContent()) ?? '';
    expect(periodEnd).toMatch(/^\d{1,2} \w{3}, \d{4}$/);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unsubscribe' });
    await expect(confirm).toContainText(
      `Your subscription ends now: you will no longer be able to book meetings or message consultants. You can reactivate it later, at no charge until ${periodEnd}: this month is already paid.`,
    );
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('Subscription canceled')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Canceled');
    await expect(fact('Paid until')).toHaveText(periodEnd);
    await expect(page.getByTestId('paid-period-left')).toHaveText(
      `Booking and messaging are off. Reactivate by ${periodEnd} at no charge: this month is already paid.`,
    );

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText('Subscription reactivated')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    // The same month goes on: it was not billed again.
    await expect(fact('Current period ends')).toHaveText(periodEnd);
    await expect(page.getByTestId('paid-period-left')).toHaveCount(0);
  });

  test('Payment Details refuses a bad card number without calling the server', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInUi(page, await apiSignUpFranchisor(request, baseURL ?? ''));
    await page.goto('/my-profile/payment-details');
    await dismissOverlays(page);
    await expect(page.getByTestId('no-cards')).toBeVisible();

    const posted: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/api/users/payment-method')) {
        posted.push(req.url());
      }
    });

    const form = page.getByRole('form', { name: 'Add a card' });
    await form.getByLabel('Cardholder name').fill('Penny Payer');
    await form.getByLabel('Card number').fill('4242424242424241');
    await expect(form.getByLabel('Card number')).toHaveValue('4242 4242 4242 4241');
    await expect(form.getByTestId('card-brand')).toHaveText('Visa');
    await form.getByLabel('Expiry (MM/YY)').fill('01/20');
    await form.getByLabel('CVC').fill('12');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expect(form.getByText('The card number is invalid')).toBeVisible();
    await expect(form.getByText('The card has expired')).toBeVisible();
    await expect(form.getByText('The CVC has 3 or 4 digits')).toBeVisible();

    // A valid number that is not a Stripe test card: the demo explains which cards work.
    await form.getByLabel('Card number').fill('4012 8888 8888 1881');
    await form.getByLabel('Expiry (MM/YY)').fill('12/30');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expect(form.getByRole('alert')).toContainText('only Stripe test cards are accepted');

    // Amex is detected by its prefix.
    await form.getByLabel('Card number').fill('3714 496353 98431');
    await expect(form.getByTestId('card-brand')).toHaveText('American Express');

    expect(posted).toEqual([]);
    await expect(page.getByTestId('no-cards')).toBeVisible();

    // The payment e-mail: empty is refused with the spec's message.
    const emailForm = page.getByRole('form', { name: 'Payment email' });
    await emailForm.getByRole('button', { name: 'Change Email' }).click();
    await expect(emailForm.getByText('Email is required.')).toBeVisible();
  });

  test('the demo consultant sees earnings with fee and share, and payouts', async ({ page }) => {
    await page.goto('/sign-in');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(DEMO.consultant);
    await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/franchisors/);
    await page.goto('/payments');
    await dismissOverlays(page);
    for (const bucket of ['FUTURE', 'PENDING', 'COMPLETED']) {
      await expect(
        page.getByTestId(`total-${bucket}`).locator('.payments-total__value'),
      ).toHaveText(/^\$[\d,]+\.\d\d$/);
    }
    const table = page.getByRole('table', { name: 'Payments' });
    await expect(table.getByRole('columnheader', { name: 'Platform fee' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Your share' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
    // The chart follows the period.
    await page.getByRole('radio', { name: 'Year' }).check();
    await expect(page.getByTestId('chart-summary')).toContainText('over the last year');
  });
});
