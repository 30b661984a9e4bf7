import type { AiSearchResult, OwnProfile } from '@fm/sdk/contracts';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/**
 * The rest of the user area against the real API and the demo seed: the AI search in
 * Find Franchisors, the consultant's own profile page, and the company support request.
 */

/** A GET with the page's own credentials. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const { token } = JSON.parse(localStorage.getItem('fm-portal') ?? '{}') as { token?: string };
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as T;
  }, path) as Promise<T>;
}

const SENTENCE = 'home-based senior care under $150k in Texas';

test('AI search answers a sentence in Find Franchisors, explains it and shows it in the filters', async ({
  page,
}) => {
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  const ai = page.getByRole('region', { name: 'Search with AI' });
  // An empty sentence is refused with a message, and nothing is searched.
  await ai.getByRole('button', { name: 'Search with AI' }).click();
  await expect(ai.getByRole('alert')).toHaveText('Please describe what you are looking for');
  await expect(page).toHaveURL(/\/franchisors$/);

  await ai.getByRole('searchbox', { name: 'AI search' }).fill(SENTENCE);
  await ai.getByRole('button', { name: 'Search with AI' }).click();
  await expect(page).toHaveURL(/[?&]ai=/);
  const answer = await apiGet<AiSearchResult>(
    page,
    `/api/users/ai-franchisees-search?q=${encodeURIComponent(SENTENCE)}&limit=12`,
  );
  expect(answer.franchisees.length).toBeGreaterThan(0);

  // What was understood, in words…
  const understood = ai.getByRole('list', { name: 'Understood:' });
  await expect(understood.getByRole('listitem')).toHaveText([
    'Senior Care',
    'Texas',
    'Up to $150,000',
    'Home based',
  ]);
  // …and as the list's filters.
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(
    filters.getByRole('group', { name: 'Categories', exact: true }).getByRole('checkbox', {
      name: /^Senior Care( [\d,]+)?$/,
    }),
  ).toBeChecked();
  await expect(filters.getByRole('checkbox', { name: /^Home based( [\d,]+)?$/ })).toBeChecked();
  await expect(filters.getByLabel('Cash required max')).toHaveValue(/150,?000/);

  // The brands in the API's ranking, each saying what it matched.
  const results = page.getByRole('region', { name: 'Franchisors', exact: true });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const first = answer.franchisees[0]!;
  const firstCard = results.getByRole('article').first();
  await expect(firstCard).toHaveAttribute('aria-label', first.franchise.company);
  const matches = firstCard.getByRole('list', { name: 'Matches your request' });
  await expect(matches.getByRole('listitem')).toHaveCount(first.matched.length);
  if (first.matched.some((m) => m.kind === 'state')) {
    await expect(matches).toContainText('“Texas” → Texas (TX)');
  }

  // Changing a filter refines the reading with the regular search.
  await filters.getByRole('checkbox', { name: /^Home based( [\d,]+)?$/ }).uncheck();
  await expect(page).not.toHaveURL(/[?&]ai=/);
  await expect(page).toHaveURL(/category=Senior\+Care|category=Senior%20Care/);
  await expect(
    page.getByRole('region', { name: 'Search with AI' }).getByText('Understood:'),
  ).toHaveCount(0);
});

test('/consultant-profile shows the consultant their own profile as franchisors see it, with an edit link', async ({
  page,
}) => {
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  const me = await apiGet<OwnProfile>(page, '/api/users/profile');
  await page.goto('/consultant-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Consultant Profile' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `${me.firstName} ${me.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  const edit = page.getByRole('link', { name: 'Edit Profile' }).first();
  await edit.click();
  await expect(page).toHaveURL(/\/my-profile/);
});

test('/consultant-profile sends a franchisor to their own public profile', async ({ page }) => {
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  const me = await apiGet<OwnProfile>(page, '/api/users/profile');
  await page.goto('/consultant-profile');
  await expect(page).toHaveURL(new RegExp(`/franchisors/${me.id}$`));
});

test('the support modal sends a company request, with the spec’s messages and toast', async ({
  page,
}) => {
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await dialog.getByRole('radio', { name: 'Company' }).check();
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please input your email!')).toBeVisible();
  await expect(dialog.getByText('Please input your details!')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please input a valid email!')).toBeVisible();

  await dialog.getByLabel('Email').fill(DEMO.franchisor);
  await dialog.getByLabel('Details').fill('Please add a second location to our brand.');
  // The company call, not the personal one.
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/api/users/company-support-request'),
  );
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(
    page.getByText('Support request sent successfully, we will get back to you soon.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
