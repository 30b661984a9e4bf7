import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * Every portal and admin page is checked with axe-core against WCAG 2.0 and 2.1,
 * levels A and AA, and no violation of impact `serious` or `critical` is allowed. Shared by the
 * portal's and the admin's accessibility specs, so it lives in the root's test tooling.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail the check (axe's `moderate` and `minor` are reported by axe only). */
const BLOCKING = new Set(['serious', 'critical']);

/** A phone's viewport for the small-screen passes (and the spec's mobile layout). */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * One route of an app as its router declares it (`/bookings/:id`), and how the spec reaches it:
 * each visit is a concrete page checked with axe, a redirect names where it leads and needs no
 * check of its own (its target is checked where it is listed).
 */
export type RouteCoverage<Visit> =
  | { route: string; visits: readonly Visit[] }
  | { route: string; redirectsTo: string };

/**
 * Waits until a page has settled: loaded, the network quiet for a moment (best effort), no part of
 * it marked `aria-busy`, and its running animations finished (at most 1.5 s), so that colours are
 * measured as a person sees them.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Polling and the realtime socket may keep the network busy: quiet is best effort.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  // Fades and slide-ins settle before colours are measured.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const running = document.getAnimations().filter((a) => a.playState === 'running');
        void Promise.all(running.map((a) => a.finished.catch(() => undefined))).then(() =>
          resolve(),
        );
        setTimeout(resolve, 1_500);
      }),
  );
}

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation: the rule,
 * its impact, the help text and link, and each offending element's selector and axe's summary of
 * what to fix.
 *
 * @example
 * await page.goto('/sign-in');
 * await expectNoSeriousViolations(page, 'sign-in');
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => {
          const summary = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').slice(0, 300);
          return `    - ${n.target.join(' ')}\n      ${summary}`;
        })
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  if (blocking.length > 0) {
    await test.info().attach(`axe ${label}`, {
      body: JSON.stringify(blocking, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    blocking.map((v) => v.id),
    `axe on ${label} (${page.url()}):\n${report}`,
  ).toEqual([]);
}
