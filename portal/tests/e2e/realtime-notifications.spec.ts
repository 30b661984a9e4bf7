import type { Session, SlotsResult } from '@fm/sdk/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignInDemoPair, DEMO, signIn } from './helpers.ts';

/**
 * Live delivery through the realtime rooms (rules 12 and 15): the consultant's browser holds
 * one socket to their user room; what the franchisor does through the API shows up in the bell and
 * the Messages badge without a reload, and without the poll.
 */

const ZONE = 'America/New_York';
/** Slots picked for booking start at least this far ahead. */
const LEAD_MS = 45 * 60_000;

/** The first offered slot at least LEAD_MS ahead, within the next three weeks. */
async function firstFreeSlot(request: APIRequestContext, consultantId: string) {
  for (let day = 0; day < 21; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const response = await request.get(
      `/api/booking/consultant/${consultantId}/slots?date=${date}&timezone=${encodeURIComponent(ZONE)}`,
    );
    expect(response.status()).toBe(200);
    const { days } = (await response.json()) as SlotsResult;
    for (const slot of days.flatMap((d) => d.slots)) {
      if (Date.parse(slot.start) > Date.now() + LEAD_MS) return slot;
    }
  }
  throw new Error('no free slot in the next three weeks');
}

/** Frames the page's sockets received, parsed. */
function recordFrames(page: Page) {
  const frames: { type: string }[] = [];
  const urls: string[] = [];
  page.on('websocket', (socket) => {
    urls.push(socket.url());
    socket.on('framereceived', ({ payload }) => {
      try {
        frames.push(JSON.parse(String(payload)) as { type: string });
      } catch {
        // not ours
      }
    });
  });
  return { frames, urls };
}

const unreadOf = async (page: Page) =>
  Number(
    /(\d+) unread/.exec(
      (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '',
    )?.[1] ?? 0,
  );

test.describe('live notifications', () => {
  test('a booking by the franchisor arrives in the consultant’s bell at once, and a message moves the Messages badge, with no reload', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    const socket = recordFrames(page);
    const listCalls: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/users/notifications') {
        listCalls.push(Date.now());
      }
    });

    await signIn(page, DEMO.consultant, /\/franchisors$/);
    // One socket to the own user room, admitted with a ticket (never the access token).
    await expect.poll(() => socket.urls.length).toBeGreaterThan(0);
    const url = new URL(socket.urls[0] ?? '');
    expect(url.pathname).toBe(`/parties/rooms/user-${consultant.id}`);
    expect(url.searchParams.get('ticket')).toBeTruthy();
    expect(url.search).not.toContain(consultant.token);
    // Live: the room answers (a pushed frame arrives only on an open socket).
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByTestId('notification').first()).toBeVisible();
    const before = await unreadOf(page);
    const callsBefore = listCalls.length;

    const slot = await firstFreeSlot(request, consultant.id);
    let meetingId: string | null = null;
    try {
      const booked = await request.post('/api/session', {
        headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
        data: { consultantId: consultant.id, start: slot.start, end: slot.end, timeZone: ZONE },
      });
      expect(booked.ok(), await booked.text()).toBe(true);
      meetingId = ((await booked.json()) as Session).id;

      // On top of the open panel, and on the badge, within a moment.
      await expect(panel.getByTestId('notification').first()).toContainText(/booked a meeting/i, {
        timeout: 5_000,
      });
      await expect(
        page.getByRole('button', { name: `Notifications, ${before + 1} unread` }),
      ).toBeVisible();
      // It came over the socket: a notification frame, and no list request since the booking.
      expect(socket.frames.some((f) => f.type === 'notification')).toBe(true);
      expect(listCalls.length).toBe(callsBefore);
    } finally {
      if (meetingId) {
        await request.patch(`/api/session/${meetingId}`, {
          headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL! },
          data: { status: 'declined', duration: 15, dateTime: new Date().toISOString() },
        });
      }
    }

    // The Messages badge: a new message moves it at once (its poll is every 10 s).
    await page.keyboard.press('Escape');
    const chat = await request.post('/api/chats', {
      headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
      data: { participants: [consultant.id] },
    });
    expect(chat.status(), await chat.text()).toBeLessThan(300);
    const { id: chatId } = (await chat.json()) as { id: string };
    const badge = page.getByTestId('unread-badge').first();
    const unreadBefore = (await badge.isHidden())
      ? 0
      : Number.parseInt((await badge.textContent()) ?? '0', 10);
    const sent = await request.post(`/api/chats/${chatId}/messages`, {
      headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
      data: { text: `Live check ${Date.now()}` },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
    const sentAt = Date.now();
    await expect(badge).toHaveText(`${unreadBefore + 1} unread`, { timeout: 5_000 });
    expect(socket.frames.some((f) => f.type === 'receiveMessage')).toBe(true);
    // Well inside the 10-second poll.
    expect(Date.now() - sentAt).toBeLessThan(5_000);
  });

  test('My Meetings and Meeting Details follow the other side live, with no reload', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL!);
    // The consultant's My Meetings, open before the booking; a reload would drop the marker.
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My Meetings' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
    await page.evaluate(() => Object.assign(window, { fmMarker: true }));

    const slot = await firstFreeSlot(request, consultant.id);
    const booked = await request.post('/api/session', {
      headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL! },
      data: { consultantId: consultant.id, start: slot.start, end: slot.end, timeZone: ZONE },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
    const meetingId = ((await booked.json()) as Session).id;
    let declined = false;
    const franchisorContext = await browser.newContext();
    try {
      // The new meeting appears in the consultant's list (newest first) without a reload.
      await expect(page.locator(`a[href="/bookings/${meetingId}"]`)).toBeVisible({
        timeout: 5_000,
      });
      expect(await page.evaluate(() => 'fmMarker' in window)).toBe(true);

      // The franchisor, in a browser of their own, looks at it while the consultant declines.
      const other = await franchisorContext.newPage();
      await signIn(other, DEMO.franchisor, /\/consultants$/);
      await other.goto(`/bookings/${meetingId}`);
      const status = other.locator('.meeting-status');
      await expect(status).not.toHaveText('Declined');
      await other.evaluate(() => Object.assign(window, { fmMarker: true }));
      const decline = await request.patch(`/api/session/${meetingId}`, {
        headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL! },
        data: { status: 'declined', duration: 15, dateTime: new Date().toISOString() },
      });
      expect(decline.ok(), await decline.text()).toBe(true);
      declined = true;
      await expect(status).toHaveText('Declined', { timeout: 5_000 });
      expect(await other.evaluate(() => 'fmMarker' in window)).toBe(true);
    } finally {
      await franchisorContext.close();
      if (!declined) {
        await request.patch(`/api/session/${meetingId}`, {
          headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL! },
          data: { status: 'declined', duration: 15, dateTime: new Date().toISOString() },
        });
      }
    }
  });
});
