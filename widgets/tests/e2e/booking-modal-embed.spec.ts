import { SLOT_PAGE_SIZE, TIME_ZONES } from '@fm/sdk/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUser, openPartnerPage, partnerPage, recordedEvents } from './partner-page.ts';

/**
 * A partner page embeds <fm-booking-modal> with one script tag (rule 14): the modal opens from the
 * page's own button (`el.open()`), shows the demo consultant's free days and slots from the real
 * API inside its shadow root, follows the calendar rules of user-area §5, is usable with the
 * keyboard, and — the partner's visitor not being signed in — invites to log in instead of
 * booking. Runs against the one-origin server with the demo seed.
 */

const SLOT_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** Opens a partner page with hostile CSS, its own button opening the modal for `consultantId`. */
async function openBookingPage(page: Page, baseURL: string, consultantId: string): Promise<void> {
  await openPartnerPage(
    page,
    baseURL,
    partnerPage(baseURL, {
      viewport: true,
      css: [
        "button, h2 { color: red !important; font-family: 'Courier New', monospace; }",
        '* { letter-spacing: 0.2em; }',
        '.fm-booking, .fm-modal { display: none !important; }',
      ],
      events: ['fm-booked', 'fm-error', 'fm-close'],
      body: `
    <h1>Acme Franchise Brokers</h1>
    <button id="book" type="button" onclick="document.querySelector('fm-booking-modal').open()">Book with Marcus</button>
    <fm-booking-modal consultant-id="${consultantId}" time-zone="America/New_York"></fm-booking-modal>
  `,
    }),
  );
  await page.waitForFunction(() => customElements.get('fm-booking-modal') !== undefined);
}

/** The modal's day buttons (Playwright's locators pierce the open shadow root). */
const days = (dialog: Locator) => dialog.locator('button[data-date]');

/** Chooses a highlighted day after today (full days have more than one page of slots). */
async function chooseFullDay(dialog: Locator): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const later = dialog.locator('button[data-date][data-available]:not([data-today])');
    if ((await later.count()) > 0) {
      const day = later.first();
      const date = (await day.getAttribute('data-date')) ?? '';
      await day.click();
      await expect(day).toHaveAttribute('aria-pressed', 'true');
      return date;
    }
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  }
  throw new Error('no free day found in three months');
}

test.describe('<fm-booking-modal> embedded in a partner page', () => {
  test('opens from the page, shows free days and slots, and invites a visitor to log in', {
    tag: '@smoke',
  }, async ({ page, request, baseURL }) => {
    const consultantId = (await demoUser(request, baseURL!, 'consultant@example.com')).id;
    await openBookingPage(page, baseURL!, consultantId);

    const host = page.locator('fm-booking-modal');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Book with Marcus' }).click();
    await expect(host).toHaveAttribute('open', '');
    const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The dialog lives in the shadow root; the host page's CSS does not hide or restyle it.
    expect(
      await host.evaluate((el) => Boolean(el.shadowRoot?.querySelector('[role="dialog"]'))),
    ).toBe(true);
    const cancel = dialog.getByRole('button', { name: 'CANCEL' });
    expect(await cancel.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('normal');
    // Focus moved into the dialog.
    expect(await host.evaluate((el) => el.shadowRoot?.activeElement !== null)).toBe(true);

    // The consultant's name and rate come from the public profile.
    await expect(dialog.getByText(/Meeting with Marcus Reed/)).toBeVisible();
    // The 13 zones, starting in the one the page asked for.
    const zone = dialog.getByLabel('Time zone');
    await expect(zone).toHaveValue('America/New_York');
    await expect(zone.locator('option')).toHaveCount(TIME_ZONES.length);
    await expect(dialog.getByLabel('Meeting length')).toHaveValue('30');

    // Weekends and past days are disabled; free days are highlighted; a day is chosen already.
    await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    const all = await days(dialog).evaluateAll((buttons) =>
      buttons.map((b) => ({
        date: b.getAttribute('data-date') ?? '',
        disabled: b.getAttribute('aria-disabled') === 'true',
        free: b.hasAttribute('data-available'),
        today: b.hasAttribute('data-today'),
      })),
    );
    const todayIndex = all.findIndex((d) => d.today);
    for (const [index, day] of all.entries()) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      // The grid may show a later month when this one has no free day left.
      const past = todayIndex >= 0 && index < todayIndex;
      expect(day.disabled, day.date).toBe(weekend || past);
      if (day.free) expect(day.disabled, day.date).toBe(false);
    }
    await expect(dialog.locator('button[data-date][aria-pressed="true"]')).toHaveCount(1);

    // Schedule Meeting waits for a slot.
    const schedule = dialog.getByRole('button', { name: 'Schedule Meeting' });
    await expect(schedule).toBeDisabled();
    await chooseFullDay(dialog);
    const slots = dialog.getByRole('radio');
    await expect(slots).toHaveCount(SLOT_PAGE_SIZE);
    for (const label of await slots.evaluateAll((inputs) =>
      inputs.map((i) => i.closest('label')?.textContent?.trim() ?? ''),
    )) {
      expect(label).toMatch(SLOT_TIME);
    }
    // Load More continues after the last slot, without duplicates.
    await dialog.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => slots.count()).toBeGreaterThan(SLOT_PAGE_SIZE);
    const values = await slots.evaluateAll((inputs) =>
      inputs.map((i) => (i as HTMLInputElement).value),
    );
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual(values);

    // Changing the zone clears the chosen slot and shows the times in the new zone.
    await slots.first().check();
    await expect(schedule).toBeEnabled();
    const firstNewYork = await slots.first().evaluate((i) => i.closest('label')?.textContent);
    await zone.selectOption('America/Los_Angeles');
    await expect(schedule).toBeDisabled();
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(slots.first()).toBeVisible();
    expect(await slots.first().evaluate((i) => i.closest('label')?.textContent)).not.toBe(
      firstNewYork,
    );

    // Nobody is signed in on the partner's page: the modal invites to log in on the portal.
    await slots.first().check();
    await schedule.click();
    const signIn = page.getByRole('dialog', { name: 'Log in to book' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `${baseURL}/sign-in`,
    );

    // CANCEL closes it, fires fm-close and gives focus back to the page's button.
    await signIn.getByRole('button', { name: 'CANCEL' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(host).not.toHaveAttribute('open', '');
    await expect(page.getByRole('button', { name: 'Book with Marcus' })).toBeFocused();
    const events = await recordedEvents(page);
    expect(events.map((e) => e.type)).toContain('fm-close');
    expect(events.find((e) => e.type === 'fm-close')).toMatchObject({
      bubbles: true,
      composed: true,
    });
    expect(events.map((e) => e.type)).not.toContain('fm-booked');
  });

  test('works with the keyboard alone', async ({ page, request, baseURL }) => {
    const consultantId = (await demoUser(request, baseURL!, 'consultant@example.com')).id;
    await openBookingPage(page, baseURL!, consultantId);
    await page.getByRole('button', { name: 'Book with Marcus' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    const host = page.locator('fm-booking-modal');
    const focused = () =>
      host.evaluate((el) => {
        const active = el.shadowRoot?.activeElement;
        return {
          date: active?.getAttribute('data-date') ?? null,
          label: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
          tag: active?.tagName ?? '',
        };
      });

    // Tab reaches the calendar's one focusable day.
    for (let i = 0; i < 6 && (await focused()).date === null; i += 1)
      await page.keyboard.press('Tab');
    const start = (await focused()).date;
    expect(start).not.toBeNull();

    // Arrow keys never land on a weekend or a past day.
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press('ArrowRight');
      const date = (await focused()).date ?? '';
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      expect(weekday === 0 || weekday === 6, date).toBe(false);
    }
    await page.keyboard.press('ArrowLeft');
    const chosen = (await focused()).date ?? '';
    await page.keyboard.press('Enter');
    await expect(dialog.locator(`button[data-date="${chosen}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Tab on to the slots; Space chooses one; Schedule Meeting becomes enabled.
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    for (let i = 0; i < 6 && (await focused()).tag !== 'INPUT'; i += 1) {
      await page.keyboard.press('Tab');
    }
    expect((await focused()).tag).toBe('INPUT');
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Schedule Meeting' })).toBeEnabled();

    // Focus stays inside: Tab from the last control comes back to the first.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await host.evaluate((el) => el.shadowRoot?.activeElement !== null)).toBe(true);

    // Escape closes, and focus returns to the opener.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book with Marcus' })).toBeFocused();
  });

  test('fits a 375 px screen', async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const consultantId = (await demoUser(request, baseURL!, 'consultant@example.com')).id;
    await openBookingPage(page, baseURL!, consultantId);
    await page.getByRole('button', { name: 'Book with Marcus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const schedule = await dialog.getByRole('button', { name: 'Schedule Meeting' }).boundingBox();
    expect(schedule!.x + schedule!.width).toBeLessThanOrEqual(375);
  });
});
