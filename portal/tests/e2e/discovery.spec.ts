import {
  type ConsultantListItem,
  type FranchisorListItem,
  INVESTMENT_RANGES,
  type InvestmentRange,
  LIST_QUERY_KEYS,
  type PublicProfile,
  STATES_BY_COUNTRY,
} from '@fm/sdk/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type DiscoveryApi, discoveryApi, literal } from './discovery-api.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Find Consultants, Find Franchisors, the public profiles and the landing page's role choice,
 * against the real API and the demo seed (issue "discovery", Done when). The data each test uses
 * is picked through the API first, so the tests hold for any deterministic seed.
 */

/** Cards per page on the find pages (portal/src/pages/find). */
const PAGE_SIZE = 12;

function results(page: Page, label: 'Consultants' | 'Franchisors'): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

/** Waits until the list shows the answer to its current filters. */
async function settled(list: Locator): Promise<void> {
  await expect(list).toHaveAttribute('aria-busy', 'false');
}

/** The card titles the list shows, in order. */
async function cardTitles(list: Locator): Promise<string[]> {
  await settled(list);
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

/** A checkbox of a filter group, by its option's label (the count after it is ignored). */
async function checkOption(page: Page, group: string, label: string): Promise<void> {
  const fieldset = page.getByRole('group', { name: group, exact: true });
  const option = fieldset.getByRole('checkbox', {
    name: new RegExp(`^${literal(label)}( [\\d,]+)?$`),
  });
  if (!(await option.isVisible())) {
    await fieldset.getByRole('button', { name: /^Show all/ }).click();
  }
  await option.check();
}

const nameOf = (item: ConsultantListItem) => `${item.firstName} ${item.lastName}`.trim();
const titleOf = (item: FranchisorListItem) =>
  item.franchise.company || `${item.firstName} ${item.lastName}`.trim();

/** The query the page's URL stands for, as the API takes it. */
function queryOfUrl(url: string): Record<string, string | string[]> {
  const params = new URL(url).searchParams;
  const query: Record<string, string | string[]> = { limit: String(PAGE_SIZE) };
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = (LIST_QUERY_KEYS as readonly string[]).includes(key) ? values : values[0]!;
  }
  return query;
}

test.describe('Find Consultants (franchisor)', () => {
  let api: DiscoveryApi;
  /** Consultants this test favourited, un-favourited afterwards if the test did not. */
  const favourited = new Set<string>();

  test.beforeEach(async ({ request, baseURL }) => {
    api = await discoveryApi(request, baseURL!, DEMO.franchisor);
  });

  test.afterEach(async () => {
    for (const id of favourited) {
      const { consultants } = await api.consultants({ favoritesOnly: true, limit: 100 });
      if (consultants.some((c) => c.id === id)) await api.toggleConsultant(id);
    }
    favourited.clear();
  });

  test('filters by industry, region and rate, favourites one and finds it under favourites after a reload', async ({
    page,
  }) => {
    // A consultant of the seed who is not a favourite yet, with an industry, a region and a rate.
    const { consultants } = await api.consultants({ limit: 100 });
    const target = consultants.find(
      (c) =>
        !c.isFavorite && c.rate !== null && c.industrySpecialty.length > 0 && c.region.length > 0,
    );
    if (!target) throw new Error('the seed has no consultant to favourite');
    const industry = target.industrySpecialty[0]!;
    const region = target.region[0]!;
    const rateMax = Math.ceil(target.rate!);

    await signIn(page, DEMO.franchisor, /\/consultants$/);
    const list = results(page, 'Consultants');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Consultants' })).toBeVisible();
    await settled(list);

    await checkOption(page, 'Industries', industry);
    await checkOption(page, 'Regions', region);
    await page.getByLabel('Max rate').fill(String(rateMax));
    await page.getByLabel('Max rate').press('Enter');
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.getAll('industry').includes(industry) &&
        url.searchParams.getAll('region').includes(region) &&
        url.searchParams.get('rateMax') === String(rateMax),
    );

    // Only matching consultants, exactly those the API finds for these filters.
    const expected = await api.consultants(queryOfUrl(page.url()));
    expect(expected.total).toBeGreaterThan(0);
    for (const consultant of expected.consultants) {
      expect(consultant.industrySpecialty).toContain(industry);
      expect(consultant.region).toContain(region);
      expect(consultant.rate).not.toBeNull();
      expect(consultant.rate!).toBeLessThanOrEqual(rateMax);
    }
    expect(await cardTitles(list)).toEqual(expected.consultants.map(nameOf));

    // The target may be on a later page of the filtered list: open that page.
    const filtered = await api.consultants({ ...queryOfUrl(page.url()), limit: 100 });
    const index = filtered.consultants.findIndex((c) => c.id === target.id);
    expect(index).toBeGreaterThanOrEqual(0);
    const targetPage = Math.floor(index / PAGE_SIZE) + 1;
    if (targetPage > 1) {
      await list.getByRole('button', { name: `Page ${targetPage}`, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === String(targetPage));
    }

    const card = list
      .getByRole('article')
      .filter({ has: page.locator(`a[href="/consultants/${target.id}"]`) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(/\$[\d,.]+ \/ 15 min/);
    // Its industries and regions as labelled tag lists (the filtered ones among them).
    await expect(card.getByRole('list', { name: 'Industries' })).toContainText(industry);
    await expect(card.getByRole('list', { name: 'Regions' })).toContainText(region);
    const heart = card.getByRole('button', { name: /favourites$/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const toggled = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/favorite-consultant') && r.request().method() === 'POST',
    );
    await heart.click();
    favourited.add(target.id);
    expect((await toggled).status()).toBe(200);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // After a reload the filters are still there and the heart is still on.
    await page.reload();
    await settled(list);
    await expect(page.getByLabel('Max rate')).toHaveValue(String(rateMax));
    await expect(card.getByRole('button', { name: /favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The Favourites tab lists it, and keeps doing so after a reload.
    await list.getByRole('button', { name: /^Favourites/ }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('favoritesOnly') === 'true');
    await settled(list);
    await expect(card).toBeVisible();
    await page.reload();
    await settled(list);
    await expect(list.getByRole('button', { name: /^Favourites/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(card).toBeVisible();

    // The profile page shows the same heart; un-favouriting there takes it off the favourites.
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/consultants/${literal(target.id)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(nameOf(target));
    const profileHeart = page.getByRole('button', { name: /favourites$/ });
    await expect(profileHeart).toHaveAttribute('aria-pressed', 'true');
    await profileHeart.click();
    await expect(profileHeart).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(async () =>
        (await api.consultants({ favoritesOnly: true, limit: 100 })).consultants.some(
          (c) => c.id === target.id,
        ),
      )
      .toBe(false);
    favourited.delete(target.id);

    await page.goBack();
    await settled(list);
    await page.reload();
    await settled(list);
    await expect(card).toHaveCount(0);
  });

  test('the filters are kept in the URL: reload, back and forward restore them', async ({
    page,
  }) => {
    const filters = await api.filters();
    const region = filters.consultants.regions.find((r) => r.count > 0)?.value;
    if (!region) throw new Error('the seed has no consultant with a region');

    await signIn(page, DEMO.franchisor, /\/consultants$/);
    const list = results(page, 'Consultants');
    await settled(list);
    await checkOption(page, 'Regions', region);
    await expect(page).toHaveURL((url) => url.searchParams.getAll('region').includes(region));
    await page.getByLabel('Min rate').fill('10');
    await page.getByLabel('Min rate').press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('rateMin') === '10');
    await page.getByLabel('Sort by').selectOption('rate_asc');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'rate_asc');

    await page.reload();
    await settled(list);
    const regionBox = page
      .getByRole('group', { name: 'Regions', exact: true })
      .getByRole('checkbox', { name: new RegExp(`^${literal(region)}( [\\d,]+)?$`) });
    await expect(regionBox).toBeChecked();
    await expect(page.getByLabel('Min rate')).toHaveValue('10');
    await expect(page.getByLabel('Sort by')).toHaveValue('rate_asc');
    expect(await cardTitles(list)).toEqual(
      (await api.consultants(queryOfUrl(page.url()))).consultants.map(nameOf),
    );

    await page.goBack();
    await expect(page).toHaveURL((url) => !url.searchParams.has('sort'));
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.goBack();
    await expect(page).toHaveURL((url) => !url.searchParams.has('rateMin'));
    await expect(page.getByLabel('Min rate')).toHaveValue('');
    await expect(regionBox).toBeChecked();
    await page.goForward();
    await expect(page.getByLabel('Min rate')).toHaveValue('10');
    await settled(list);
    expect(await cardTitles(list)).toEqual(
      (await api.consultants(queryOfUrl(page.url()))).consultants.map(nameOf),
    );
  });

  test('a number filter refuses letters with "Please enter numbers only"', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.getByLabel('Max rate').fill('12a');
    await expect(page.getByText('Please enter numbers only')).toBeVisible();
    await expect(page.getByLabel('Max rate')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/consultants$/);
  });
});

test.describe('Find Franchisors (consultant)', () => {
  test('filters by investment range and state and sees only matching cards', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await discoveryApi(request, baseURL!, DEMO.consultant);
    // An investment range with franchises, and the state most of those are registered in.
    const filters = await api.filters();
    const range = filters.franchisors.investmentRanges.find(
      (r) => r.value !== 'any' && r.count > 0,
    );
    if (!range) throw new Error('the seed has no franchise in any investment range');
    const investment: InvestmentRange = range.value;
    const inRange = await api.franchisors({ investment, limit: 100 });
    const states = new Map<string, number>();
    for (const item of inRange.franchisees) {
      for (const code of item.franchise.statesRegisteredIn) {
        states.set(code, (states.get(code) ?? 0) + 1);
      }
    }
    const [state] = [...states].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!state) throw new Error('no franchise in that range is registered in any state');

    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Franchisors' })).toBeVisible();
    const list = results(page, 'Franchisors');
    await settled(list);
    const unfiltered = (await list.getByText(/^[\d,]+ franchisors?$/).textContent()) ?? '';

    await page.getByLabel('Investment range').selectOption(investment);
    await expect(page).toHaveURL((url) => url.searchParams.get('investment') === investment);
    await checkOption(page, 'States and provinces', literalStateLabel(state));
    await expect(page).toHaveURL((url) => url.searchParams.getAll('state').includes(state));

    const expected = await api.franchisors(queryOfUrl(page.url()));
    expect(expected.total).toBeGreaterThan(0);
    const bounds = INVESTMENT_RANGES.find((r) => r.value === investment)!;
    for (const item of expected.franchisees) {
      expect(item.franchise.statesRegisteredIn).toContain(state);
      // The cash-required range overlaps the chosen investment range ([min, max)).
      const low = item.franchise.cashRequiredMin ?? item.franchise.cashRequiredMax;
      const high = item.franchise.cashRequiredMax ?? item.franchise.cashRequiredMin;
      expect(low).not.toBeNull();
      if (bounds.max !== null) expect(low!).toBeLessThan(bounds.max);
      if (bounds.min !== null) expect(high!).toBeGreaterThanOrEqual(bounds.min);
    }
    // Exactly the API's matches, and fewer than without the filters.
    expect(await cardTitles(list)).toEqual(expected.franchisees.map(titleOf));
    await expect(list.getByText(/^[\d,]+ franchisors?$/)).not.toHaveText(unfiltered);
    // Every card shows its investment as "$min – $max" (or the known bound).
    for (const card of await list.getByRole('article').all()) {
      await expect(card).toContainText(/\$[\d,]+/);
    }

    // The filters survive a reload.
    await page.reload();
    await settled(list);
    await expect(page.getByLabel('Investment range')).toHaveValue(investment);
    expect(await cardTitles(list)).toEqual(expected.franchisees.map(titleOf));
  });
});

/** The label a state's checkbox carries: "Texas (TX)" (its name comes from the contract). */
function literalStateLabel(code: string): string {
  return STATE_NAMES[code] ? `${STATE_NAMES[code]} (${code})` : code;
}

const STATE_NAMES: Record<string, string> = Object.fromEntries(
  Object.values(STATES_BY_COUNTRY).flatMap((states) => states.map((s) => [s.code, s.name])),
);

test.describe('public profiles', () => {
  test('a guest opens a consultant and a franchisor profile', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultantId = (await discoveryApi(request, baseURL!, DEMO.consultant)).userId;
    const franchisorId = (await discoveryApi(request, baseURL!, DEMO.franchisor)).userId;
    const profile = async (id: string) =>
      (await (await request.get(`/api/users/profile/${id}`)).json()) as PublicProfile;
    const consultant = await profile(consultantId);
    const franchisor = await profile(franchisorId);
    if (consultant.role !== 'consultant' || franchisor.role !== 'franchisor') {
      throw new Error('the demo users have unexpected roles');
    }

    // `page` has never signed in: a guest.
    await page.goto(`/consultants/${consultantId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `${consultant.firstName} ${consultant.lastName}`,
    );
    await expect(page.getByText(/\$[\d,.]+ \/ 15 min/)).toBeVisible();
    await expect(page.getByRole('button', { name: /favourites$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

    await page.goto(`/franchisors/${franchisorId}`);
    const company = franchisor.franchise?.company ?? '';
    expect(company).not.toBe('');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(company);
    await expect(page.getByRole('region', { name: 'Investment' })).toBeVisible();
    await expect(page.getByRole('button', { name: /favourites$/ })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(literal(company)));
  });

  test('an unknown profile says so', async ({ page }) => {
    await page.goto('/franchisors/no-such-franchisor-000');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  });
});

test.describe('landing page role choice', () => {
  test('a guest goes to sign-up with the chosen role', async ({ page }) => {
    for (const [choice, role] of [
      ['I Am a Franchisor', 'Franchisor'],
      ['I Am a Consultant', 'Consultant'],
    ] as const) {
      await page.goto('/');
      await page.locator('#find-your-role').getByRole('link', { name: choice }).click();
      await expect(page).toHaveURL(/\/sign-up$/);
      await expect(page.getByRole('radio', { name: role })).toBeChecked();
    }
  });

  test('a signed-in franchisor goes to Find Consultants', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto('/');
    await page.locator('#find-your-role').getByRole('link', { name: 'I Am a Franchisor' }).click();
    await expect(page).toHaveURL(/\/consultants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Consultants' })).toBeVisible();
  });

  test('a signed-in consultant goes to Find Franchisors', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.goto('/');
    await page.locator('#find-your-role').getByRole('link', { name: 'I Am a Consultant' }).click();
    await expect(page).toHaveURL(/\/franchisors$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Franchisors' })).toBeVisible();
  });
});

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  async function noHorizontalScroll(page: Page): Promise<void> {
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${page.url()} scrolls sideways`,
    ).toBeLessThanOrEqual(375);
  }

  test('Find Consultants keeps its filters in a collapsible panel', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = await discoveryApi(request, baseURL!, DEMO.franchisor);
    const region = (await api.filters()).consultants.regions.find((r) => r.count > 0)?.value;
    if (!region) throw new Error('the seed has no consultant with a region');

    await signIn(page, DEMO.franchisor, /\/consultants$/);
    const list = results(page, 'Consultants');
    await settled(list);
    const panel = page.getByRole('region', { name: 'Filters' });
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list.getByRole('article').first()).toBeVisible();
    await noHorizontalScroll(page);

    await toggle.click();
    await expect(panel).toBeVisible();
    await checkOption(page, 'Regions', region);
    await expect(page).toHaveURL((url) => url.searchParams.getAll('region').includes(region));
    await settled(list);
    await panel.getByRole('button', { name: /^Show [\d,]+ consultants?$/ }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
    const box = await list.getByRole('article').first().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);
    await noHorizontalScroll(page);
  });

  test('Find Franchisors keeps its filters in a collapsible panel', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    const list = results(page, 'Franchisors');
    await settled(list);
    const panel = page.getByRole('region', { name: 'Filters' });
    await expect(panel).toBeHidden();
    await noHorizontalScroll(page);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Country').selectOption('Canada');
    await expect(page).toHaveURL((url) => url.searchParams.get('country') === 'Canada');
    // States follow the country: Canadian provinces only.
    const states = page.getByRole('group', { name: 'States and provinces', exact: true });
    await expect(states.getByRole('checkbox', { name: /^Alberta \(AB\)/ })).toBeVisible();
    await states.getByRole('button', { name: 'Show all 13' }).click();
    await expect(states.getByRole('checkbox', { name: /^Yukon \(YT\)/ })).toBeVisible();
    await expect(states.getByRole('checkbox', { name: /^Texas \(TX\)/ })).toHaveCount(0);
    await noHorizontalScroll(page);
  });

  test('the landing, legal and profile pages fit', async ({ page, request, baseURL }) => {
    const consultantId = (await discoveryApi(request, baseURL!, DEMO.consultant)).userId;
    const franchisorId = (await discoveryApi(request, baseURL!, DEMO.franchisor)).userId;
    for (const path of [
      '/',
      '/privacy-policy',
      '/terms-and-conditions',
      '/terms-of-use/consultant',
      '/terms-of-use/franchisor',
      `/consultants/${consultantId}`,
      `/franchisors/${franchisorId}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noHorizontalScroll(page);
    }
  });
});
