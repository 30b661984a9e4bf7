import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * Rule 18 / decision 029, in Chromium: a brand's page on its own origin (a second local port) embeds
 * the elements with a publishable embed key. The list renders without a user, a visitor opens a
 * profile, books, signs in through the portal's popup — allowing the site the first time, once per
 * key — and the page receives `fm-booked`, never leaving the page and never holding an account's
 * token (an embed session, `fmes_…`). Consultants and admins are refused at the popup. The same
 * page on an origin the key does not allow is refused and says why; a revoked key stops working;
 * hostile host CSS changes nothing; our scripts stay within the budget.
 */

const FRANCHISOR = { email: 'franchisor@example.com', password: 'Demo-Pass-2025!' };
const CONSULTANT = { email: 'consultant@example.com', password: 'Demo-Pass-2025!' };
/** P5: what a page with any one working element may download of our code, gzipped. */
const BUDGET_BYTES = 40 * 1024;
/** Every element a partner can embed. */
const ELEMENTS = [
  'fm-booking-modal',
  'fm-chat',
  'fm-consultant-list',
  'fm-franchisor-list',
  'fm-notifications',
  'fm-profile-card',
  'fm-promotions',
] as const;
/**
 * The elements that do not meet P5 yet, each held to its measured weight (bytes, gzip, with ky
 * 2.1 as the transport) so that it cannot grow while it is cut down; decision 017 says what each
 * is made of. An element leaves this list once it is within {@link BUDGET_BYTES}.
 */
const OVER_BUDGET: Partial<Record<(typeof ELEMENTS)[number], number>> = {
  'fm-booking-modal': 45_738,
  'fm-chat': 46_196,
  'fm-consultant-list': 46_993,
  'fm-franchisor-list': 49_485,
};
/** What the browser may receive beyond the build's count for the same files. */
const WIRE_OVERHEAD_BYTES = 256;
/**
 * What the booking modal loads on purpose after its first render: the slot-holds channel (rule
 * 20, with the recheck of the day's slots when another modal's hold ends) and the chunk it shares with the chat and the bell (the API's config call, the rooms'
 * socket, partysocket as every room uses, and their live-update schemas), as the build counts
 * those two chunks.
 */
const HOLD_CHANNEL_BYTES = 7_546;
/** What the build counted: the loader, the element's chunk and every chunk it imports, gzipped. */
const SIZES = new URL('../../dist/v1/sizes.json', import.meta.url);

interface Site {
  origin: string;
  /** The page it serves next. */
  html: string;
  close: () => Promise<void>;
}

/** A partner's site: a real HTTP server on its own loopback port (another origin). */
async function startSite(): Promise<Site> {
  const site = { origin: '', html: '', close: async () => undefined } as Site;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(site.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}

async function signIn(request: APIRequestContext, baseURL: string, who: typeof FRANCHISOR) {
  const res = await request.post('/api/auth/sign-in/email', {
    data: who,
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    token: string;
    user: { id: string; firstName: string; lastName: string };
  };
}

async function createKey(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  origins: string[],
) {
  const res = await request.post('/api/users/api-keys', {
    data: { kind: 'publishable', name: `E2E ${Date.now()}`, allowedOrigins: origins },
    headers: { Origin: baseURL, authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

const HOSTILE_CSS = `
  * { all: unset; }
  html, body { display: block; }
  #stage { transform: translateX(3px) scale(0.98); overflow: hidden; position: relative; z-index: 1; }
  .overlay { position: fixed; inset: 0; z-index: 99999; background: rgb(255 0 0 / 0.15); display: block; pointer-events: auto; }
  h2 { color: red; }
`;

/**
 * A brand's page with a bell: `stage` inside the hostile page's transformed, clipping container,
 * under its full-page overlay (which lets clicks through), `after` below the container.
 */
function bellPage(baseURL: string, stage: string, options: { css?: string; after?: string } = {}) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Bell</title>
    <style>${HOSTILE_CSS} .overlay { pointer-events: none; } ${options.css ?? ''}</style>
    <script type="module" src="${baseURL}/widgets/v1/loader.js"></script></head>
    <body><div class="overlay"></div><div id="stage">${stage}</div>${options.after ?? ''}</body></html>`;
}

/** What is on screen at a point: the innermost element there, through the elements' shadow roots. */
function elementAt(page: Page, x: number, y: number) {
  return page.evaluate(
    ([px, py]) => {
      let element = document.elementFromPoint(px ?? 0, py ?? 0);
      while (element?.shadowRoot) {
        const inner = element.shadowRoot.elementFromPoint(px ?? 0, py ?? 0);
        if (!inner || inner === element) break;
        element = inner;
      }
      const classes: string[] = [];
      for (let at = element; at; at = at.parentElement) classes.push(...at.classList);
      return { text: element?.textContent ?? '', classes };
    },
    [x, y],
  );
}

/** The brand's page: the list, a profile on selection, a button that opens the booking modal. */
function brandPage(baseURL: string, key: string, options: { hostile?: boolean } = {}) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Brand</title>
    ${options.hostile ? `<style>${HOSTILE_CSS}</style>` : ''}
    <script>
      window.fmEvents = [];
      for (const type of ['fm-select', 'fm-loaded', 'fm-error', 'fm-booked', 'fm-signed-in', 'fm-close']) {
        document.addEventListener(type, (event) => window.fmEvents.push({ type, detail: event.detail }));
      }
      document.addEventListener('fm-select', (event) => {
        const card = document.createElement('fm-profile-card');
        card.setAttribute('embed-key', ${JSON.stringify(key)});
        card.setAttribute('user-id', event.detail);
        document.getElementById('profile').replaceChildren(card);
        document.querySelector('fm-booking-modal').setAttribute('consultant-id', event.detail);
        document.getElementById('book').hidden = false;
      });
    </script>
    <script type="module" src="${baseURL}/widgets/v1/loader.js"></script>
  </head>
  <body>
    ${options.hostile ? '<div class="overlay"></div>' : ''}
    <div id="stage">
      <h2>Our consultants</h2>
      <fm-consultant-list embed-key="${key}" page-size="6"></fm-consultant-list>
      <div id="profile"></div>
      <button id="book" type="button" hidden onclick="document.querySelector('fm-booking-modal').setAttribute('open', '')">Book a meeting</button>
      <fm-booking-modal embed-key="${key}"></fm-booking-modal>
    </div>
  </body>
</html>`;
}

const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { fmEvents: { type: string; detail: unknown }[] }).fmEvents,
  );

let site: Site;
let franchisorToken: string;
let consultant: { id: string; firstName: string; lastName: string };
let key: { id: string; key: string };

test.beforeAll(async ({ request, baseURL }) => {
  site = await startSite();
  franchisorToken = (await signIn(request, baseURL!, FRANCHISOR)).token;
  consultant = (await signIn(request, baseURL!, CONSULTANT)).user;
  key = await createKey(request, baseURL!, franchisorToken, [site.origin]);
});
test.afterAll(async () => site?.close());

/** Finds the demo consultant in the list and opens their profile. */
async function openProfile(page: Page) {
  const list = page.locator('fm-consultant-list');
  await expect(list.locator('.fm-card').first()).toBeVisible();
  await list.locator('input[type="search"]').first().fill(consultant.lastName);
  await list.locator('input[type="search"]').first().press('Enter');
  await list.locator('.fm-card__select', { hasText: consultant.lastName }).first().click();
  await expect(page.locator('fm-profile-card h2')).toContainText(consultant.lastName);
}

/** Picks the first free slot of the modal's chosen day. */
async function pickSlot(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  const slot = dialog.getByRole('radio').first();
  await expect(slot).toBeVisible();
  await slot.check();
  return dialog;
}

test.describe('a brand page on another origin with an embed key', () => {
  test('lists, opens a profile, signs in through the popup and books: fm-booked, same page', async ({
    page,
  }) => {
    site.html = brandPage(test.info().project.use.baseURL!, key.key);
    await page.goto(`${site.origin}/`);
    await openProfile(page);
    await page.getByRole('button', { name: 'Book a meeting' }).click();
    const dialog = await pickSlot(page);

    // What the page's elements send: an embed session with the key, never an account's token.
    const bookings: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/session')) {
        bookings.push(request.headers().authorization ?? null);
      }
    });
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/embed\/sign-in\?key=pk_/);
    // The popup names the partner's origin.
    await expect(popup.getByText(site.origin).first()).toBeVisible();
    await popup.getByLabel('Email').fill(FRANCHISOR.email);
    await popup.getByLabel('Password').fill(FRANCHISOR.password);
    await popup.getByRole('button', { name: 'Log In' }).click();
    // The first time through this key: the visitor is asked to allow the site, named by its
    // brand and origin; nothing reaches the page before.
    await expect(popup.getByRole('heading', { name: 'Allow this site?' })).toBeVisible();
    await expect(
      popup.getByText(`(${site.origin}) asks to use your Franchise Meet account`),
    ).toBeVisible();
    expect((await events(page)).map((e) => e.type)).not.toContain('fm-signed-in');
    await popup.getByRole('button', { name: 'Allow' }).click();

    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('fm-booked');
    expect(bookings.length).toBeGreaterThan(0);
    for (const authorization of bookings) expect(authorization).toMatch(/^Bearer fmes_/);
    const booked = (await events(page)).find((e) => e.type === 'fm-booked')?.detail as {
      consultantId: string;
      apiKeyId: string;
    };
    const chosen = (await events(page)).find((e) => e.type === 'fm-select')?.detail;
    expect(booked.consultantId).toBe(chosen);
    // Attribution: the booking records the key it came through.
    expect(booked.apiKeyId).toBe(key.id);
    expect((await events(page)).map((e) => e.type)).toContain('fm-signed-in');
    // Never left the brand's page.
    expect(page.url()).toBe(`${site.origin}/`);
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  test('a second sign-in through the same key is not asked again, and the elements work with the embed session', async ({
    page,
    baseURL,
  }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${baseURL}/api/`) && response.status() >= 400) {
        refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    site.html = bellPage(
      baseURL!,
      `<fm-notifications embed-key="${key.key}"></fm-notifications>
      <fm-consultant-list embed-key="${key.key}" page-size="6"></fm-consultant-list>`,
      { css: '.overlay { display: none; }' },
    );
    await page.addInitScript(() => {
      const seen: { type: string; detail: unknown }[] = [];
      (window as unknown as { fmEvents: typeof seen }).fmEvents = seen;
      for (const type of ['fm-signed-in', 'fm-error']) {
        document.addEventListener(type, (e) =>
          seen.push({ type, detail: (e as CustomEvent).detail }),
        );
      }
    });
    await page.goto(`${site.origin}/`);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const popupOpened = page.waitForEvent('popup');
    await panel.getByRole('link', { name: 'Log In' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Email').fill(FRANCHISOR.email);
    await popup.getByLabel('Password').fill(FRANCHISOR.password);
    await popup.getByRole('button', { name: 'Log In' }).click();
    // Allowed once already (the booking above): straight back to the page.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect
      .poll(async () => (await events(page)).map((e) => e.type))
      .toContain('fm-signed-in');
    // The elements' own calls work with it: the list shows the account bar, the bell its panel.
    await expect(page.locator('fm-consultant-list [part="account"]')).toBeVisible();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(panel).not.toContainText('Log in to see your notifications.');
    expect((await events(page)).filter((e) => e.type === 'fm-error')).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('a consultant is refused at the popup, and told why', async ({ page }) => {
    site.html = brandPage(test.info().project.use.baseURL!, key.key);
    await page.goto(`${site.origin}/`);
    await page.evaluate((id) => {
      const modal = document.querySelector('fm-booking-modal');
      modal?.setAttribute('consultant-id', id);
      modal?.setAttribute('open', '');
    }, consultant.id);
    const dialog = await pickSlot(page);
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Email').fill(CONSULTANT.email);
    await popup.getByLabel('Password').fill(CONSULTANT.password);
    await popup.getByRole('button', { name: 'Log In' }).click();
    await expect(popup.getByRole('alert')).toHaveText(
      'Admins and consultants cannot sign in on partner sites. Sign in on Franchise Meet itself.',
    );
    expect((await events(page)).map((e) => e.type)).not.toContain('fm-signed-in');
    await popup.close();
  });

  test('hostile host CSS changes nothing: the modal is on top and clickable', async ({ page }) => {
    site.html = brandPage(test.info().project.use.baseURL!, key.key, { hostile: true });
    await page.goto(`${site.origin}/`);
    // The overlay covers the page itself (that is the brand's business); the modal opens from
    // the brand's own script.
    await page.evaluate((id) => {
      const modal = document.querySelector('fm-booking-modal');
      modal?.setAttribute('consultant-id', id);
      modal?.setAttribute('open', '');
    }, consultant.id);
    const dialog = await pickSlot(page);
    const schedule = dialog.getByRole('button', { name: 'Schedule Meeting' });
    // The element at the button's centre is the button itself (the overlay at z-index 99999
    // and the transformed ancestor do not cover or clip the top layer).
    // Hit-testing needs the point on screen: the dialog's height follows the day's slots.
    await schedule.scrollIntoViewIfNeeded();
    const box = await schedule.boundingBox();
    expect(box).not.toBeNull();
    const hit = await elementAt(page, box!.x + box!.width / 2, box!.y + box!.height / 2);
    expect(hit.text).toContain('Schedule Meeting');
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("<fm-notifications>' drawer opens over a hostile page from its shadow root, and closes", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    // The bell sits in a transformed, clipped container under a full-page overlay of the brand's.
    site.html = bellPage(
      baseURL!,
      `<p>Brand news</p>
      <fm-notifications embed-key="${key.key}" drawer="true"></fm-notifications>`,
    );
    await page.goto(`${site.origin}/`);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer).toBeVisible();
    // Nobody is signed in through the key: the panel offers to log in.
    await expect(drawer).toContainText('Log in to see your notifications.');
    await expect(drawer.getByRole('link', { name: 'Log In' })).toBeVisible();
    // A bottom drawer of the whole viewport, not clipped by the transformed container.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)];
      })
      .toEqual([0, 375, 700]);
    await expect(drawer.getByRole('button', { name: 'Close notifications' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(bell).toBeFocused();
    // A tap on the backdrop above the panel closes it too.
    await bell.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(187, 20);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test("<fm-notifications>' dropdown opens whole, inside the viewport, from a bell at the left of a clipping container", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The bell starts a short bar that clips what overflows it, and is transformed.
    site.html = bellPage(
      baseURL!,
      `<fm-notifications embed-key="${key.key}"></fm-notifications><p>Brand news</p>`,
      { css: '#stage { height: 48px; }', after: "<p>The rest of the brand's page</p>" },
    );
    await page.goto(`${site.origin}/`);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toContainText('Log in to see your notifications.');
    const bellBox = (await bell.boundingBox())!;
    const box = (await panel.boundingBox())!;
    // Under the bell, 8 px inside the viewport's left edge (it would hang off to the left from
    // the bell's right edge), and taller than the 48 px bar that would have clipped it.
    expect(Math.round(box.x)).toBe(8);
    expect(box.x + box.width).toBeLessThanOrEqual(1280 - 8);
    expect(Math.round(box.y)).toBe(Math.round(bellBox.y + bellBox.height + 8));
    expect(box.height).toBeGreaterThan(48);
    // Nothing of the page covers it, even below the bar: what is at its lower part is the panel.
    const hit = await elementAt(page, box.x + box.width / 2, box.y + box.height - 6);
    expect(hit.classes).toContain('notifications--dropdown');
    // It closes as before: Escape, and a click elsewhere on the page.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await bell.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(900, 700);
    await expect(panel).toBeHidden();
    await context.close();
  });

  test('a visitor who is not signed in costs the bell and the promotions no refused request', async ({
    page,
    baseURL,
  }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(() => {
      const seen: { type: string; detail: unknown }[] = [];
      (window as unknown as { fmEvents: typeof seen }).fmEvents = seen;
      document.addEventListener('fm-error', (e) =>
        seen.push({ type: 'fm-error', detail: (e as CustomEvent).detail }),
      );
    });
    site.html = bellPage(
      baseURL!,
      `<fm-notifications embed-key="${key.key}"></fm-notifications>
      <fm-promotions embed-key="${key.key}"></fm-promotions>
      <fm-consultant-list embed-key="${key.key}" page-size="6"></fm-consultant-list>`,
      { css: '.overlay { display: none; }' },
    );
    await page.goto(`${site.origin}/`);
    // The list loaded (the page is live), and nothing was refused nor reported as an error.
    await expect(page.locator('fm-consultant-list .fm-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'Log in to see your notifications.',
    );
    expect((await events(page)).filter((e) => e.type === 'fm-error')).toEqual([]);
    expect(refused).toEqual([]);
    await expect(page.locator('fm-promotions .fm-promotions')).toHaveCount(0);
  });

  test('an origin the key does not allow is refused, and says why', async ({ page, baseURL }) => {
    const other = await startSite();
    try {
      other.html = brandPage(baseURL!, key.key);
      await page.goto(`${other.origin}/`);
      await expect(page.locator('fm-consultant-list [part="refused"]')).toContainText(
        'This site is not allowed to use this embed key.',
      );
      await expect
        .poll(async () => (await events(page)).find((e) => e.type === 'fm-error')?.detail)
        .toMatchObject({ code: 'EMBED_ORIGIN_NOT_ALLOWED', status: 403 });
    } finally {
      await other.close();
    }
  });

  test('a revoked key stops working at once', async ({ page, request, baseURL }) => {
    const doomed = await createKey(request, baseURL!, franchisorToken, [site.origin]);
    site.html = brandPage(baseURL!, doomed.key);
    await page.goto(`${site.origin}/`);
    await expect(page.locator('fm-consultant-list .fm-card').first()).toBeVisible();
    const revoke = await request.delete(`/api/users/api-keys/${doomed.id}`, {
      headers: { Origin: baseURL!, authorization: `Bearer ${franchisorToken}` },
    });
    expect(revoke.status()).toBe(200);
    await page.reload();
    await expect(page.locator('fm-consultant-list [part="refused"]')).toContainText(
      'This embed key is not valid or has been revoked.',
    );
  });

  test(`a page with any one element loads at most ${BUDGET_BYTES / 1024} KB gzipped of our code (the build's count)`, () => {
    const sizes = JSON.parse(readFileSync(SIZES, 'utf8')) as {
      elementsGzipBytes: Record<string, number>;
    };
    for (const tag of ELEMENTS) {
      const bytes = sizes.elementsGzipBytes[tag];
      expect(bytes, `${tag} is in sizes.json`).toBeGreaterThan(0);
      const limit = OVER_BUDGET[tag] ?? BUDGET_BYTES;
      expect(bytes, `${tag}: ${((bytes ?? 0) / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
        limit,
      );
    }
  });

  test(`a page with a working booking modal loads no more of our code than the build counts for it`, async ({
    browser,
    baseURL,
  }) => {
    // P5, measured in the browser: fails above the booking modal's limit (decision 017
    // says where the bytes went).
    // gzip is what the budget counts: ask for it alone (browsers also take brotli, smaller still).
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const ours = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.url.startsWith(`${baseURL}/widgets/`)) {
        ours.set(event.requestId, event.response.url);
      }
    });
    // The bodies' bytes as they came over the wire (compressed), without the headers.
    cdp.on('Network.dataReceived', (event) => {
      if (!ours.has(event.requestId)) return;
      bytes.set(event.requestId, (bytes.get(event.requestId) ?? 0) + event.encodedDataLength);
    });
    site.html = `<!doctype html><html><head><meta charset="utf-8"><title>Budget</title>
      <script type="module" src="${baseURL}/widgets/v1/loader.js"></script></head>
      <body><fm-booking-modal embed-key="${key.key}" consultant-id="${consultant.id}" open></fm-booking-modal></body></html>`;
    await page.goto(`${site.origin}/`);
    const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
    const files = [...ours.values()].map((url) => url.replace(`${baseURL}/widgets/`, ''));
    test.info().annotations.push({
      type: 'P5',
      description: `${(total / 1024).toFixed(1)} KB gzipped over ${files.length} files: ${files.join(', ')}`,
    });
    console.log(
      `[P5] booking modal page: ${(total / 1024).toFixed(1)} KB gzipped (${files.length} files)`,
    );
    expect(files.length).toBeGreaterThan(1);
    // The wire carries a little more than the build counts: files too small to be precompressed
    // are gzipped on the fly at a lower level (126 bytes over 10 files when measured).
    // The hold channel comes after the first render, so networkidle includes it.
    expect(total).toBeLessThanOrEqual(
      (OVER_BUDGET['fm-booking-modal'] ?? BUDGET_BYTES) + HOLD_CHANNEL_BYTES + WIRE_OVERHEAD_BYTES,
    );
    await context.close();
  });
});
