import type { CalendarSettings, Session, SessionList } from '@fm/sdk/contracts';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  type ApiUser,
  apiSignIn,
  apiSignInDemoPair,
  apiSignUp,
  DEMO,
  forgetTimeZone,
  signIn,
} from './helpers.ts';

/**
 * Booking end to end: a subscribed franchisor books the demo consultant in
 * Los Angeles time from the consultant's public profile, switches their zone to Los Angeles and
 * finds the meeting in My Meetings at that time; the consultant sees it in their own zone and declines it; the slot is offered
 * again. Also: a franchisor without a subscription gets the Start Booking Calls banner and the
 * Action Not Available modal; booking works with the keyboard alone; the franchisor cancels from
 * the meeting page; the consultant's calendar page and prompt. Every booking made here is
 * declined or cancelled again, so the tests can run again on the same data.
 */

const DEMO_FRANCHISE = 'BrightNest Home Care';
const CONSULTANT_NAME = 'Marcus Reed';
/** Slots picked for booking start at least this far ahead (today's first slots may be close). */
const LEAD_MS = 45 * 60_000;

/** The franchisor's live meeting at `start` with the consultant, if any (for clean-ups). */
async function findMeeting(
  request: APIRequestContext,
  user: ApiUser,
  consultantId: string,
  start: string,
): Promise<Session | null> {
  for (const status of ['future', 'pending'] as const) {
    const response = await request.get(`/api/session?status=${status}&limit=100`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(response.status()).toBe(200);
    const { sessions } = (await response.json()) as SessionList;
    const found = sessions.find(
      (s) => s.consultantId === consultantId && Date.parse(s.start) === Date.parse(start),
    );
    if (found) return found;
  }
  return null;
}

/** Frees a slot a failed test may have left booked: the consultant declines it. */
async function declineIfBooked(
  request: APIRequestContext,
  baseURL: string,
  franchisor: ApiUser,
  consultant: ApiUser,
  start: string | null,
) {
  if (!start) return;
  const meeting = await findMeeting(request, franchisor, consultant.id, start);
  if (!meeting) return;
  await request.patch(`/api/session/${meeting.id}`, {
    headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL },
    data: { status: 'declined', duration: 15, dateTime: new Date().toISOString() },
  });
}

/** An instant as the spec writes dates ('1 Jan, 2025, 3:00 pm') in a zone. */
function specDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** An instant as the booking modal shows slots ('h:mm A') in a zone. */
function specSlotTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));
}

async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  home: RegExp,
  timezoneId: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = await context.newPage();
  await signIn(page, email, home);
  return page;
}

async function openBookingModal(page: Page, consultantId: string): Promise<Locator> {
  await page.goto(`/consultants/${consultantId}`);
  await page.getByRole('button', { name: 'Book a Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  return dialog;
}

/** The slot radios' values (ISO starts), once the chosen day's slots are on screen. */
async function slotStarts(dialog: Locator): Promise<string[]> {
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  return dialog
    .getByRole('radio')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/**
 * The first slot starting at least LEAD_MS from now, on the chosen day or the following free
 * days: returns its start after choosing it.
 */
async function chooseBookableSlot(dialog: Locator): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const starts = await slotStarts(dialog);
    const start = starts.find((s) => Date.parse(s) >= Date.now() + LEAD_MS);
    if (start) {
      await dialog.locator(`input[type="radio"][value="${start}"]`).check();
      return start;
    }
    // Nothing far enough ahead on this day: the next day with free times.
    const chosen =
      (await dialog.locator('button[data-date][aria-pressed="true"]').getAttribute('data-date')) ??
      '';
    const dates = await dialog
      .locator('button[data-date][data-available]')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-date') ?? ''));
    const later = dates.find((d) => d > chosen);
    if (later) {
      await dialog.locator(`button[data-date="${later}"]`).click();
      await expect(dialog.locator(`button[data-date="${later}"]`)).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    } else {
      await dialog.getByRole('button', { name: 'Next month' }).click();
      await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
      await dialog.locator('button[data-date][data-available]').first().click();
    }
  }
  throw new Error('no bookable slot found');
}

/**
 * The zone My Meetings names its times in ("Times in America/New York · change"): the user's one
 * zone (rule 20).
 */
async function shownZone(page: Page): Promise<string> {
  const label = page.getByTestId('time-zone-label').first();
  await expect(label).toContainText('Times in');
  const text = (await label.textContent()) ?? '';
  return (/Times in (.+?)\s*·/.exec(text)?.[1] ?? '').replaceAll(' ', '_');
}

/**
 * Saves the user's zone through the switch on My Meetings (rule 20: on their profile, so every
 * page, device and e-mail follows it).
 */
async function switchZone(page: Page, zone: string): Promise<void> {
  await page.goto('/bookings');
  const label = page.getByTestId('time-zone-label').first();
  await label.getByRole('button', { name: 'change' }).click();
  await label.getByLabel('Time zone').selectOption(zone);
  await expect(label).toContainText(`Times in ${zone.replaceAll('_', ' ')}`);
}

/**
 * Opens the row of My Meetings (Upcoming) of the meeting starting at `start` with `name`, paging
 * as needed; the row is found by its time in the zone the page names (the user's). Answers the
 * meeting's id and that time.
 */
async function openMeetingRow(
  page: Page,
  start: string,
  name: string,
): Promise<{ id: string; time: string }> {
  await page.goto('/bookings?status=upcoming');
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const time = specDateTime(start, await shownZone(page));
  for (let p = 0; p < 20; p += 1) {
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveAttribute('aria-busy', 'false');
    const row = panel
      .getByTestId('meeting-row')
      .filter({ hasText: time })
      .filter({ hasText: name });
    if ((await row.count()) > 0) {
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Upcoming', { exact: true })).toBeVisible();
      const href = (await row.getByRole('link').getAttribute('href')) ?? '';
      await row.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      return { id: href.split('/').pop() ?? '', time };
    }
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', {
      name: 'Next',
    });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  throw new Error(`no upcoming meeting at ${time} with ${name}`);
}

test.describe('booking a meeting', () => {
  test('a franchisor books in Los Angeles time; the consultant sees it in theirs, declines it, and the slot is offered again', {
    tag: '@smoke',
  }, async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    let booked: string | null = null;
    try {
      // The franchisor's browser is in Los Angeles.
      const page = await signedInPage(
        browser,
        baseURL!,
        DEMO.franchisor,
        /\/consultants$/,
        'America/Los_Angeles',
      );
      const dialog = await openBookingModal(page, consultant.id);
      await expect(dialog.getByText(`Meeting with ${CONSULTANT_NAME}`)).toBeVisible();
      const zone = dialog.getByLabel('Time zone');
      await expect(zone).toHaveValue('America/Los_Angeles');

      // Another zone first: the times move with it and a chosen slot is cleared.
      await zone.selectOption('America/New_York');
      await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
      const [newYorkFirst] = await slotStarts(dialog);
      await dialog.getByRole('radio').first().check();
      const firstLabel = dialog
        .locator('label')
        .filter({ has: page.locator(`input[value="${newYorkFirst}"]`) });
      await expect(firstLabel).toHaveText(specSlotTime(newYorkFirst!, 'America/New_York'));
      await zone.selectOption('America/Los_Angeles');
      await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Schedule Meeting' })).toBeDisabled();
      await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');

      // The first day with free times is chosen for us.
      const firstFree = await dialog
        .locator('button[data-date][data-available]')
        .first()
        .getAttribute('data-date');
      await expect(dialog.locator('button[data-date][aria-pressed="true"]')).toHaveAttribute(
        'data-date',
        firstFree ?? '',
      );

      booked = await chooseBookableSlot(dialog);
      const label = dialog.locator('label').filter({
        has: page.locator(`input[value="${booked}"]`),
      });
      await expect(label).toHaveText(specSlotTime(booked, 'America/Los_Angeles'));
      await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
      const done = page.getByRole('dialog', { name: 'Meeting scheduled' });
      await expect(done).toContainText(
        `is booked for ${specDateTime(booked, 'America/Los_Angeles')} (America/Los Angeles).`,
      );
      await done.getByRole('link', { name: 'View My Meetings' }).click();
      await expect(page).toHaveURL(/\/bookings$/);

      // My Meetings shows times in the franchisor's one zone (rule 20): saved as Los Angeles
      // through the switch, it shows the meeting at the Los Angeles time ('1 Jan, 2025, 3:00 pm').
      await switchZone(page, 'America/Los_Angeles');
      const losAngeles = specDateTime(booked, 'America/Los_Angeles');
      const { id: meetingId, time } = await openMeetingRow(page, booked, CONSULTANT_NAME);
      expect(time).toBe(losAngeles);
      await expect(page.getByTestId('meeting-time')).toHaveText(losAngeles);
      await expect(page.getByText('$100', { exact: true })).toBeVisible();

      // The consultant's browser is in New York: the same meeting, three hours later.
      const consultantPage = await signedInPage(
        browser,
        baseURL!,
        DEMO.consultant,
        /\/franchisors$/,
        'America/New_York',
      );
      const newYork = specDateTime(booked, 'America/New_York');
      expect(newYork).not.toBe(losAngeles);
      const seen = await openMeetingRow(consultantPage, booked, DEMO_FRANCHISE);
      expect(seen).toEqual({ id: meetingId, time: newYork });
      await expect(consultantPage.getByTestId('meeting-time')).toHaveText(newYork);

      // The consultant declines it: the spec's toast, then back to My Meetings.
      await consultantPage.getByRole('button', { name: 'Decline', exact: true }).click();
      const confirm = consultantPage.getByRole('alertdialog', { name: 'Decline this meeting?' });
      await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
      await expect(consultantPage.getByText('Meeting canceled successfully!')).toBeVisible();
      await expect(consultantPage).toHaveURL(/\/bookings$/);
      await consultantPage.goto(`/bookings/${meetingId}`);
      await expect(consultantPage.getByText('Declined', { exact: true })).toBeVisible();

      // The slot is offered again.
      const again = await openBookingModal(page, consultant.id);
      await expect(again.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
      const day = specDay(booked, 'America/Los_Angeles');
      const dayButton = again.locator(`button[data-date="${day}"]`);
      if ((await dayButton.count()) === 0)
        await again.getByRole('button', { name: 'Next month' }).click();
      await again.locator(`button[data-date="${day}"]`).click();
      await slotStarts(again);
      const offered = again.locator(`input[type="radio"][value="${booked}"]`);
      while ((await offered.count()) === 0) {
        const more = again.getByRole('button', { name: 'Load More' });
        if ((await more.count()) === 0) break;
        await more.click();
      }
      await expect(offered).toHaveCount(1);
      booked = null;
    } finally {
      await declineIfBooked(request, baseURL!, franchisor, consultant, booked);
      await forgetTimeZone(request, baseURL!, franchisor);
    }
  });

  test('a franchisor without a subscription sees Start Booking Calls and gets Action Not Available', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL!, DEMO.consultant);
    const email = await apiSignUp(request, baseURL!, {
      prefix: 'e2e-booking-franchisor',
      firstName: 'Nora',
      lastName: 'Nosub',
      role: 'franchisor',
    });
    await signIn(page, email, /\/consultants$/);
    // A new account's guided tour opens first.
    const tour = page.getByTestId('tutorial');
    await expect(tour).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();

    const banner = page.getByRole('region', { name: 'Start Booking Calls' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Activate Your Subscription' })).toHaveAttribute(
      'href',
      '/my-profile/subscription',
    );
    // Prompted once (a toast that does not block the page).
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Start Booking Calls' }),
    ).toBeVisible();

    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My Meetings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Start Booking Calls' })).toBeVisible();

    const dialog = await openBookingModal(page, consultant.id);
    await chooseBookableSlot(dialog);
    await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
    const restricted = page.getByRole('dialog', { name: 'Action Not Available' });
    await expect(restricted).toBeVisible();
    await expect(restricted).toContainText(
      'Activate your profile to unlock messaging and bookings',
    );
    await restricted.getByRole('link', { name: 'Activate Your Subscription' }).click();
    await expect(page).toHaveURL(/\/my-profile\/subscription$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('booking works with the keyboard alone, and the franchisor cancels from the meeting page', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    let booked: string | null = null;
    try {
      const page = await signedInPage(
        browser,
        baseURL!,
        DEMO.franchisor,
        /\/consultants$/,
        'America/Chicago',
      );
      await page.goto(`/consultants/${consultant.id}`);
      const book = page.getByRole('button', { name: 'Book a Meeting' });
      await book.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
      await expect(dialog.getByLabel('Time zone')).toHaveValue('America/Chicago');
      const active = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return {
            date: el?.getAttribute('data-date') ?? null,
            tag: el?.tagName ?? '',
            text: el?.textContent?.trim() ?? '',
            value: (el as HTMLInputElement | null)?.value ?? '',
          };
        });

      // Tab to the calendar, move to the next weekday with the arrows, choose it with Enter.
      for (let i = 0; i < 8 && (await active()).date === null; i += 1)
        await page.keyboard.press('Tab');
      const first = (await active()).date;
      expect(first).not.toBeNull();
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await active()).date).not.toBe(first);
      const next = (await active()).date ?? '';
      expect(next > (first ?? '')).toBe(true);
      await page.keyboard.press('Enter');
      await expect(dialog.locator(`button[data-date="${next}"]`)).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      // Tab to the slots, take the first with Space, Tab to Schedule Meeting, Enter.
      await slotStarts(dialog);
      for (let i = 0; i < 8 && (await active()).tag !== 'INPUT'; i += 1)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      booked = (await active()).value;
      expect(Date.parse(booked)).toBeGreaterThan(Date.now());
      await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
      for (let i = 0; i < 8 && (await active()).text !== 'Schedule Meeting'; i += 1) {
        await page.keyboard.press('Tab');
      }
      expect((await active()).text).toBe('Schedule Meeting');
      await page.keyboard.press('Enter');
      const done = page.getByRole('dialog', { name: 'Meeting scheduled' });
      await expect(done).toBeVisible();
      await expect(done).toContainText(specDateTime(booked, 'America/Chicago'));
      // Escape closes; focus is back on Book a Meeting.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(book).toBeFocused();

      // The franchisor cancels it from the meeting page, found at its time in their zone.
      await openMeetingRow(page, booked, CONSULTANT_NAME);
      await page.getByRole('button', { name: 'Cancel meeting' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this meeting?' });
      // Within 24 hours of the start the consultant may charge it: the dialog says so.
      const late = Date.parse(booked) - Date.now() < 24 * 60 * 60 * 1000;
      await expect(confirm).toContainText(
        late ? 'The meeting starts within 24 hours' : 'the payment hold is released',
      );
      await confirm.getByRole('button', { name: 'Cancel meeting' }).click();
      await expect(page.getByText('Meeting canceled successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/bookings$/, { timeout: 5_000 });
      expect(await findMeeting(request, franchisor, consultant.id, booked)).toBeNull();
      booked = null;
    } finally {
      await declineIfBooked(request, baseURL!, franchisor, consultant, booked);
    }
  });

  test("the consultant's calendar: the connect prompt, the connect modal, availability and the feed", async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL!, DEMO.consultant);
    const settingsResponse = await request.get('/api/users/calendars', {
      headers: { Authorization: `Bearer ${consultant.token}` },
    });
    expect(settingsResponse.status()).toBe(200);
    const settings = (await settingsResponse.json()) as CalendarSettings;

    await signIn(page, DEMO.consultant, /\/franchisors$/);
    // No calendar connected: the connect prompt, which stays closed once dismissed (15 minutes).
    const prompt = page.getByRole('region', { name: 'Connect your calendar' });
    if (settings.connections.some((c) => c.connected && c.hasCalendarId)) {
      await expect(prompt).toHaveCount(0);
    } else {
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Find Franchisors' })).toBeVisible();
      await expect(prompt).toHaveCount(0);
      expect(
        await page.evaluate(
          (id) => localStorage.getItem(`fm-calendar-prompt-closed:${id}`),
          consultant.id,
        ),
      ).not.toBeNull();
    }

    await page.goto('/my-profile/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Availability' });
    await expect(form.getByLabel('Your time zone')).toHaveValue(settings.timeZone);
    const monday = form.getByRole('group', { name: 'Monday, range 1' });
    await expect(monday.getByLabel(/From/)).toHaveValue('09:00');
    await expect(monday.getByLabel(/To/)).toHaveValue('17:00');
    await expect(form.getByRole('checkbox', { name: '30 minutes' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: '60 minutes' })).toBeChecked();

    // A second range that overlaps is refused with the contract's message; removing it fixes it.
    await form.getByRole('button', { name: 'Add hours to Monday' }).click();
    const second = form.getByRole('group', { name: 'Monday, range 2' });
    await second.getByLabel(/From/).fill('16:00');
    await second.getByLabel(/To/).fill('18:00');
    await form.getByRole('button', { name: 'Save availability' }).click();
    await expect(form.getByText('Hours of one day must not overlap')).toBeVisible();
    await second.getByRole('button', { name: 'Remove Monday, range 2' }).click();
    await form.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    // The private feed.
    await expect(page.getByLabel('Calendar feed URL (iCalendar)')).toHaveValue(
      /\/api\/calendar\/feed\/.+\.ics$/,
    );

    // The connect modal: an unconfigured provider says so.
    await page
      .getByRole('region', { name: 'Connected calendars' })
      .getByRole('button', { name: /Connect Google Calendar/ })
      .click();
    const connect = page.getByRole('dialog', { name: 'Connect your calendar' });
    await expect(connect).toBeVisible();
    if (!settings.configuredProviders.includes('google')) {
      await connect.getByRole('button', { name: 'Connect Google Calendar' }).click();
      await expect(connect.getByRole('alert')).toHaveText(
        'Google calendar is not configured on this server',
      );
    }
    await page.keyboard.press('Escape');
    await expect(connect).toBeHidden();
  });
});

test.describe('meetings on a small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('My Meetings, a meeting and the booking modal fit the screen', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL!, DEMO.consultant);
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto('/bookings');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('meeting-row').first()).toBeVisible();
    expect(await fits()).toBe(true);
    // The first row may be the running meeting (rule 20), its Join link after the row's own.
    await page.getByTestId('meeting-row').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meeting Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Meetings' }).first()).toBeVisible();
    expect(await fits()).toBe(true);
    const dialog = await openBookingModal(page, consultant.id);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Book a Meeting' })).toBeFocused();
  });
});

/** The calendar day of an instant in a zone, `YYYY-MM-DD`. */
function specDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}
