import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { demoConsultantProfilePath, demoCredentials, withDemoServer } from './demo-server.ts';
import type { Aim, Measurement, Row } from './measurement.ts';

/**
 * P6: Web Vitals of the portal on a phone — LCP ≤ 2.5 s, CLS ≤ 0.1, INP ≤ 200 ms for
 * the landing page, the demo consultant's public profile (both also FCP ≤ 1.2 s, rule 22),
 * sign-in, Find Consultants, My Meetings and Payments, each loaded cold (a fresh browser context)
 * in Debian's Chromium with the mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round
 * trip (DevTools network emulation) and a 4× CPU slowdown, on a 390×844 touch screen.
 * Values come from Google's `web-vitals` library injected into the page; INP from one tap on the
 * page's first control. Each LCP is printed with its element and where its time went (TTFB, load
 * delay, load, render delay), and every layout shift with what moved. Needs the built apps
 * (`npm run build`) and starts its own server with the demo seed, warmed up by one unthrottled
 * visit of every page.
 */

const require = createRequire(import.meta.url);
// The package exports no path to its IIFE build: it sits beside the CommonJS entry. The attribution
// build also names the LCP element, the phases of its time and the largest layout shift.
const WEB_VITALS = join(dirname(require.resolve('web-vitals')), 'web-vitals.attribution.iife.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The mobile profile of the issue. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * Runs in the page before its own scripts: keeps the vitals, what the LCP was and where its time
 * went (web-vitals attribution), and every layout shift with what moved. A string, not a function:
 * the TypeScript loader would wrap named functions in a helper that the page does not have.
 */
const RECORDER = `
  window.__vitals = { lcp: null, fcp: null, cls: 0, inp: null, lcpWhat: '', inpWhat: '', shifts: [] };
  const all = { reportAllChanges: true };
  webVitals.onFCP((m) => { window.__vitals.fcp = m.value; }, all);
  const ms = (n) => String(Math.round(Number(n || 0)));
  webVitals.onLCP((m) => {
    const a = m.attribution;
    window.__vitals.lcp = m.value;
    window.__vitals.lcpWhat = (a.target || '?') + ' (TTFB ' + ms(a.timeToFirstByte) +
      ', load delay ' + ms(a.resourceLoadDelay) + ', load ' + ms(a.resourceLoadDuration) +
      ', render delay ' + ms(a.elementRenderDelay) + ' ms)';
  }, all);
  webVitals.onCLS((m) => { window.__vitals.cls = m.value; }, all);
  webVitals.onINP((m) => {
    const a = m.attribution;
    window.__vitals.inp = m.value;
    window.__vitals.inpWhat = (a.interactionTarget || '?') + ' ' + a.interactionType + ' (input delay ' +
      ms(a.inputDelay) + ', processing ' + ms(a.processingDuration) + ', presentation delay ' +
      ms(a.presentationDelay) + ' ms)';
  }, all);
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName : '?';
    const first = typeof node.className === 'string' ? node.className.split(' ')[0] : '';
    return node.tagName.toLowerCase() + (first ? '.' + first : '');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((source) => describe(source.node)).join(', ');
      window.__vitals.shifts.push(
        entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms: ' + moved,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface PageSpec {
  name: string;
  /** The path, or `profile`: the demo consultant's public profile (its id known once seeded). */
  path: string;
  /** A demo sign-in, or none for a guest page. */
  as?: 'franchisor@example.com';
  /** Public pages (rule 22) also aim at a first contentful paint within 1.2 s. */
  fcpAim?: number;
}

/** The path of the demo consultant's public profile in PAGES; resolved once the server runs. */
const DEMO_PROFILE = '/consultants/{demo consultant}';

const PAGES: PageSpec[] = [
  { name: 'landing', path: '/', fcpAim: 1.2 },
  { name: 'consultant profile', path: DEMO_PROFILE, fcpAim: 1.2 },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'Find Consultants', path: '/consultants', as: 'franchisor@example.com' },
  { name: 'My Meetings', path: '/bookings', as: 'franchisor@example.com' },
  { name: 'Payments', path: '/payments', as: 'franchisor@example.com' },
];

interface Vitals {
  lcp: number | null;
  fcp: number | null;
  cls: number;
  inp: number | null;
  /** What the LCP was and where its time went (web-vitals attribution), for the detail column. */
  lcpWhat: string;
  /** What was tapped and the phases of the interaction (web-vitals attribution). */
  inpWhat: string;
  /** Every layout shift that counts for CLS: its value, when, and what moved. */
  shifts: string[];
}

/** The pages with the demo consultant's public profile's real path. */
async function resolvedPages(url: string): Promise<PageSpec[]> {
  const profile = await demoConsultantProfilePath(url);
  return PAGES.map((spec) => (spec.path === DEMO_PROFILE ? { ...spec, path: profile } : spec));
}

/** Signs the page's account (if it has one) into the portal of every page the context opens. */
async function signInPortal(context: BrowserContext, url: string, spec: PageSpec): Promise<void> {
  if (!spec.as) return;
  const stored = await demoCredentials(url, spec.as);
  await context.addInitScript((value) => {
    window.localStorage.setItem('fm-portal', value);
  }, stored);
}

/** Loads one page cold under the mobile profile and reads its vitals. */
async function measurePage(browser: Browser, url: string, spec: PageSpec): Promise<Vitals> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await signInPortal(context, url, spec);
    // Playwright runs an init script in its own scope: publish the library's global on window.
    await context.addInitScript({
      content: `${readFileSync(WEB_VITALS, 'utf8')};window.webVitals = webVitals;`,
    });
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${url}${spec.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    // Late layout shifts and the last LCP candidate land after the network settles.
    await page.waitForTimeout(3000);
    await tapFirstControl(page);
    await page.waitForTimeout(1500);
    return await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);
  } finally {
    await context.close();
  }
}

/**
 * Opens every page once, unthrottled, in a context of its own before measuring: the server's first
 * requests (code paths compiled, worker threads started, database pages read) are the server
 * starting, not the page on a phone. The browser's cache stays cold: each measured page gets a
 * fresh context.
 */
async function warmUp(browser: Browser, url: string, pages: PageSpec[]): Promise<void> {
  for (const spec of pages) {
    const context = await browser.newContext();
    try {
      await signInPortal(context, url, spec);
      const page = await context.newPage();
      await page.goto(`${url}${spec.path}`, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    } finally {
      await context.close();
    }
  }
}

/**
 * One tap on the page's first visible control, as a person would, for INP: a button or a tab when
 * the page has one, else its heading (a guest's public profile has only links, and a link opens
 * its page as a new document before the app has taken the page over, decision 036, whose vitals
 * would then be read instead of this page's). On a guest's public page that first tap is what
 * loads the app.
 */
async function tapFirstControl(page: Page): Promise<void> {
  const buttons = page
    .locator('main button:visible, main [role="tab"]:visible, header button:visible')
    .first();
  const control = (await buttons.count()) > 0 ? buttons : page.locator('main h1:visible').first();
  if ((await control.count()) === 0) return;
  await control.tap({ timeout: 10_000, trial: false }).catch(() => {});
}

export const p6WebVitals: Measurement = {
  id: 'P6',
  title: 'Web Vitals on a phone (1.6 Mbit/s, 150 ms RTT, 4× CPU), cold cache',
  run: (ctx) =>
    withDemoServer(async (server) => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
      const aims: Aim[] = [];
      const rows: Row[] = [];
      const notes: string[] = [];
      try {
        ctx.log('P6: warming the server up (every page once, unthrottled)');
        const pages = await resolvedPages(server.url);
        await warmUp(browser, server.url, pages);
        for (const spec of pages) {
          ctx.log(`P6: ${spec.name}`);
          const v = await measurePage(browser, server.url, spec);
          aims.push(
            {
              id: 'P6',
              label: `${spec.name} LCP`,
              measured: Math.round((v.lcp ?? Number.POSITIVE_INFINITY) / 10) / 100,
              aim: 2.5,
              kind: 'max',
              unit: 's',
              detail: v.lcpWhat,
            },
            {
              id: 'P6',
              label: `${spec.name} CLS`,
              measured: Math.round(v.cls * 1000) / 1000,
              aim: 0.1,
              kind: 'max',
              unit: '',
              ...(v.shifts.length > 0 ? { detail: `${v.shifts.length} shift(s), see notes` } : {}),
            },
            {
              id: 'P6',
              label: `${spec.name} INP`,
              measured: Math.round(v.inp ?? 0),
              aim: 200,
              kind: 'max',
              unit: 'ms',
              detail: v.inp === null ? 'no interaction slower than 40 ms' : v.inpWhat,
            },
          );
          if (spec.fcpAim !== undefined) {
            aims.push({
              id: 'P6',
              label: `${spec.name} FCP`,
              measured: Math.round((v.fcp ?? Number.POSITIVE_INFINITY) / 10) / 100,
              aim: spec.fcpAim,
              kind: 'max',
              unit: 's',
              detail: "DevTools throttling (Lighthouse's simulated figure: LH1)",
            });
          }
          rows.push({ scenario: `${spec.name} (${spec.path})`, clients: 'phone' });
          for (const shift of v.shifts) notes.push(`P6 ${spec.name} layout shift ${shift}`);
        }
        notes.push(
          'P6: each page loaded in a fresh browser context (cold cache) with DevTools network and CPU throttling, after one unthrottled warm-up visit of every page (a warm server); INP from one tap.',
        );
      } finally {
        await browser.close();
      }
      return { aims, rows, notes };
    }),
};
