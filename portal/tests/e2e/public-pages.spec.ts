import { APP_READY_EVENT } from '@fm/sdk/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, DEMO, signIn } from './helpers.ts';

/**
 * Public pages as link previews, crawlers and visitors get them (rule 22): the server answers a
 * public profile with its head tags, JSON-LD and the profile itself, which the portal starts from.
 */

/**
 * The layout shifts of the page so far (PerformanceObserver, buffered), each with its time and
 * the elements that moved, from where to where: empty when nothing moved. A shift right after an
 * input counts too (Chromium leaves it out of CLS): the app takes a guest's page over after the
 * guest's first input, which by itself moves nothing.
 */
function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Shift = PerformanceEntry & {
          value: number;
          sources: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
        };
        const box = (r: Rect) => `${r.x},${r.y} ${r.width}×${r.height}`;
        const name = (node?: Node | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${node.className}`
            : String(node?.nodeName);
        const shifts: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const moved = entry.sources.map(
              (source) =>
                `${name(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`,
            );
            shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 500);
      }),
  );
}

/** The app's entry script. */
const APP_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/**
 * Acts on a guest's public page as a guest first does (a key pressed, which by itself changes
 * nothing on the page), and resolves once the app, loaded by that, has taken the page over.
 */
async function actOnPage(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const ready = new Promise<void>((resolve) => {
      document.addEventListener(name, () => resolve(), { once: true });
    });
    Object.assign(window, { appReady: ready });
  }, APP_READY_EVENT);
  await page.keyboard.press('Shift');
  await page.evaluate(() => (window as unknown as { appReady: Promise<void> }).appReady);
}

/** Holds the page's requests to `url` until `release()`; `asked()` says whether one went out. */
async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Console errors and uncaught exceptions of a page. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The whole stylesheet, which a public page sends deferred (its first paint inlines its part). */
const WHOLE_STYLESHEET = /\/assets\/index-[^/]+\.css$/;

/** Every element's computed style under `#root`, in document order, property by property. */
function stylesOfRoot(page: Page): Promise<{ element: string; style: Record<string, string> }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root *')].map((element) => {
      const computed = getComputedStyle(element);
      const style: Record<string, string> = {};
      for (const name of computed) style[name] = computed.getPropertyValue(name);
      return { element: `${element.tagName.toLowerCase()}.${element.className}`, style };
    }),
  );
}

/** Where two lists of `stylesOfRoot` differ, as `element property: before → after`. */
function styleChanges(
  before: Awaited<ReturnType<typeof stylesOfRoot>>,
  after: Awaited<ReturnType<typeof stylesOfRoot>>,
): string[] {
  return after.flatMap(({ element, style }, index) =>
    Object.entries(style)
      .filter(([name, value]) => before[index]?.style[name] !== value)
      .map(([name, value]) => `${element} ${name}: ${before[index]?.style[name]} → ${value}`),
  );
}

test.describe('public pages', () => {
  test("a profile's head names the consultant, their rate and their JSON-LD without running scripts", async ({
    browser,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const context = await browser.newContext({ baseURL: baseURL ?? '', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const answer = await page.goto(`/consultants/${consultant.id}`);
      expect(answer?.status()).toBe(200);
      await expect(page).toHaveTitle(/^Marcus Reed \| Franchise Meet$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        /\$50 per 15 minutes/,
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')));
      expect(jsonLd.map((object: { '@type': string }) => object['@type'])).toContain('Person');
    } finally {
      await context.close();
    }
  });

  test("the site's icon is a PNG the server answers, not an SVG each page would render (decision 037)", async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.png');
    const icon = await request.get(href ?? '');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await icon.body()).subarray(0, 8).equals(png)).toBe(true);
  });

  test('with scripts off, the landing, a legal page and a profile show their content', async ({
    browser,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const context = await browser.newContext({ baseURL: baseURL ?? '', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: 'Where franchise brands meet franchise consultants' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'I Am a Franchisor' }).first()).toBeVisible();
      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await page.goto(`/consultants/${consultant.id}`);
      const card = page.getByRole('article', { name: 'Marcus Reed' });
      await expect(card).toBeVisible();
      await expect(card.locator('.fm-profile-card__rate')).toContainText('$50');
      await expect(page.getByText('needs JavaScript to run')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("a guest's page runs none of the app's code until they act on it, and fetches it once idle", async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const errors = errorsOf(page);
    const asked: string[] = [];
    page.on('request', (each) => asked.push(new URL(each.url()).pathname));
    await page.goto(`/consultants/${consultant.id}`);
    await expect(page.getByRole('article', { name: 'Marcus Reed' })).toBeVisible();
    // Its code comes once the page has loaded and the browser is idle, and does not run: the
    // app's own read of the profile has not gone out.
    await expect.poll(() => asked.some((path) => APP_SCRIPT.test(path))).toBe(true);
    await page.waitForLoadState('networkidle');
    const profileRead = `/api/users/profile/${consultant.id}`;
    expect(asked).not.toContain(profileRead);
    await actOnPage(page);
    await expect.poll(() => asked).toContain(profileRead);
    expect(errors).toEqual([]);
  });

  test("a link the app follows goes where it points when the app's code cannot load", async ({
    page,
  }) => {
    await page.route(APP_SCRIPT, (route) => route.abort());
    await page.goto('/');
    await page.locator('#find-your-role').getByRole('link', { name: 'I Am a Consultant' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test("the app takes over the server's elements as they are, and then answers", async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const errors = errorsOf(page);
    await page.goto(`/consultants/${consultant.id}`);
    const card = page.getByRole('article', { name: 'Marcus Reed' });
    await expect(card).toBeVisible();
    await card.evaluate((element) => {
      Object.assign(element, { fromServer: true });
      Object.assign(document.querySelector('.site-header') ?? {}, { fromServer: true });
    });
    await actOnPage(page);
    // Hydrated: the page's own read of the profile has gone out and a client-side link works.
    await page.waitForLoadState('networkidle');
    expect(await card.evaluate((element) => 'fromServer' in element)).toBe(true);
    expect(await page.locator('.site-header').evaluate((element) => 'fromServer' in element)).toBe(
      true,
    );
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("on a phone, the server's landing has the phone's header before the app runs, and keeps it", async ({
    browser,
    baseURL,
  }) => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const context = await browser.newContext({ baseURL: baseURL ?? '', ...phone });
    try {
      const page = await context.newPage();
      const errors = errorsOf(page);
      const { release } = await holdRequests(page, APP_SCRIPT);
      await page.goto('/', { waitUntil: 'commit' });
      const menu = page.getByRole('button', { name: 'Open menu' });
      await expect(menu).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveCount(0);
      const title = page.getByRole('heading', { level: 1 });
      for (const element of [menu, title]) {
        await element.evaluate((node) => Object.assign(node, { fromServer: true }));
      }
      // Tapped before the app has loaded: the tap loads it, and the app opens the menu once it has
      // taken the page over.
      await menu.click();
      release();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      for (const element of [menu, title]) {
        expect(await element.evaluate((node) => 'fromServer' in node)).toBe(true);
      }
      expect(await layoutShifts(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a profile shows the profile the server sent before its own read of it answers', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const profileRead = await holdRequests(page, `**/api/users/profile/${consultant.id}`);
    await page.goto(`/consultants/${consultant.id}`);
    const card = page.getByRole('article', { name: 'Marcus Reed' });
    await expect(card).toBeVisible();
    // The page paints from its HTML alone: the stylesheet it needs and the first-page script are
    // in it, the whole stylesheet holds no paint (print), and it preloads none of the app's code.
    const served = await (await request.get(`/consultants/${consultant.id}`)).text();
    expect(served).toContain('<style>');
    const links = served.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length).toBe(1);
    expect(links.every((link) => link.includes('media="print"'))).toBe(true);
    expect(served).not.toMatch(/<script src=/);
    expect(served).not.toContain('rel="modulepreload"');
    await expect(card.locator('.fm-profile-card__rate')).toContainText('$50');
    // The app's read goes out once it has taken the page over, and is held: what shows came with
    // the page.
    await actOnPage(page);
    await expect.poll(() => profileRead.asked()).toBe(true);
    await expect(card.locator('.fm-profile-card__rate')).toContainText('$50');
    profileRead.release();
    await page.waitForLoadState('networkidle');
    await expect(card).toBeVisible();
  });

  test('paint with the part of the stylesheet their markup uses, which the whole one leaves as it is', async ({
    browser,
    request,
    baseURL,
  }) => {
    // Four pages, each at two sizes, each style of each element compared.
    test.setTimeout(120_000);
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const franchisor = await apiSignIn(request, baseURL ?? '', DEMO.franchisor);
    const paths = [
      '/',
      '/privacy-policy',
      `/consultants/${consultant.id}`,
      `/franchisors/${franchisor.id}`,
    ];
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    for (const device of [{}, phone]) {
      const context = await browser.newContext({ baseURL: baseURL ?? '', ...device });
      try {
        for (const path of paths) {
          const page = await context.newPage();
          const errors = errorsOf(page);
          const app = await holdRequests(page, APP_SCRIPT);
          const sheet = await holdRequests(page, WHOLE_STYLESHEET);
          const answer = await page.goto(path, { waitUntil: 'commit' });
          const html = (await answer?.text()) ?? '';
          // The whole sheet is linked for print, which holds no paint, and its part is inline.
          expect(html, path).toMatch(/<link rel="stylesheet"[^>]* media="print" data-deferred>/);
          const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
          expect(inline.length, path).toBeGreaterThan(1000);
          await expect(page.locator('#root > *').first()).toBeVisible();
          const before = await stylesOfRoot(page);
          // The whole sheet, applied to the server's elements as the app applies it, changes none
          // of their styles (the app is held: what it renders later is not compared here).
          sheet.release();
          const deferred = page.locator('link[rel="stylesheet"][data-deferred]');
          await expect
            .poll(() => deferred.evaluate((link: HTMLLinkElement) => link.sheet !== null))
            .toBe(true);
          await deferred.evaluate((link: HTMLLinkElement) => {
            link.media = 'all';
          });
          expect(styleChanges(before, await stylesOfRoot(page)), path).toEqual([]);
          // The app switches it on by itself.
          await deferred.evaluate((link: HTMLLinkElement) => {
            link.media = 'print';
          });
          app.release();
          await actOnPage(page);
          await expect(page.locator('link[rel="stylesheet"][media="all"]')).toHaveCount(1);
          await expect(page.locator('link[data-deferred]')).toHaveCount(0);
          expect(errors, path).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    }
  });

  test('the landing page and a profile are taken over with no console error and no layout shift', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    const errors = errorsOf(page);
    for (const path of ['/', `/consultants/${consultant.id}`]) {
      await page.goto(path);
      await expect(page.locator('#root > *').first()).toBeVisible();
      await actOnPage(page);
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  test('a signed-in franchisor books from a served profile', async ({ page, request, baseURL }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    await signIn(page, DEMO.franchisor, /\/consultants/);
    await page.goto(`/consultants/${consultant.id}`);
    await expect(page.locator('#fm-public-data')).toHaveCount(1);
    await page.getByRole('button', { name: 'Book a Meeting' }).click();
    await expect(page.getByRole('dialog', { name: 'Select a Date & Time' })).toBeVisible();
  });
});
