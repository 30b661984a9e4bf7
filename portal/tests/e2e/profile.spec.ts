import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { apiSignUp, DEMO, signIn, writeToDemoFranchisor } from './helpers.ts';

/**
 * The my-profile area, dashboard, tutorial and support. Scenarios that change a
 * franchisor's profile use a fresh franchisor signed up through the API, so they do not depend on
 * (nor change) the demo data; the billing-contact and consultant scenarios use the demo accounts
 * and put back what they changed.
 */

const SAVED = 'Profile updated successfully!';
const NUMBERS_ONLY = 'Please enter numbers only';
const VALIDATION_FAILED = 'Validation failed please check the form again';

/** A new account of that role through the API (the shared helper with this spec's names). */
const freshAccount = (
  request: APIRequestContext,
  baseURL: string,
  role: 'franchisor' | 'consultant',
) =>
  apiSignUp(request, baseURL, {
    prefix: `e2e-profile-${role}`,
    firstName: role === 'franchisor' ? 'Frida' : 'Conrad',
    lastName: 'Fresh',
    role,
  });

async function apiToken(request: APIRequestContext, baseURL: string, email: string) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO.password },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The tour opens by itself for a new account; tests that are not about it close it. */
async function closeFirstTour(page: Page) {
  const tour = page.getByTestId('tutorial');
  await expect(tour).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
}

/** A new consultant, signed in on `page` with the first tour closed; answers the e-mail. */
async function newConsultantSignedIn(page: Page, request: APIRequestContext, baseURL: string) {
  const email = await freshAccount(request, baseURL, 'consultant');
  await signIn(page, email, /\/franchisors$/);
  await closeFirstTour(page);
  return email;
}

/** A PNG drawn in the page, as Playwright's file payload. */
async function pngFile(page: Page, name = 'logo.png') {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    g.fillStyle = '#1d4ed8';
    g.fillRect(0, 0, 400, 300);
    g.fillStyle = '#f59e0b';
    g.fillRect(100, 50, 200, 200);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/png'),
    );
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return { name, mimeType: 'image/png', buffer: Buffer.from(bytes) };
}

const widget = (page: Page) => page.getByTestId('completeness');
const expectSteps = (page: Page, done: number) =>
  expect(widget(page).getByText(`${done}/6 steps completed`)).toBeVisible();

async function toast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

async function save(form: Locator) {
  await form.getByRole('button', { name: 'Save', exact: true }).click();
}

test.describe('my profile: a new franchisor', () => {
  test('fills the profile step by step until the completeness widget disappears', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = await freshAccount(request, baseURL!, 'franchisor');
    await signIn(page, email, /\/consultants$/);

    // First sign-in of a new account: the guided tour opens once, and can be replayed.
    const tour = page.getByTestId('tutorial');
    await expect(tour).toBeVisible();
    await expect(tour.getByRole('heading', { name: 'Find Consultants' })).toBeVisible();
    await expect(tour).toBeFocused();
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByRole('heading', { name: 'My Meetings' })).toBeVisible();
    await tour.getByRole('button', { name: 'Back' }).click();
    await expect(tour.getByRole('heading', { name: 'Find Consultants' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Find Consultants' })).toBeVisible();
    await expect(tour).toBeHidden();
    await page.getByRole('button', { name: /profile menu/i }).click();
    await page.getByRole('menuitem', { name: 'Tutorial' }).click();
    await expect(tour).toBeVisible();
    for (let step = 1; step < 6; step += 1) {
      await tour.getByRole('button', { name: 'Next' }).click();
    }
    await expect(tour.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await tour.getByRole('button', { name: 'Done' }).click();
    await expect(tour).toBeHidden();

    // The profile home shows the widget at 0 of 6, with the missing steps as links.
    await page.goto('/my-profile');
    await expectSteps(page, 0);
    await expect(widget(page).getByRole('link', { name: 'Investment Profile' })).toHaveAttribute(
      'href',
      '/my-profile/financial',
    );

    // Franchise Details: the first save creates the franchise.
    await widget(page).getByRole('link', { name: 'Franchise Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Franchise Details' })).toBeVisible();
    const details = page.getByRole('form', { name: 'Franchise Details' });
    await save(details);
    await expect(details.getByText('Please input your brand name!')).toBeVisible();
    await toast(page, VALIDATION_FAILED);
    await details.getByLabel('Brand Name').fill('Endtoend Eats');
    const states = details.getByRole('group', { name: /States Registered In/ });
    await expect(states.getByText('Choose a country first.')).toBeVisible();
    await details.getByLabel('Country').selectOption('USA');
    await states.getByRole('checkbox', { name: 'California (CA)' }).check();
    // Changing the country clears the states that are not in it.
    await details.getByLabel('Country').selectOption('Canada');
    await expect(states.getByRole('checkbox', { name: 'California (CA)' })).toHaveCount(0);
    await expect(states.getByText('(0 selected)')).toBeVisible();
    await states.getByRole('checkbox', { name: 'Ontario (ON)' }).check();
    await details.getByLabel('Established').fill('19x5');
    await expect(details.getByText('Please enter a year')).toBeVisible();
    await details.getByLabel('Established').fill('1995');
    await details.getByRole('checkbox', { name: 'SBA Eligible' }).check();
    await details.getByLabel('Overview').fill('Fresh bowls, fast.');
    await details
      .getByRole('group', { name: /Categories/ })
      .getByRole('checkbox', { name: 'Food & Restaurants' })
      .check();
    await save(details);
    await toast(page, SAVED);
    await expectSteps(page, 1);

    // Gallery: only a JPEG or PNG is taken; the logo is cropped square and sent as cropped-image.jpg.
    const gallery = page.getByRole('region', { name: 'Gallery' });
    await gallery.getByLabel('Upload logo').setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(gallery.getByText('Please choose a JPEG or PNG image.')).toBeVisible();
    await gallery.getByLabel('Upload logo').setInputFiles(await pngFile(page));
    const cropper = page.getByRole('dialog', { name: 'Crop your logo' });
    await expect(cropper).toBeVisible();
    const zoom = cropper.getByRole('slider', { name: 'Zoom' });
    await expect(zoom).toHaveValue('1.2');
    await expect(zoom).toHaveAttribute('min', '0.2');
    await expect(zoom).toHaveAttribute('max', '3');
    await zoom.fill('1.5');
    await cropper.getByRole('button', { name: 'Save' }).click();
    await expect(cropper).toBeHidden();
    await toast(page, SAVED);
    const logo = gallery.getByRole('img', { name: 'Endtoend Eats logo' });
    await expect(logo).toBeVisible();
    // Shown at 180 px (AVATAR_SIZE_PX).
    expect((await logo.boundingBox())?.width).toBe(180);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The cropped square was sent as a JPEG named cropped-image.jpg.
    const stored = await request.get((await logo.getAttribute('src')) ?? '');
    expect(stored.headers()['content-type']).toBe('image/jpeg');
    expect(stored.headers()['content-disposition']).toContain('filename="cropped-image.jpg"');
    const size = await logo.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(size[0]).toBe(size[1]);
    await expectSteps(page, 2);

    // Investment Profile: numbers only, the cash modes, and the unsaved-changes guard.
    await page
      .getByRole('navigation', { name: 'My profile' })
      .getByRole('link', { name: /Investment Profile/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Investment Profile' })).toBeVisible();
    await expectSteps(page, 2);
    const investment = page.getByRole('form', { name: 'Investment Profile' });
    await investment.getByLabel('Minimum Net Worth').fill('25O,000');
    await expect(investment.getByText(NUMBERS_ONLY)).toBeVisible();
    await investment.getByRole('radio', { name: 'Less than' }).check();
    await expect(investment.getByLabel('Cash Required Minimum')).toHaveCount(0);
    await investment.getByLabel('Cash Required Maximum').fill('80000');
    await investment.getByLabel('Franchise Fee').fill('45000');
    await investment.getByLabel('Royalty').fill('6.5');
    await investment.getByRole('checkbox', { name: 'Veteran discount' }).check();

    // Leaving with an invalid value: Save and Leave stays and says why.
    const nav = page.getByRole('navigation', { name: 'My profile' });
    await nav.getByRole('link', { name: /Training and Support/ }).click();
    const guard = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(guard).toBeVisible();
    await expect(guard.getByRole('button', { name: 'Leave Without Saving' })).toBeVisible();
    await expect(guard.getByRole('button', { name: 'Stay on this page' })).toBeVisible();
    await guard.getByRole('button', { name: 'Save and Leave' }).click();
    await expect(guard).toBeHidden();
    await expect(page).toHaveURL(/\/my-profile\/financial$/);
    await expect(investment.getByText(VALIDATION_FAILED)).toBeVisible();

    // Fixed, then Save and Leave saves and goes on.
    await investment.getByLabel('Minimum Net Worth').fill('250000');
    await expect(investment.getByText(NUMBERS_ONLY)).toHaveCount(0);
    await nav.getByRole('link', { name: /Training and Support/ }).click();
    await guard.getByRole('button', { name: 'Save and Leave' }).click();
    await expect(page).toHaveURL(/\/my-profile\/training$/);
    await toast(page, SAVED);
    await expectSteps(page, 3);

    // The values are there after a reload.
    await page.goto('/my-profile/financial');
    await page.reload();
    await expect(investment.getByLabel('Minimum Net Worth')).toHaveValue('250000');
    await expect(investment.getByRole('radio', { name: 'Less than' })).toBeChecked();
    await expect(investment.getByLabel('Cash Required Maximum')).toHaveValue('80000');
    await expect(investment.getByLabel('Franchise Fee')).toHaveValue('45000');
    await expect(investment.getByLabel('Royalty')).toHaveValue('6.5');
    await expect(investment.getByRole('checkbox', { name: 'Veteran discount' })).toBeChecked();

    // Leave Without Saving drops a change.
    await investment.getByLabel('Franchise Fee').fill('1');
    await nav.getByRole('link', { name: /Contact Info/ }).click();
    await guard.getByRole('button', { name: 'Leave Without Saving' }).click();
    await expect(page).toHaveURL(/\/my-profile\/contact$/);

    // Contact Info: the e-mail is shown but not editable; a phone completes the step.
    const contact = page.getByRole('form', { name: 'Contact Info' });
    await expect(contact.getByLabel('Email')).toHaveValue(email);
    await expect(contact.getByLabel('Email')).not.toBeEditable();
    await expect(contact.getByRole('checkbox', { name: /text messages/ })).toBeVisible();
    await contact.getByLabel('First Name').fill('');
    await expect(contact.getByText('Please input your first name!')).toBeVisible();
    await contact.getByLabel('First Name').fill('Frida');
    await contact.getByLabel('Phone').fill('+1 416 555 0199');
    await save(contact);
    await toast(page, SAVED);
    await expectSteps(page, 4);

    // Training and Support.
    await nav.getByRole('link', { name: /Training and Support/ }).click();
    const training = page.getByRole('form', { name: 'Training and Support' });
    await training
      .getByLabel('Training (optional)', { exact: true })
      .fill('Two weeks at HQ, then on site.');
    await training.getByRole('checkbox', { name: 'Site selection assistance' }).check();
    await save(training);
    await toast(page, SAVED);
    await expectSteps(page, 5);

    // Referral Fee: the last step; the widget disappears at 100 %.
    await nav.getByRole('link', { name: /Referral Fee/ }).click();
    const referral = page.getByRole('form', { name: 'Referral Fee' });
    await referral.getByLabel('Single Unit (optional)', { exact: true }).fill('5000');
    await referral.getByLabel('Area Master (international)').fill('12000');
    await save(referral);
    await toast(page, SAVED);
    await expect(widget(page)).toHaveCount(0);
    for (const section of ['general', 'contact', 'financial', 'training', 'referral-fee']) {
      await expect(page.getByTestId(`section-state-${section}`)).toHaveAttribute(
        'data-done',
        'true',
      );
    }
    await page.goto('/my-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByText('Account status:')).toBeVisible();
    await expect(widget(page)).toHaveCount(0);
  });
});

test.describe('my profile: the billing contact of the demo franchise', () => {
  test('a second franchisor becomes the billing contact and the first cannot remove it', async ({
    page,
  }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/my-profile/contact');
    const members = page.getByRole('region', { name: 'Franchise members' });
    const me = members.getByRole('listitem', { name: /Olivia Bennett/ });
    // The demo franchise's second member (server/src/seed/franchises.ts).
    const other = members.getByRole('listitem', { name: /Daniel Park/ });
    await expect(me.getByText('Billing contact', { exact: true })).toBeVisible();
    await expect(other).toBeVisible();

    await other.getByRole('button', { name: 'Make billing contact' }).click();
    await toast(page, 'Billing address updated successfully');
    await expect(other.getByText('Billing contact', { exact: true })).toBeVisible();
    await expect(me.getByText('Billing contact', { exact: true })).toHaveCount(0);

    // The billing contact cannot be removed, only replaced.
    await other.getByRole('button', { name: 'Remove billing contact' }).click();
    await expect(members.getByRole('alert')).toHaveText('Billing address can not be deleted');
    await page.reload();
    await expect(other.getByText('Billing contact', { exact: true })).toBeVisible();

    // Put the demo back.
    await me.getByRole('button', { name: 'Make billing contact' }).click();
    await expect(me.getByText('Billing contact', { exact: true })).toBeVisible();
  });
});

test.describe('my profile: the demo consultant', () => {
  test('sets a rate and a bio and previews the public profile', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await apiToken(request, baseURL!, DEMO.consultant);
    const headers = { Authorization: `Bearer ${token}`, Origin: baseURL! };
    const before = (await (await request.get('/api/users/profile', { headers })).json()) as {
      consultant: { rate: number | null; bio: string | null };
    };
    const bio = `Franchise matchmaking for first-time owners (e2e ${Date.now()}).`;
    try {
      await signIn(page, DEMO.consultant, /\/franchisors$/);
      await page.goto('/my-profile');
      const nav = page.getByRole('navigation', { name: 'My profile' });
      await nav.getByRole('link', { name: /^Rate/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Rate' })).toBeVisible();
      const rateForm = page.getByRole('form', { name: 'Rate' });
      await rateForm.getByLabel('Rate').fill('6x');
      await expect(rateForm.getByText(NUMBERS_ONLY)).toBeVisible();
      await rateForm.getByLabel('Rate').fill('65');
      await expect(page.getByTestId('rate-example')).toHaveText('A 60-minute meeting costs $260.');
      await save(rateForm);
      await toast(page, SAVED);

      await nav.getByRole('link', { name: /General Info/ }).click();
      const general = page.getByRole('form', { name: 'General Info' });
      await expect(general.getByLabel('Email')).not.toBeEditable();
      await general.getByLabel('Bio').fill(bio);
      await save(general);
      await toast(page, SAVED);

      const preview = await openPreview(page, context);
      await expect(preview.getByText(bio)).toBeVisible();
      await expect(preview.getByText('$65', { exact: false }).first()).toBeVisible();
      await preview.close();

      await nav.getByRole('link', { name: /Account Status/ }).click();
      await expect(page.getByTestId('account-status')).toHaveText('Active');
    } finally {
      const restore = await request.patch('/api/users', {
        headers,
        data: { rate: before.consultant.rate ?? '', bio: before.consultant.bio ?? '' },
      });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
});

async function openPreview(page: Page, context: BrowserContext): Promise<Page> {
  await page.getByRole('button', { name: /profile menu/i }).click();
  const opened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Preview Profile' }).click();
  const preview = await opened;
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(/\/consultants\/[^/]+$/);
  return preview;
}

test.describe('help, dashboard and account', () => {
  test('Support sends a request and says so', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.getByRole('button', { name: /profile menu/i }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.consultant);
    await dialog.getByLabel('Details').fill('The e2e suite says hello.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Support request sent successfully, we will get back to you soon.');
    await expect(dialog).toBeHidden();
  });

  test('the dashboard shows meetings, money, unread messages and completeness at a glance', async ({
    page,
    request,
    baseURL,
  }) => {
    await writeToDemoFranchisor(request, baseURL!);
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/dashboard');
    // What the API says, asked with the page's own credentials.
    const unreadCount = await page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('fm-portal') ?? '{}') as { token?: string };
      const res = await fetch('/api/chats/messages/unread-count', {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { unreadCount: number }).unreadCount;
    });
    // The demo franchisor has an unread message; the card and the badge show the count.
    expect(unreadCount).toBeGreaterThan(0);
    const messages = page.getByRole('region', { name: 'Unread messages' });
    await expect(messages.getByTestId('dashboard-unread-count')).toHaveText(String(unreadCount));
    await expect(messages.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/chats',
    );
    await expect(page.getByTestId('unread-badge').first()).toContainText(String(unreadCount));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const meetings = page.getByRole('region', { name: 'Next meetings' });
    const money = page.getByRole('region', { name: 'Spend this month' });
    const profile = page.getByTestId('dashboard-profile');
    for (const card of [meetings, money, profile]) {
      await expect(card).toBeVisible();
      await expect(card.getByRole('status')).toHaveCount(0);
      await expect(card.getByRole('alert')).toHaveCount(0);
    }
    await expect(meetings.getByRole('link', { name: 'My Meetings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    await expect(page.getByTestId('dashboard-month-amount')).toHaveText(/^\$[\d,.]+$/);
    // Complete, or the widget with the steps still to do.
    await expect(
      profile.getByText('Your profile is complete.').or(profile.getByText(/\d\/6 steps completed/)),
    ).toBeVisible();
  });

  test('a new consultant deletes their account after confirming', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await newConsultantSignedIn(page, request, baseURL!);
    await page.goto('/my-profile/account-status');
    await expect(page.getByTestId('account-status')).toHaveText(/^(Active|Inactive)$/);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete account' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete account' }).click();
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('fm-portal'))).toBeNull();
    const again = await request.post('/api/auth/sign-in/email', {
      data: { email, password: DEMO.password },
      headers: { Origin: baseURL! },
    });
    expect(again.status()).not.toBe(200);
  });

  test('a file named like an image that is not one is refused before the crop dialog', async ({
    page,
    request,
    baseURL,
  }) => {
    await newConsultantSignedIn(page, request, baseURL!);
    await page.goto('/my-profile/general');
    const upload = page.getByLabel('Upload photo');
    const cropper = page.getByRole('dialog', { name: 'Crop your photo' });
    const message = page.getByText('Please choose a JPEG or PNG image.');
    await upload.setInputFiles({
      name: 'notimg.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is a text file, not a picture.\n'),
    });
    await expect(message).toBeVisible();
    await expect(cropper).toBeHidden();
    // A real PNG still opens the dialog and clears the message…
    await upload.setInputFiles(await pngFile(page, 'photo.png'));
    await expect(cropper).toBeVisible();
    await expect(message).toBeHidden();
    await cropper.getByRole('button', { name: 'Cancel' }).click();
    await expect(cropper).toBeHidden();
    // …and a PDF named .jpg is refused the same way.
    await upload.setInputFiles({
      name: 'doc.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    });
    await expect(message).toBeVisible();
    await expect(cropper).toBeHidden();
  });

  test('a new consultant does the Payment Details step from where the widget points', async ({
    page,
    request,
    baseURL,
  }) => {
    await newConsultantSignedIn(page, request, baseURL!);
    await page.goto('/my-profile');
    await expect(widget(page).getByText('0/3 steps completed')).toBeVisible();
    await widget(page).getByRole('link', { name: 'Payment Details' }).click();
    await expect(page).toHaveURL(/\/my-profile\/payment-details$/);
    // The payout account is connected here (the built-in provider: ready at once, and straight
    // back to this page, as Stripe's onboarding comes back to it).
    await page.getByRole('button', { name: 'Connect payout account' }).click();
    await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'ready');
    await expect(page).toHaveURL(/\/my-profile\/payment-details$/);
    // No other profile save: the step is done as soon as the account is.
    await page.goto('/my-profile');
    await expect(widget(page).getByText('1/3 steps completed')).toBeVisible();
    await expect(widget(page).getByRole('link', { name: 'Payment Details' })).toHaveCount(0);
  });
});

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the profile sections and the dashboard fit the screen', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/my-profile');
    await page
      .getByRole('navigation', { name: 'My profile' })
      .getByRole('link', { name: /Investment Profile/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Investment Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Investment Profile' }).getByLabel('Minimum Net Worth'),
    ).toBeVisible();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    for (const path of [
      '/my-profile/general',
      '/my-profile/contact',
      '/my-profile/referral-fee',
      '/dashboard',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await fits(), path).toBe(true);
    }
    // The drawer replays the tour too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Tutorial' })
      .click();
    const tour = page.getByTestId('tutorial');
    await expect(tour).toBeVisible();
    expect(await fits()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
  });
});
