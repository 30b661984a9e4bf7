import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, DEMO, forgetTimeZone, signIn } from './helpers.ts';
import { WEBRTC_BROWSER } from './webrtc.ts';

/**
 * Rule 20, the meeting's "now": during the demo's running meeting, the demo franchisor (desktop)
 * and consultant (phone) both find it first on the dashboard and in My Meetings, with "Join
 * meeting", the time left and the other side's presence; once the consultant is in the room, the
 * franchisor sees them there without reloading. Every time on both pages is in the user's zone,
 * labelled.
 */

test.use(WEBRTC_BROWSER);
test.setTimeout(180_000);

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
 * Opens `path` once the demo meeting is running: the server keeps one every minute, so after a
 * test that completed it (the meeting room's) the next is booked within a minute.
 */
async function whenRunning(page: Page, path: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByTestId('now-meeting').first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
}

/** The room id of the first "Join meeting" link inside `scope`'s first item. */
async function firstJoinId(page: Page, item: string): Promise<string> {
  const first = page.getByTestId(item).first();
  const join = first.getByRole('link', { name: 'Join meeting' });
  await expect(join).toBeVisible();
  await expect(first.getByTestId('now-meeting-left')).toHaveText(/ left$|^Starts in /);
  const href = (await join.getAttribute('href')) ?? '';
  const id = /\/meetings\/([^/]+)\/room$/.exec(href)?.[1] ?? '';
  expect(id).not.toBe('');
  return id;
}

test('both sides find the running meeting first, and one sees the other join the room', async ({
  browser,
  baseURL,
}) => {
  const franchisor = await signedIn(browser, baseURL, 'franchisor');
  const consultant = await signedIn(browser, baseURL, 'consultant');
  try {
    // The dashboard leads with it, for both.
    await whenRunning(franchisor.page, '/dashboard');
    const meetingId = await firstJoinId(franchisor.page, 'dashboard-meeting');
    await consultant.page.goto('/dashboard');
    expect(await firstJoinId(consultant.page, 'dashboard-meeting')).toBe(meetingId);
    await expect(
      franchisor.page.getByTestId('dashboard-meeting').first().getByTestId('now-meeting-presence'),
    ).toHaveText('Marcus Reed has not joined yet');

    // My Meetings leads with it in All and in Pending (it has started), for both.
    for (const { page } of [franchisor, consultant]) {
      for (const tab of ['/bookings', '/bookings?status=pending']) {
        await page.goto(tab);
        expect(await firstJoinId(page, 'meeting-row')).toBe(meetingId);
      }
      // Both pages say which zone their times are in, with a way to change it.
      await expect(page.getByTestId('time-zone-label')).toContainText(/^Times in .+ · change$/);
    }

    // The consultant joins the room from their list; the franchisor's My Meetings shows them in it.
    await franchisor.page.goto('/bookings');
    const row = franchisor.page.getByTestId('meeting-row').first();
    await expect(row.getByTestId('now-meeting-presence')).toHaveText(
      'Marcus Reed has not joined yet',
    );
    await consultant.page
      .getByTestId('meeting-row')
      .first()
      .getByRole('link', { name: 'Join meeting' })
      .click();
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
