import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { roomLink, roomLinkSelector, runningDemoMeeting } from './demo-meeting.ts';
import { apiSignIn, DEMO, forgetTimeZone, signIn } from './helpers.ts';
import { WEBRTC_BROWSER } from './webrtc.ts';

/**
 * Rule 20, the meeting's "now": during the demo's running meeting, the demo franchisor (desktop)
 * and consultant (phone) both find it among the "now" meetings that lead the dashboard and My
 * Meetings, with "Join meeting", the time left and the other side's presence; once the consultant
 * is in the room, the franchisor sees them there without reloading. Every time on both pages is in
 * the user's zone, labelled.
 */

test.use(WEBRTC_BROWSER);
// Up to five minutes of a test may go to waiting for the server's next demo meeting.
test.setTimeout(7 * 60_000);

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  who: 'franchisor' | 'consultant',
) {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: who === 'consultant' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, DEMO[who], who === 'franchisor' ? /\/consultants$/ : /\/franchisors$/);
  return { context, page };
}

/**
 * Rule 20 on a list of `item`s: the meeting `id` is there as a "now" meeting, with "Join meeting"
 * and the time left, and the "now" meetings lead (no other meeting comes before one of them). Other
 * "now" meetings of the same person (booked by other tests) may come before it.
 */
async function nowItem(page: Page, item: string, id: string): Promise<Locator> {
  const items = page.getByTestId(item);
  const mine = items.filter({ has: roomLink(page, id) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('link', { name: 'Join meeting' })).toBeVisible();
  await expect(mine.getByTestId('now-meeting-left')).toHaveText(/ left$/);
  const order = await items.evaluateAll(
    (elements, link) =>
      elements.map((e) => ({
        mine: e.querySelector(link) !== null,
        now: e.querySelector('[data-testid="now-meeting"]') !== null,
      })),
    roomLinkSelector(id),
  );
  const mineAt = order.findIndex((o) => o.mine);
  expect(order.slice(0, mineAt + 1).every((o) => o.now)).toBe(true);
  return mine;
}

test('both sides find the running meeting leading their lists, and one sees the other join the room', async ({
  browser,
  baseURL,
  request,
}) => {
  const meetingId = await runningDemoMeeting(request, baseURL ?? '');
  const franchisor = await signedIn(browser, baseURL, 'franchisor');
  const consultant = await signedIn(browser, baseURL, 'consultant');
  try {
    // The dashboard leads with it, for both.
    await franchisor.page.goto('/dashboard');
    const onDashboard = await nowItem(franchisor.page, 'dashboard-meeting', meetingId);
    await consultant.page.goto('/dashboard');
    await nowItem(consultant.page, 'dashboard-meeting', meetingId);
    await expect(onDashboard.getByTestId('now-meeting-presence')).toHaveText(
      'Marcus Reed has not joined yet',
    );

    // My Meetings leads with it in All and in Pending (it has started), for both.
    for (const { page } of [franchisor, consultant]) {
      for (const tab of ['/bookings', '/bookings?status=pending']) {
        await page.goto(tab);
        await nowItem(page, 'meeting-row', meetingId);
      }
      // Both pages say which zone their times are in, with a way to change it.
      await expect(page.getByTestId('time-zone-label')).toContainText(/^Times in .+ · change$/);
    }

    // The consultant joins the room from their list; the franchisor's My Meetings shows them in it.
    await franchisor.page.goto('/bookings');
    const row = await nowItem(franchisor.page, 'meeting-row', meetingId);
    await expect(row.getByTestId('now-meeting-presence')).toHaveText(
      'Marcus Reed has not joined yet',
    );
    await roomLink(consultant.page, meetingId).click();
    await expect(consultant.page).toHaveURL(new RegExp(`/meetings/${meetingId}/room$`));
    await consultant.page.getByRole('button', { name: 'Join meeting' }).click();
    await expect(consultant.page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
    await expect(row.getByTestId('now-meeting-presence')).toHaveText('Marcus Reed is in the room', {
      timeout: 40_000,
    });

    // The consultant leaves: the franchisor sees that too.
    await consultant.page.getByRole('button', { name: 'Leave' }).click();
    await expect(row.getByTestId('now-meeting-presence')).toHaveText(
      'Marcus Reed has not joined yet',
      { timeout: 40_000 },
    );
  } finally {
    await franchisor.context.close();
    await consultant.context.close();
  }
});

test('the zone switch changes every time on the page at once', async ({
  browser,
  baseURL,
  request,
}) => {
  const franchisor = await signedIn(browser, baseURL, 'franchisor');
  try {
    await franchisor.page.goto('/dashboard');
    const label = franchisor.page.getByTestId('time-zone-label');
    await label.getByRole('button', { name: 'change' }).click();
    await label.getByLabel('Time zone').selectOption('Pacific/Honolulu');
    await expect(label).toHaveText('Times in Pacific/Honolulu · change');
    await expect(franchisor.page.getByTestId('dashboard-meeting').first()).toContainText(/HST/);
    // My Meetings uses the same zone, and so does a new page load.
    await franchisor.page.goto('/bookings');
    await expect(franchisor.page.getByTestId('time-zone-label')).toHaveText(
      'Times in Pacific/Honolulu · change',
    );
    // The zone is the person's, on their profile: another device shows it too.
    const other = await signedIn(browser, baseURL, 'franchisor');
    await other.page.goto('/bookings');
    await expect(other.page.getByTestId('time-zone-label')).toHaveText(
      'Times in Pacific/Honolulu · change',
    );
    await other.context.close();
  } finally {
    await franchisor.context.close();
    // The demo franchisor's profile goes back to no chosen zone for the other tests.
    const user = await apiSignIn(request, baseURL ?? '', DEMO.franchisor);
    await forgetTimeZone(request, baseURL ?? '', user);
  }
});
