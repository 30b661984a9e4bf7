import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/** "Texas: 12 brands, 340 consultants" → its parts. */
function parseLabel(label: string) {
  const match = /^(.+): ([\d,]+) brands?, ([\d,]+) consultants?$/.exec(label);
  if (!match) throw new Error(`unexpected label: ${label}`);
  return {
    name: match[1] as string,
    brands: Number(match[2]?.replace(/,/g, '')),
    consultants: Number(match[3]?.replace(/,/g, '')),
  };
}

const mapOf = (page: Page) => page.getByTestId('territory-map');
const places = (page: Page) => mapOf(page).locator('path[role="button"]');
/** The map's button for a place ("Virginia" is not "West Virginia"). */
const placeButton = (page: Page, name: string) =>
  mapOf(page).locator(`path[role="button"][aria-label^="${name}:"]`);

async function openTerritoryScout(page: Page) {
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Territory Scout' })
    .click();
  await expect(page).toHaveURL(/\/territory-scout/);
  await expect(page.getByRole('heading', { level: 1, name: 'Territory Scout' })).toBeVisible();
  await expect(mapOf(page)).toHaveAttribute('data-ready', 'true');
}

/** Every place's accessible name, once the map shows the answer for these filters. */
async function mapLabels(page: Page, query = '') {
  await expect(mapOf(page)).toHaveAttribute('data-query', query);
  await expect(mapOf(page)).toHaveAttribute('data-ready', 'true');
  const labels = await places(page).evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('aria-label') ?? ''),
  );
  expect(labels).toHaveLength(64);
  return labels.map(parseLabel);
}

/** Presses Tab until the place has the focus (the map is reachable by keyboard, in order). */
async function tabTo(page: Page, target: Locator, start: Locator) {
  await start.focus();
  for (let i = 0; i < 120; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error('the place never received the focus');
}

test.describe('Territory Scout', () => {
  test('a consultant filters the map, selects a state with the keyboard and opens a brand', async ({
    page,
  }) => {
    await openTerritoryScout(page);
    const before = await mapLabels(page);

    // Pick a category: the counts narrow and the map is shaded on a legend's scale.
    await page.getByLabel('Category').selectOption('Food & Restaurants');
    await expect(page).toHaveURL(/category=Food/);
    const filtered = await mapLabels(page, 'category=Food+%26+Restaurants');
    const total = (list: { brands: number }[]) => list.reduce((n, p) => n + p.brands, 0);
    expect(total(filtered)).toBeLessThan(total(before));
    const legend = page.getByRole('list', { name: 'Brands registered in each state or province' });
    await expect(legend.getByRole('listitem').first()).toBeVisible();
    const fills = await places(page).evaluateAll((nodes) =>
      nodes.map((node) => getComputedStyle(node).fill),
    );
    expect(new Set(fills).size).toBeGreaterThan(1);

    // The state with the most matching brands, reached with Tab and chosen with Enter.
    const busiest = filtered.reduce((a, b) => (b.brands > a.brands ? b : a));
    expect(busiest.brands).toBeGreaterThan(0);
    const target = placeButton(page, busiest.name);
    await tabTo(page, target, page.getByLabel('Consultants covering'));
    await expect(page.getByTestId('territory-tooltip')).toContainText(busiest.name);
    await page.keyboard.press('Enter');
    await expect(target).toHaveAttribute('aria-pressed', 'true');
    await expect(target).toBeFocused();

    const panel = page.getByTestId('territory-brands');
    await expect(panel.getByRole('heading', { name: `Brands in ${busiest.name}` })).toBeVisible();
    const [noun, verb] = busiest.brands === 1 ? ['brand', 'matches'] : ['brands', 'match'];
    await expect(panel.getByRole('status')).toHaveText(
      `${busiest.brands} ${noun} registered in ${busiest.name} ${verb} these filters.`,
    );
    const cards = panel
      .getByRole('list', { name: `Brands in ${busiest.name}` })
      .getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: 'Food & Restaurants' }).first()).toBeVisible();

    // The table alternative shows the same numbers as the map's labels.
    await page.getByText('Show as table').click();
    const table = page.getByTestId('territory-table');
    await expect(table).toBeVisible();
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '');
        return {
          name: cells[0] ?? '',
          brands: Number(cells[2]?.replace(/,/g, '')),
          consultants: Number(cells[3]?.replace(/,/g, '')),
        };
      }),
    );
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(rows.sort(byName)).toEqual([...filtered].sort(byName));
    // Sorting by brands puts the busiest first.
    await table.getByRole('button', { name: /^Brands/ }).click();
    await expect(table.getByRole('columnheader', { name: /^Brands/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
      String(busiest.brands),
    );

    // Follow the first brand to its profile.
    const link = cards.first().getByRole('link');
    const company = (await link.textContent())?.trim() ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/franchisors\/[^/]+$/);
    await expect(page.getByText(company).first()).toBeVisible();
  });

  test('shades by consultants covering and says when a state has no matching brands', async ({
    page,
  }) => {
    await openTerritoryScout(page);
    await page.getByLabel('Consultants covering').check();
    await expect(page).toHaveURL(/by=consultants/);
    await expect(
      page.getByRole('list', { name: 'Consultants covering each state or province' }),
    ).toBeVisible();
    await page.getByLabel('Investment range').selectOption({ label: 'More than $400,000' });
    const labels = await mapLabels(page, 'investment=gt400k');
    const empty = labels.find((p) => p.brands === 0);
    if (!empty) throw new Error('every place has a brand over $400,000');
    // The table's rows select like the map's shapes.
    await page.getByText('Show as table').click();
    await page
      .getByTestId('territory-table')
      .getByRole('button', { name: empty.name, exact: true })
      .click();
    await expect(placeButton(page, empty.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('territory-brands').getByRole('status')).toHaveText(
      `No brands registered in ${empty.name} match these filters.`,
    );
  });
});

test.describe('Territory Scout on a small screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the map fits the width and the brand list comes below it', async ({ page }) => {
    await signIn(page, DEMO.consultant, /\/franchisors$/);
    await page.goto('/territory-scout');
    await expect(mapOf(page)).toHaveAttribute('data-ready', 'true');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const texas = placeButton(page, 'Texas');
    await texas.focus();
    await page.keyboard.press(' ');
    const panel = page.getByTestId('territory-brands');
    await expect(panel.getByRole('heading', { name: 'Brands in Texas' })).toBeVisible();
    // Measured together: the page may still be scrolling the list into view.
    const [mapBottom, listTop] = await page.evaluate(() => [
      document.querySelector('[data-testid="territory-map"]')?.getBoundingClientRect().bottom ?? 0,
      document.querySelector('[data-testid="territory-brands"]')?.getBoundingClientRect().top ?? 0,
    ]);
    expect(listTop).toBeGreaterThanOrEqual(mapBottom);
  });
});
