import type { LateCancellation, LateRescheduleList, Session, SlotsResult } from '@fm/sdk/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignInDemoPair, DEMO, signIn } from './helpers.ts';

/**
 * Rule 20 in two browsers: the franchisor proposes a new time for an upcoming meeting from the
 * consultant's open slots, the consultant accepts it in their own browser, and both pages show the
 * meeting at the new time (the franchisor's without a reload, through the live notification).
 */

const ZONE = 'America/New_York';
/** Slots picked start at least this far ahead (the room must not be open). */
const LEAD_MS = 45 * 60_000;
const DAY_MS = 86_400_000;

/** The open slots of a day for an hour-long meeting, as the reschedule dialog reads them. */
async function slotsOn(request: APIRequestContext, consultantId: string, date: string) {
  const response = await request.get(
    `/api/booking/consultant/${consultantId}/slots?date=${date}&timezone=${encodeURIComponent(ZONE)}&duration=60`,
  );
  expect(response.status()).toBe(200);
  const { days } = (await response.json()) as SlotsResult;
  return days.flatMap((d) => d.slots).filter((s) => Date.parse(s.start) > Date.now() + LEAD_MS);
}

/** The first day from `after` on with an open slot, and that slot. */
async function firstOpenDay(request: APIRequestContext, consultantId: string, after: number) {
  for (let day = 0; day < 28; day++) {
    const date = new Date(after + day * DAY_MS).toLocaleDateString('en-CA', { timeZone: ZONE });
    const [slot] = await slotsOn(request, consultantId, date);
    if (slot) return { date, slot };
  }
  throw new Error('no open slot in four weeks');
}

async function signedInPage(browser: Browser, baseURL: string, email: string, home: RegExp) {
  const context = await browser.newContext({ baseURL, timezoneId: ZONE });
  const page = await context.newPage();
  await signIn(page, email, home);
  return page;
}

const meetingTime = (page: Page) => page.getByTestId('meeting-time');

test.describe('rescheduling a meeting', () => {
  test('the franchisor proposes a new time, the consultant accepts it, both see the meeting moved', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    const booked = await firstOpenDay(request, consultant.id, Date.now());
    const created = await request.post('/api/session', {
      headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
      data: {
        consultantId: consultant.id,
        start: booked.slot.start,
        end: booked.slot.end,
        timeZone: ZONE,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const meeting = (await created.json()) as Session;
    try {
      // A later day's first open time: the one the franchisor picks in the dialog.
      const target = await firstOpenDay(
        request,
        consultant.id,
        Date.parse(booked.slot.end) + DAY_MS,
      );

      const franchisorPage = await signedInPage(
        browser,
        baseURL!,
        DEMO.franchisor,
        /\/consultants$/,
      );
      await franchisorPage.goto(`/bookings/${meeting.id}`);
      await expect(meetingTime(franchisorPage)).toHaveAttribute('datetime', meeting.start);
      await franchisorPage.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = franchisorPage.getByRole('dialog', { name: 'Propose new times' });
      await dialog.getByLabel('Day').fill(target.date);
      const times = dialog.getByRole('list', { name: 'Open times' });
      await times.getByRole('button').first().click();
      await expect(dialog.getByTestId('reschedule-chosen').getByRole('listitem')).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Send proposal' }).click();
      await expect(franchisorPage.getByText('Proposal sent')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(franchisorPage.getByTestId('reschedule-proposal')).toContainText(
        'Waiting for the other side to answer.',
      );

      const consultantPage = await signedInPage(
        browser,
        baseURL!,
        DEMO.consultant,
        /\/franchisors$/,
      );
      await consultantPage.goto(`/bookings/${meeting.id}`);
      const proposal = consultantPage.getByTestId('reschedule-proposal');
      await proposal.getByRole('button', { name: /^Accept/ }).click();
      await expect(consultantPage.getByText('The meeting has been moved')).toBeVisible();
      await expect(meetingTime(consultantPage)).toHaveAttribute('datetime', target.slot.start);
      await expect(proposal).toBeHidden();

      // The franchisor's page follows without a reload.
      await expect(meetingTime(franchisorPage)).toHaveAttribute('datetime', target.slot.start, {
        timeout: 10_000,
      });
      await expect(franchisorPage.getByTestId('reschedule-proposal')).toBeHidden();
    } finally {
      await request.delete(`/api/session/${meeting.id}`, {
        headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
      });
    }
  });
});

test.describe('rescheduling a late cancellation', () => {
  test('the consultant chooses Reschedule and proposes a time, the franchisor accepts it in its own browser', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    const auth = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: baseURL! });
    // Every day open for the test, so a time within 24 hours exists on any day of the week.
    const settings = await request.get('/api/users/calendars', { headers: auth(consultant.token) });
    const { weeklyHours } = (await settings.json()) as { weeklyHours: unknown[] };
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '00:00',
      end: '24:00',
    }));
    const setHours = (hours: unknown[]) =>
      request.patch('/api/users/calendars', {
        headers: auth(consultant.token),
        data: { weeklyHours: hours },
      });
    expect((await setHours(everyDay)).ok()).toBe(true);
    try {
      await lateCancellationRescheduled();
    } finally {
      await setHours(weeklyHours);
    }

    async function lateCancellationRescheduled() {
      const soon = await firstOpenDay(request, consultant.id, Date.now());
      expect(Date.parse(soon.slot.start) - Date.now()).toBeLessThan(DAY_MS);
      const created = await request.post('/api/session', {
        headers: auth(franchisor.token),
        data: {
          consultantId: consultant.id,
          start: soon.slot.start,
          end: soon.slot.end,
          timeZone: ZONE,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const meeting = (await created.json()) as Session;
      // Cancelled less than 24 hours before: the consultant decides.
      const cancelled = await request.delete(`/api/session/${meeting.id}`, {
        headers: auth(franchisor.token),
      });
      expect(cancelled.ok()).toBe(true);
      const target = await firstOpenDay(request, consultant.id, Date.parse(soon.slot.end) + DAY_MS);

      const consultantPage = await signedInPage(
        browser,
        baseURL!,
        DEMO.consultant,
        /\/franchisors$/,
      );
      await consultantPage.goto('/payments');
      const late = consultantPage.getByRole('region', {
        name: 'Late cancellations awaiting your decision',
      });
      // Other late cancellations may wait too (the demo's, earlier tests'): this meeting's row is
      // at its place in the list the page shows.
      const lateList = await request.get('/api/users/late-cancellations', {
        headers: auth(consultant.token),
      });
      const lates = ((await lateList.json()) as { data: LateCancellation[] }).data;
      const lateIndex = lates.findIndex((item) => item.start === soon.slot.start);
      expect(lateIndex).toBeGreaterThanOrEqual(0);
      const row = late.getByRole('listitem').nth(lateIndex);
      await row.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = consultantPage.getByRole('dialog', { name: 'Propose new times' });
      await dialog.getByLabel('Day').fill(target.date);
      await dialog.getByRole('list', { name: 'Open times' }).getByRole('button').first().click();
      await dialog.getByRole('button', { name: 'Send proposal' }).click();
      await expect(consultantPage.getByText('Proposal sent')).toBeVisible();
      await expect(row).toContainText('waiting for the franchisor');

      const franchisorPage = await signedInPage(
        browser,
        baseURL!,
        DEMO.franchisor,
        /\/consultants$/,
      );
      await franchisorPage.goto('/bookings');
      const offers = await request.get('/api/users/late-cancellations/reschedule-requests', {
        headers: auth(franchisor.token),
      });
      const offerIndex = ((await offers.json()) as LateRescheduleList).data.findIndex(
        (item) => item.cancelledStart === soon.slot.start,
      );
      expect(offerIndex).toBeGreaterThanOrEqual(0);
      const offer = franchisorPage.getByTestId('late-reschedule-offer').nth(offerIndex);
      await expect(offer).toContainText('New times for a meeting you cancelled');
      await offer
        .getByRole('button', { name: /^Accept/ })
        .first()
        .click();
      await expect(franchisorPage.getByText('The meeting has been booked again')).toBeVisible();
      await expect(franchisorPage).toHaveURL(new RegExp(`/bookings/${meeting.id}$`));
      await expect(franchisorPage.getByTestId('meeting-time')).toHaveAttribute(
        'datetime',
        target.slot.start,
      );
    }
  });
});
