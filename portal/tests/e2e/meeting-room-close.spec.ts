import type { MeetingRoomInfo, PresenceSummary } from '@fm/sdk/contracts';
import { expect, type Page, test } from '@playwright/test';
import {
  e2eDatabase,
  type MeetingTimes,
  pastDemoMeeting,
  setMeetingTimes,
} from './e2e-database.ts';
import { apiSignIn, DEMO, signIn } from './helpers.ts';
import {
  framesDecoded,
  openMedia,
  recordLocalTracks,
  recordPeerConnections,
  WEBRTC_BROWSER,
} from './webrtc.ts';

/**
 * The meeting room closes 30 minutes after the booked end (rule 16), and then the call ends: both
 * pages let go of the camera, the connections and the signalling room and say the room closed, as
 * a fresh load does, so nothing more is measured; and a page that left before says so too at the
 * close, instead of offering a Rejoin. A past meeting of the demo pair is moved so that its room closes a few
 * seconds into the test (no API may book in the past), and put back afterwards.
 */

test.use(WEBRTC_BROWSER);
test.setTimeout(120_000);

const MIN = 60_000;
const CLOSED = /^The meeting room closed at /;

/** Moves `meeting` so that its room (booked end + 30 min) closes at `closesAt`. */
function closingAt(meeting: MeetingTimes, closesAt: number): MeetingTimes {
  const endAt = closesAt - 30 * MIN;
  return { id: meeting.id, startAt: endAt - (meeting.endAt - meeting.startAt), endAt };
}

async function join(page: Page) {
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await page.getByRole('button', { name: 'Join meeting' }).click();
  await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
}

test('at the closing time both pages end the call and say the room closed; nothing is measured after', async ({
  browser,
  baseURL,
  request,
}) => {
  const base = baseURL ?? '';
  const db = e2eDatabase(base);
  const original = await pastDemoMeeting(db);
  const { id } = original;
  const closesAt = Date.now() + 40_000;
  await setMeetingTimes(db, closingAt(original, closesAt));
  const franchisorContext = await browser.newContext({ baseURL: base });
  const consultantContext = await browser.newContext({ baseURL: base });
  for (const context of [franchisorContext, consultantContext]) {
    await recordPeerConnections(context);
    await recordLocalTracks(context);
  }
  const franchisor = await franchisorContext.newPage();
  const consultant = await consultantContext.newPage();
  try {
    await signIn(franchisor, DEMO.franchisor, /\/consultants$/);
    await signIn(consultant, DEMO.consultant, /\/franchisors$/);
    for (const page of [consultant, franchisor]) {
      await page.goto(`/meetings/${id}/room`);
      await join(page);
    }
    for (const page of [franchisor, consultant]) {
      await expect(page.getByTestId('meeting-tile-peer')).toHaveCount(1);
      await expect.poll(() => framesDecoded(page), { timeout: 20_000 }).toBeGreaterThan(0);
    }
    // The call is on before the close (else this test says nothing).
    expect(Date.now()).toBeLessThan(closesAt);

    // At the closing time, with nobody reloading: the closed message, the call gone.
    for (const page of [franchisor, consultant]) {
      await expect(page.getByText(CLOSED)).toBeVisible({
        timeout: closesAt - Date.now() + 10_000,
      });
      await expect(page.getByRole('toolbar', { name: 'Call controls' })).toHaveCount(0);
      await expect(page.getByTestId('meeting-time-used')).toHaveCount(0);
      await expect.poll(() => openMedia(page)).toEqual({ connections: 0, tracks: 0 });
    }
    expect(Date.now()).toBeGreaterThanOrEqual(closesAt - 2_000);

    // The same message a fresh load shows.
    const shown = await franchisor.getByText(CLOSED).textContent();
    const fresh = await franchisorContext.newPage();
    await fresh.goto(`/meetings/${id}/room`);
    await expect(fresh.getByText(CLOSED)).toHaveText(shown ?? '');

    // The API: the room is closed, and both left it at the close (the pages left the signalling
    // room, whose leave reports end every stretch), so nothing is measured after it.
    const { token } = await apiSignIn(request, base, DEMO.consultant);
    const headers = { authorization: `Bearer ${token}` };
    const room = (await (
      await request.get(`/api/session/${id}/room`, { headers })
    ).json()) as MeetingRoomInfo;
    expect(room.state).toBe('closed');
    expect(Date.parse(room.closesAt)).toBe(closesAt);
    const presence = async () =>
      (await (
        await request.get(`/api/session/${id}/presence`, { headers })
      ).json()) as PresenceSummary;
    const endings = async () => (await presence()).intervals.map((i) => i.endedBy);
    await expect
      .poll(async () => (await endings()).every((e) => e === 'leave'), { timeout: 10_000 })
      .toBe(true);
    const { intervals } = await presence();
    expect(new Set(intervals.map((i) => i.side))).toEqual(new Set(['consultant', 'franchise']));
    for (const interval of intervals) {
      expect(Date.parse(interval.leftAt ?? '')).toBeLessThanOrEqual(closesAt + 3_000);
    }
  } finally {
    await franchisorContext.close();
    await consultantContext.close();
    await setMeetingTimes(db, original);
    await db.execute({ sql: 'delete from meeting_presence where meeting_id = ?', args: [id] });
    db.close();
  }
});

test('a page that left says the room closed at the closing time, with no Rejoin and no ticket', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const db = e2eDatabase(base);
  const original = await pastDemoMeeting(db);
  const { id } = original;
  const closesAt = Date.now() + 25_000;
  await setMeetingTimes(db, closingAt(original, closesAt));
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto(`/meetings/${id}/room`);
    await join(page);
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByText('You left the meeting.')).toBeVisible();
    expect(Date.now()).toBeLessThan(closesAt);

    // At the close, with nobody reloading: the closed message instead of a Rejoin that could only
    // find the room closed, and no ticket asked for.
    const tickets: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/realtime/ticket')) tickets.push(r.url());
    });
    await expect(page.getByText(CLOSED)).toBeVisible({ timeout: closesAt - Date.now() + 5_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(closesAt - 1_000);
    await expect(page.getByRole('button', { name: 'Rejoin' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ready to join?' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Join meeting' })).toHaveCount(0);
    expect(tickets).toEqual([]);
  } finally {
    await context.close();
    await setMeetingTimes(db, original);
    await db.execute({ sql: 'delete from meeting_presence where meeting_id = ?', args: [id] });
    db.close();
  }
});
