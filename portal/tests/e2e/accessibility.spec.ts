import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { expectNoSeriousViolations, PHONE_VIEWPORT, settle } from '../../../scripts/e2e-axe.ts';
import {
  PORTAL_ROUTES,
  type PortalViewer,
  type PortalVisit,
  type SeedIds,
} from './accessibility-routes.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Axe-core over every page of the portal — each route of the router (the list is
 * checked against it by `portal/src/app/accessibility-routes.test.ts`), signed out and as the demo
 * franchisor and consultant — and over the main open states (booking modal, notifications, profile
 * menu, tutorial) and a phone's viewport: no serious or critical WCAG 2.0/2.1 A/AA violation.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type User = Exclude<PortalViewer, 'guest'>;

const HOMES: Record<User, RegExp> = { franchisor: /\/consultants$/, consultant: /\/franchisors$/ };
const EMAILS: Record<User, string> = { franchisor: DEMO.franchisor, consultant: DEMO.consultant };

// Read once per worker: a signed-in browser state per demo user, and the seed's ids.
const states = new Map<User, Promise<StorageState>>();
let seedIds: Promise<SeedIds> | null = null;

async function signedInState(browser: Browser, baseURL: string, user: User) {
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(await context.newPage(), EMAILS[user], HOMES[user]);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function apiToken(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO.password },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; user: { id: string } };
}

async function readSeedIds(request: APIRequestContext, baseURL: string): Promise<SeedIds> {
  const franchisor = await apiToken(request, baseURL, DEMO.franchisor);
  const consultant = await apiToken(request, baseURL, DEMO.consultant);
  const auth = { Authorization: `Bearer ${franchisor.token}` };
  let meetingId: string | undefined;
  for (const status of ['future', 'pending', 'past'] as const) {
    const res = await request.get(`/api/session?status=${status}&limit=100`, { headers: auth });
    const { sessions } = (await res.json()) as { sessions: { id: string; consultantId: string }[] };
    meetingId = sessions.find((s) => s.consultantId === consultant.user.id)?.id ?? sessions[0]?.id;
    if (meetingId) break;
  }
  const chats = await request.get('/api/chats', { headers: auth });
  const chatId = ((await chats.json()) as { data: { id: string }[] }).data[0]?.id;
  if (!meetingId || !chatId) throw new Error('The demo seed has no meeting or chat to open');
  return {
    franchisorId: franchisor.user.id,
    consultantId: consultant.user.id,
    meetingId,
    chatId,
  };
}

interface Fixtures {
  browser: Browser;
  baseURL: string | undefined;
  request: APIRequestContext;
}

/** A page in a fresh context for the viewer (signed in from the memoised state). */
async function openAs(
  { browser, baseURL }: Fixtures,
  as: PortalViewer,
  viewport?: { width: number; height: number },
): Promise<Page> {
  if (!baseURL) throw new Error('baseURL is not configured');
  let storageState: StorageState | undefined;
  if (as !== 'guest') {
    let state = states.get(as);
    if (!state) {
      state = signedInState(browser, baseURL, as);
      states.set(as, state);
    }
    storageState = await state;
  }
  const context = await browser.newContext({
    baseURL,
    ...(storageState ? { storageState } : {}),
    ...(viewport ? { viewport } : {}),
  });
  return context.newPage();
}

async function urlOf(visit: PortalVisit, fixtures: Fixtures): Promise<string> {
  const baseURL = fixtures.baseURL ?? '';
  if (typeof visit.url === 'string') {
    return visit.url.replace('origin=SELF', `origin=${encodeURIComponent(baseURL)}`);
  }
  seedIds ??= readSeedIds(fixtures.request, baseURL);
  return visit.url(await seedIds);
}

/** Opens a page as the viewer, waits for it to settle, runs axe; closes the context after. */
async function check(
  fixtures: Fixtures,
  visit: PortalVisit,
  options: {
    viewport?: { width: number; height: number };
    /** Puts the page into an open state (a dialog, a menu) before the check. */
    open?: (page: Page) => Promise<void>;
  } = {},
) {
  const url = await urlOf(visit, fixtures);
  const page = await openAs(fixtures, visit.as, options.viewport);
  try {
    await page.goto(url);
    // The app has rendered (index.html's copy of the landing hero is hidden), and a signed-in
    // page was not sent to sign-in.
    await expect(page.locator('h1').first()).toBeVisible();
    if (visit.as !== 'guest') await expect(page).not.toHaveURL(/\/sign-in$/);
    await settle(page);
    if (options.open) {
      await options.open(page);
      await settle(page);
    }
    await expectNoSeriousViolations(page, `${visit.as} ${url}`);
  } finally {
    await page.context().close();
  }
}

test.describe('accessibility of every portal page', () => {
  for (const entry of PORTAL_ROUTES) {
    if (!('visits' in entry)) continue;
    for (const visit of entry.visits) {
      // Two pages of one route are told apart by their address.
      const suffix =
        typeof visit.url === 'string' && visit.url !== entry.route ? ` (${visit.url})` : '';
      test(`${entry.route} as ${visit.as}${suffix}`, async ({ browser, baseURL, request }) => {
        await check({ browser, baseURL, request }, visit);
      });
    }
  }
});

test.describe('accessibility of the portal in open states', () => {
  test('the booking modal', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'franchisor', url: (ids) => `/consultants/${ids.consultantId}` },
      {
        open: async (page) => {
          await page.getByRole('button', { name: 'Book a Meeting' }).click();
          const dialog = page.getByRole('dialog', { name: 'Select a Date & Time' });
          await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
        },
      },
    );
  });

  test('the notifications panel', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'franchisor', url: '/consultants' },
      {
        open: async (page) => {
          await page.getByRole('button', { name: /^Notifications/ }).click();
          const panel = page.getByRole('dialog', { name: 'Notifications' });
          await expect(panel.getByTestId('notification').first()).toBeVisible();
        },
      },
    );
  });

  test('the profile menu', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'consultant', url: '/franchisors' },
      {
        open: async (page) => {
          await page.getByRole('button', { name: /profile menu/i }).click();
          await expect(page.getByRole('menuitem', { name: 'Tutorial' })).toBeVisible();
        },
      },
    );
  });

  test('the tutorial', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'franchisor', url: '/consultants' },
      {
        open: async (page) => {
          await page.getByRole('button', { name: /profile menu/i }).click();
          await page.getByRole('menuitem', { name: 'Tutorial' }).click();
          await expect(page.getByTestId('tutorial')).toBeVisible();
        },
      },
    );
  });

  test('a sign-in form with its errors shown', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'guest', url: '/sign-in' },
      {
        open: async (page) => {
          await page
            .getByRole('form', { name: 'Log in' })
            .getByRole('button', { name: 'Log In' })
            .click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
      },
    );
  });
});

test.describe('accessibility of the portal on a phone', () => {
  const phone: [string, PortalVisit][] = [
    ['/', { as: 'guest', url: '/' }],
    ['/sign-up', { as: 'guest', url: '/sign-up' }],
    ['/consultants', { as: 'franchisor', url: '/consultants' }],
    ['/consultants/:id', { as: 'franchisor', url: (ids) => `/consultants/${ids.consultantId}` }],
    ['/chats/:id', { as: 'franchisor', url: (ids) => `/chats/${ids.chatId}` }],
    ['/bookings', { as: 'consultant', url: '/bookings' }],
    ['/my-profile', { as: 'consultant', url: '/my-profile' }],
  ];
  for (const [route, visit] of phone) {
    test(`${route} as ${visit.as}`, async ({ browser, baseURL, request }) => {
      await check({ browser, baseURL, request }, visit, { viewport: PHONE_VIEWPORT });
    });
  }

  test('the burger menu open', async ({ browser, baseURL, request }) => {
    await check(
      { browser, baseURL, request },
      { as: 'franchisor', url: '/bookings' },
      {
        viewport: PHONE_VIEWPORT,
        open: async (page) => {
          await page.getByRole('button', { name: /menu/i }).first().click();
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        },
      },
    );
  });
});
