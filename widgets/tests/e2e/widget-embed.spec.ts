import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { demoUser, openPartnerPage, partnerPage, recordedEvents } from './partner-page.ts';

/**
 * A partner page embeds <fm-profile-card> with one script tag (rule 14): the card renders the
 * consultant from the real API inside its shadow root, the host page's CSS does not restyle it,
 * and failures surface as `fm-error` events. Runs against the one-origin server with the demo seed.
 */

const RED = 'rgb(255, 0, 0)';

/** A partner page with hostile global CSS around `<fm-profile-card {attributes}>`, recording every fm-* event on the document. */
function cardPage(baseURL: string, attributes: string): string {
  return partnerPage(baseURL, {
    css: [
      'h2 { color: red !important; font-size: 48px; text-transform: uppercase; }',
      'p, span, li { color: red; }',
      "* { letter-spacing: 0.3em; font-family: 'Courier New', monospace; }",
      '.fm-profile-card, .fm-profile-card__name { display: none !important; }',
    ],
    events: ['fm-loaded', 'fm-error'],
    body: `
    <h2>Partner heading</h2>
    <fm-profile-card ${attributes}></fm-profile-card>
  `,
  });
}

/** Opens {@link cardPage} from the server's own origin, so the module and the API calls are same-origin. */
function openCardPage(page: Page, baseURL: string, attributes: string): Promise<void> {
  return openPartnerPage(page, baseURL, cardPage(baseURL, attributes));
}

/**
 * Serves the partner page from a real HTTP server of its own (another origin, like a partner's
 * site). It listens on loopback too: Chromium refuses public pages that reach loopback addresses.
 */
async function startPartnerSite(
  html: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('<fm-profile-card> embedded in a partner page', () => {
  test('renders the consultant inside its shadow root, untouched by the host CSS', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL!;
    const consultant = await demoUser(request, origin, 'consultant@example.com');
    await openCardPage(page, origin, `consultant-id="${consultant.id}"`);

    const card = page.locator('fm-profile-card');
    // Playwright's CSS locators pierce open shadow roots.
    const name = card.locator('h2');
    await expect(name).toContainText(`${consultant.firstName} ${consultant.lastName}`);
    await expect(card.getByText(/\$[\d,.]+ \/ 15 min/)).toBeVisible();

    // The name really is in the shadow root, not in the light DOM.
    const inShadow = await card.evaluate((host, expected) => {
      const heading = host.shadowRoot?.querySelector('h2');
      return Boolean(heading?.textContent?.includes(expected)) && host.children.length === 0;
    }, consultant.firstName);
    expect(inShadow).toBe(true);

    // The host's `h2 { color: red !important }`, `* { letter-spacing }` and the rules aimed at the
    // widget's own class names do not apply.
    const style = await name.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        color: s.color,
        textTransform: s.textTransform,
        letterSpacing: s.letterSpacing,
        display: s.display,
      };
    });
    expect(style.color).not.toBe(RED);
    expect(style.textTransform).toBe('none');
    expect(style.letterSpacing).toBe('normal');
    expect(style.display).not.toBe('none');
    // …while the host's own heading is styled as the host asked (the widget's CSS does not leak).
    await expect(page.locator('body > h2')).toHaveCSS('color', RED);

    await expect
      .poll(async () => (await recordedEvents(page)).map((e) => e.type))
      .toContain('fm-loaded');
    const loaded = (await recordedEvents(page)).find((e) => e.type === 'fm-loaded');
    expect(loaded?.detail).toMatchObject({ id: consultant.id, role: 'consultant' });
  });

  test('an unknown consultant id fires fm-error with the API status', async ({ page, baseURL }) => {
    await openCardPage(page, baseURL!, 'consultant-id="no-such-consultant-000000"');

    await expect.poll(async () => (await recordedEvents(page)).length).toBeGreaterThan(0);
    const [event] = await recordedEvents(page);
    expect(event).toMatchObject({ type: 'fm-error', bubbles: true, composed: true });
    expect(event?.detail).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const detail = (event?.detail ?? {}) as { message?: unknown };
    const message = typeof detail.message === 'string' ? detail.message : '';
    expect(message).not.toBe('');
    // The card shows the same message in place of the profile.
    await expect(page.locator('fm-profile-card [role="alert"]')).toHaveText(message);
  });

  test('the demo page served at /widgets/demo.html embeds the card', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await demoUser(request, baseURL!, 'consultant@example.com');
    await page.goto(`/widgets/demo.html?consultant-id=${encodeURIComponent(consultant.id)}`);
    await expect(page.locator('fm-profile-card h2')).toContainText(consultant.lastName);
    await expect(page.locator('fm-profile-card h2')).not.toHaveCSS('color', RED);
  });

  // Rule 14: a partner site on its own origin loads the module and the card calls the API
  // cross-origin, so /widgets/* and the public API calls must answer CORS for any origin.
  test('works on a partner site of another origin', async ({ page, request, baseURL }) => {
    const consultant = await demoUser(request, baseURL!, 'consultant@example.com');
    const partner = await startPartnerSite(cardPage(baseURL!, `consultant-id="${consultant.id}"`));
    try {
      await page.goto(partner.url);
      await expect(page.locator('fm-profile-card h2')).toContainText(consultant.lastName);
      await expect
        .poll(async () => (await recordedEvents(page)).map((e) => e.type))
        .toEqual(['fm-loaded']);
    } finally {
      await partner.close();
    }
  });
});
