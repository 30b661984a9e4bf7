import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUser } from './partner-page.ts';

/**
 * Slot holds (rule 20) between two visitors of a partner page (the widgets' demo page), each in a
 * browser context of its own and signed out: both open the demo consultant's booking modal on the same day; while the
 * first has a slot selected, the second sees it as being booked within a second and cannot choose
 * it; when the first changes the selection the hold follows, and when the first closes the modal
 * it ends. When a booker signed in to the portal books the slot, the hold ends and the slot
 * leaves the other modal's list (it does not come back as free). Runs against the one-origin server and the real rooms.
 */

const SEEN_WITHIN_MS = 1_000;
/** The demo accounts' password (the server's seed). */
const DEMO_PASSWORD = 'Demo-Pass-2025!';

/**
 * Opens the widgets' demo page for the consultant and its booking modal. The page is the
 * server's own (a partner page Playwright makes up has no address, and Chromium keeps such a page
 * from opening sockets to a loopback port).
 */
async function openModal(page: Page, baseURL: string, consultantId: string): Promise<Locator> {
  await page.goto(`${baseURL}/widgets/demo.html?consultant-id=${consultantId}`);
  await page.getByRole('button', { name: 'Book a meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Both modals on the same free day after today, with its slots shown. */
async function chooseDay(dialog: Locator, date: string): Promise<void> {
  await dialog.locator(`button[data-date="${date}"]`).click();
  await expect(dialog.getByRole('radio').first()).toBeVisible();
}

const slot = (dialog: Locator, start: string) => dialog.locator(`input[value="${start}"]`);
const heldLabels = (dialog: Locator) => dialog.locator('label.fm-slot[data-held]');

test('a slot one visitor has selected shows as being booked in another visitor’s modal', async ({
  browser,
  request,
  baseURL,
}) => {
  const consultantId = (await demoUser(request, baseURL!, 'consultant@example.com')).id;
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  const [a, b] = await Promise.all([
    openModal(first, baseURL!, consultantId),
    openModal(second, baseURL!, consultantId),
  ]);
  const day = a.locator('button[data-date][data-available]:not([data-today])').first();
  const date = (await day.getAttribute('data-date')) ?? '';
  expect(date).not.toBe('');
  await chooseDay(a, date);
  await chooseDay(b, date);
  // The day's first and last slots: far enough apart not to overlap (a hold also marks the
  // slots overlapping it).
  const one = (await a.getByRole('radio').first().getAttribute('value')) ?? '';
  const two = (await a.getByRole('radio').last().getAttribute('value')) ?? '';
  expect(one && two && one !== two).toBeTruthy();
  await expect(heldLabels(b)).toHaveCount(0);

  // The first visitor selects a slot: the second sees it as being booked within a second.
  await a.getByRole('radio').first().check({ force: true });
  await expect(slot(b, one)).toBeDisabled({ timeout: SEEN_WITHIN_MS });
  await expect(slot(b, one)).toHaveAccessibleName(/Being booked/);
  await expect(slot(b, two)).not.toHaveAccessibleName(/Being booked/);
  // It cannot be chosen there; the others still can.
  await slot(b, one).click({ force: true });
  await expect(slot(b, one)).not.toBeChecked();
  await expect(b.getByRole('button', { name: 'Schedule Meeting' })).toBeDisabled();
  await expect(slot(b, two)).toBeEnabled();
  // The first visitor's own modal does not show its choice as someone else's.
  await expect(heldLabels(a)).toHaveCount(0);

  // A new selection moves the hold.
  await slot(a, two).check({ force: true });
  await expect(slot(b, two)).toBeDisabled({ timeout: SEEN_WITHIN_MS });
  await expect(slot(b, one)).toBeEnabled();
  await expect(slot(b, one)).not.toHaveAccessibleName(/Being booked/);

  // Closing the modal ends the hold.
  await a.getByRole('button', { name: 'CANCEL' }).click();
  await expect(a).toHaveCount(0);
  await expect(heldLabels(b)).toHaveCount(0, { timeout: SEEN_WITHIN_MS });
  await expect(slot(b, two)).toBeEnabled();
  await slot(b, two).check({ force: true });
  await expect(slot(b, two)).toBeChecked();

  await first.context().close();
  await second.context().close();
});

test('a slot booked in one modal leaves the other modal’s list instead of showing as free', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The consultant's token: the clean-up declines the meeting as them.
  const consultantSignIn = await request.post('/api/auth/sign-in/email', {
    data: { email: 'consultant@example.com', password: DEMO_PASSWORD },
    headers: { Origin: baseURL! },
  });
  const consultant = (await consultantSignIn.json()) as { token: string; user: { id: string } };
  const consultantId = consultant.user.id;
  // The booker is the demo franchisor, signed in to the portal; the other visitor is signed out.
  const booker = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await booker.goto('/sign-in');
  const form = booker.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill('franchisor@example.com');
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(booker).toHaveURL(/\/consultants$/);
  await booker.goto(`/consultants/${consultantId}`);
  await booker.getByRole('button', { name: 'Book a Meeting' }).click();
  const a = booker.getByRole('dialog', { name: 'Select a Date & Time' });
  const other = await (await browser.newContext()).newPage();
  const b = await openModal(other, baseURL!, consultantId);
  // The portal shows the franchisor's own zone: the other modal shows the same days.
  await b.getByLabel('Time zone').selectOption(await a.getByLabel('Time zone').inputValue());
  await expect(b.getByRole('grid')).toHaveAttribute('aria-busy', 'false');

  const date =
    (await a
      .locator('button[data-date][data-available]:not([data-today])')
      .first()
      .getAttribute('data-date')) ?? '';
  expect(date).not.toBe('');
  await chooseDay(a, date);
  await chooseDay(b, date);
  const one = (await a.getByRole('radio').first().getAttribute('value')) ?? '';
  await a.getByRole('radio').first().check({ force: true });
  await expect(slot(b, one)).toHaveAccessibleName(/Being booked/, { timeout: SEEN_WITHIN_MS });

  const created = booker.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/session$/.test(response.url()),
  );
  await a.getByRole('button', { name: 'Schedule Meeting' }).click();
  const meeting = (await (await created).json()) as { id: string };
  try {
    await expect(booker.getByRole('dialog', { name: 'Meeting scheduled' })).toBeVisible();
    // The hold ends with the booking, and the slot is gone from the other list: not held, not free.
    await expect(slot(b, one)).toHaveCount(0, { timeout: 3 * SEEN_WITHIN_MS });
    await expect(heldLabels(b)).toHaveCount(0);
    await expect(b.getByRole('radio').first()).toBeVisible();
  } finally {
    const declined = await request.patch(`/api/session/${meeting.id}`, {
      headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL! },
      data: { status: 'declined', duration: 15, dateTime: new Date().toISOString() },
    });
    expect(declined.status(), await declined.text()).toBeLessThan(300);
    await booker.context().close();
    await other.context().close();
  }
});
