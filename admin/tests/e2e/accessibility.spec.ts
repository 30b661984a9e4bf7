import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, PHONE_VIEWPORT, settle } from '../../../scripts/e2e-axe.ts';
import { ADMIN_ROUTES, type AdminSeedIds, type AdminVisit } from './accessibility-routes.ts';
import { signInAsAdmin } from './support.ts';

/**
 * Axe-core over every screen of the control panel — each route of the router (the list
 * is checked against it by `admin/src/accessibility-routes.test.ts`), signed out for the sign-in
 * pages and as the demo admin for the rest, with real ids from the demo seed — plus open states
 * (an actions menu, the collapsed sidebar) and a phone's viewport: no serious or critical
 * WCAG 2.0/2.1 A/AA violation.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const BASE = '/control-panel';

// Read once per worker: the signed-in admin's browser state, and the seed's ids.
let adminState: Promise<StorageState> | null = null;
let seedIds: Promise<AdminSeedIds> | null = null;

async function signedInState(browser: Browser, baseURL: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  try {
    await signInAsAdmin(await context.newPage());
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The id in the first row's link of a list screen (`/control-panel/consultants/<id>`). */
async function firstId(page: Page, list: string): Promise<string> {
  await page.goto(`${BASE}${list}`);
  const link = page.locator(`table a[href^="${BASE}${list}/"]`).first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const id = href.slice(`${BASE}${list}/`.length).split(/[/?#]/)[0];
  if (!id) throw new Error(`No row to open on ${list}`);
  return decodeURIComponent(id);
}

async function readSeedIds(browser: Browser, baseURL: string): Promise<AdminSeedIds> {
  const page = await openAs(browser, baseURL, 'admin');
  try {
    return {
      consultantId: await firstId(page, '/consultants'),
      franchiseId: await firstId(page, '/franchisors'),
      bookingId: await firstId(page, '/bookings'),
      disputeId: await firstId(page, '/disputes'),
    };
  } finally {
    await page.context().close();
  }
}

async function openAs(
  browser: Browser,
  baseURL: string,
  as: AdminVisit['as'],
  viewport?: { width: number; height: number },
): Promise<Page> {
  if (as === 'admin') adminState ??= signedInState(browser, baseURL);
  const storageState = as === 'admin' ? await adminState : undefined;
  const context = await browser.newContext({
    baseURL,
    ...(storageState ? { storageState } : {}),
    ...(viewport ? { viewport } : {}),
  });
  return context.newPage();
}

interface CheckOptions {
  viewport?: { width: number; height: number };
  /** Puts the page into an open state (a menu, a dialog) before the check. */
  open?: (page: Page) => Promise<void>;
}

/** Opens a screen, waits for it to settle, runs axe; closes the context after. */
async function check(
  browser: Browser,
  baseURL: string | undefined,
  visit: AdminVisit,
  options: CheckOptions = {},
) {
  if (!baseURL) throw new Error('baseURL is not configured');
  let path = visit.url;
  if (typeof path !== 'string') {
    seedIds ??= readSeedIds(browser, baseURL);
    path = path(await seedIds);
  }
  const page = await openAs(browser, baseURL, visit.as, options.viewport);
  try {
    await page.goto(`${BASE}${path}`);
    await expect(page.locator('h1').first()).toBeVisible();
    if (visit.as === 'admin') await expect(page).not.toHaveURL(/\/auth\/sign-in$/);
    await settle(page);
    if (options.open) {
      await options.open(page);
      await settle(page);
    }
    await expectNoSeriousViolations(page, `${visit.as} ${path}`);
  } finally {
    await page.context().close();
  }
}

test.describe('accessibility of every control panel screen', () => {
  for (const entry of ADMIN_ROUTES) {
    if (!('visits' in entry)) continue;
    for (const visit of entry.visits) {
      const suffix =
        typeof visit.url === 'string' && visit.url !== entry.route ? ` (${visit.url})` : '';
      test(`${entry.route} as ${visit.as}${suffix}`, async ({ browser, baseURL }) => {
        await check(browser, baseURL, visit);
      });
    }
  }
});

/** A screen seen by the admin after something on it was opened: a menu, a dialog, a search. */
interface OpenState {
  title: string;
  url: AdminVisit['url'];
  open: (page: Page) => Promise<void>;
}

const franchisePage: AdminVisit['url'] = (ids) => `/franchisors/${ids.franchiseId}`;

const OPEN_STATES: OpenState[] = [
  {
    title: 'a consultant detail with its actions menu open',
    url: (ids) => `/consultants/${ids.consultantId}`,
    open: async (page) => {
      await page
        .getByRole('button', { name: /actions/i })
        .first()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    title: 'the sidebar minimised',
    url: '/consultants',
    open: async (page) => {
      await page.getByRole('button', { name: 'Minimize Menu' }).click();
      await expect(page.getByRole('button', { name: 'Expand Menu' })).toBeVisible();
    },
  },
  {
    title: "a franchisor's actions menu open in a franchise's table",
    url: franchisePage,
    open: async (page) => {
      await openFirstFranchisorActions(page);
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    title: "a franchisor's Edit dialog open",
    url: franchisePage,
    open: async (page) => {
      await openFirstFranchisorActions(page);
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      await expect(
        page.getByRole('dialog', { name: 'Edit Franchisor' }).getByLabel('Email'),
      ).not.toHaveValue('');
    },
  },
  {
    title: 'Add Existing Franchisor searched',
    url: franchisePage,
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Existing Franchisor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Existing Franchisor' });
      await dialog.getByLabel('Search franchisors').fill('example.com');
      await expect(
        dialog.getByLabel('Franchisor', { exact: true }).locator('option'),
      ).not.toHaveCount(1);
    },
  },
  {
    title: 'a create form with its errors shown',
    url: '/consultants/create',
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Consultant' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
];

test.describe('accessibility of the control panel in open states', () => {
  for (const state of OPEN_STATES) {
    test(state.title, async ({ browser, baseURL }) => {
      await check(browser, baseURL, { as: 'admin', url: state.url }, { open: state.open });
    });
  }
});

test.describe('accessibility of the control panel on a phone', () => {
  const phone: [string, AdminVisit][] = [
    ['/auth/sign-in', { as: 'guest', url: '/auth/sign-in' }],
    ['/', { as: 'admin', url: '/' }],
    ['/consultants', { as: 'admin', url: '/consultants' }],
    ['/bookings/:id', { as: 'admin', url: (ids) => `/bookings/${ids.bookingId}` }],
  ];
  for (const [route, visit] of phone) {
    test(`${route} as ${visit.as}`, async ({ browser, baseURL }) => {
      await check(browser, baseURL, visit, { viewport: PHONE_VIEWPORT });
    });
  }
});

/** Opens the Actions menu of the first franchisor in a franchise's table. */
function openFirstFranchisorActions(page: Page) {
  return page
    .getByRole('table', { name: /^Franchisors of / })
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
}
