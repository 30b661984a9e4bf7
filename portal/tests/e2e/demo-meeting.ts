import type { SessionList } from '@fm/sdk/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSignInDemoPair } from './helpers.ts';

/** The running demo meeting must have this long left, so it does not end during the test. */
const MIN_LEFT_MS = 3 * 60_000;

/**
 * The demo pair's running meeting, read from the franchisor's "now" meetings through the API, once
 * one has started and has {@link MIN_LEFT_MS} left: the server keeps one running at any hour,
 * booking the next within a minute after one ends or is completed (as the meeting room's test
 * does).
 */
export async function runningDemoMeeting(
  request: APIRequestContext,
  baseURL: string,
): Promise<string> {
  const { consultant, franchisor } = await apiSignInDemoPair(request, baseURL);
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/session?roomOpen=true&limit=10', {
          headers: { authorization: `Bearer ${franchisor.token}` },
        });
        expect(response.status()).toBe(200);
        const { sessions } = (await response.json()) as SessionList;
        const now = Date.now();
        const running = sessions.find(
          (s) =>
            s.consultant.id === consultant.id &&
            Date.parse(s.start) <= now &&
            Date.parse(s.end) - now >= MIN_LEFT_MS,
        );
        id = running?.id ?? '';
        return id;
      },
      { timeout: 5 * 60_000, intervals: [5_000] },
    )
    .not.toBe('');
  return id;
}

/** A CSS selector of a link into `id`'s meeting room. */
export const roomLinkSelector = (id: string) => `a[href$="/meetings/${id}/room"]`;

/** The link into `id`'s meeting room. */
export const roomLink = (page: Page, id: string) => page.locator(roomLinkSelector(id));
