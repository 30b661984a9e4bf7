import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/**
 * What a phone's first visit loads (P6): the landing page comes rendered by the server (rule 22)
 * and paints before the app has run; every other page loads the app and its own chunk, preloaded
 * together, and no other page's chunk. The figures themselves are in the bench (`npm run bench -- P6`).
 */

const appScript = /\/assets\/index-[^/]+\.js$/;

test.describe('first load', () => {
  test("the landing page's first screen is there before the app runs, and only on /", async ({
    page,
  }) => {
    await page.route(appScript, (route) => route.abort());
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Where franchise brands meet franchise consultants' }),
    ).toBeVisible();
    await page.goto('/sign-in');
    await expect(page.getByText('Where franchise brands meet franchise consultants')).toBeHidden();
  });

  test("a page's chunk is preloaded with the app, and no other page's is fetched", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/sign-in');
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('link[rel="modulepreload"][href*="/sign-in-page-"]')).toHaveCount(1);
    expect(scripts.some((path) => path.includes('/sign-in-page-'))).toBe(true);
    for (const other of ['my-meetings-page', 'payments-page', 'find-pages', 'charts']) {
      expect(
        scripts.some((path) => path.includes(`/${other}-`)),
        other,
      ).toBe(false);
    }
  });

  test("a signed-in visitor's page preloads the frame's signed-in parts with the app, a guest's does not", async ({
    page,
  }) => {
    const parts = page.locator('link[rel="modulepreload"][href*="/signed-in-parts-chunk-"]');
    await page.goto('/sign-in');
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await expect(parts).toHaveCount(0);
    await signIn(page, DEMO.franchisor, /\/consultants/);
    await page.goto('/bookings');
    await expect(parts).toHaveCount(1);
    await expect(page.getByRole('button', { name: /notifications/i }).first()).toBeVisible();
  });

  test("the app's first code comes in a dozen files at most, not a file per shared module", async ({
    request,
  }) => {
    // Each is a request of its own on a phone's network. A top-level await in the entry makes the
    // bundler split the first code into a chunk per module it shares with a page (36 of them).
    const shell = await (await request.get('/sign-in')).text();
    const preloads = shell.match(/<link rel="modulepreload"/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.length).toBeLessThanOrEqual(12);
  });

  test('My Meetings and Payments open on a first visit and keep the footer below the first screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.franchisor, /\/consultants/);
    for (const path of ['/bookings', '/payments']) {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveText(
        path === '/bookings' ? 'My Meetings' : 'Payments',
      );
      const footer = await page.locator('footer').boundingBox();
      expect(footer?.y ?? 0, path).toBeGreaterThanOrEqual(844);
    }
  });
});
