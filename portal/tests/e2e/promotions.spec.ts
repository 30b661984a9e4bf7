import type { PromotionList } from '@fm/sdk/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/**
 * The dashboard's promotions carousel against the real API and the demo seed: each
 * role sees the promotions running for its audience, and the carousel moves by keyboard.
 */

/** What the API answers, asked with the page's own credentials. */
function promotionsOf(page: Page): Promise<PromotionList> {
  return page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('fm-portal') ?? '{}') as { token?: string };
    const res = await fetch('/api/users/promotions', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as PromotionList;
  });
}

/** The slide shown now. */
const current = (carousel: Locator) =>
  carousel.locator('[aria-roledescription="slide"][data-current="true"]');

const ROLES = [
  {
    role: 'franchisor',
    email: DEMO.franchisor,
    home: /\/consultants$/,
    // Seeded (server/src/seed/admin-data.ts): one running brand offer, and one for consultants.
    own: 'Early Access Pricing',
    other: 'Premium Profile Visibility',
  },
  {
    role: 'consultant',
    email: DEMO.consultant,
    home: /\/franchisors$/,
    own: 'Premium Profile Visibility',
    other: 'Early Access Pricing',
  },
] as const;

for (const { role, email, home, own, other } of ROLES) {
  test(`the ${role}'s dashboard shows the running promotions of its audience and moves by keyboard`, async ({
    page,
  }) => {
    // No rotation of its own, so every move below is the keyboard's.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, email, home);
    await page.goto('/dashboard');
    const { promotions } = await promotionsOf(page);
    const titles = promotions.map((p) => p.title);
    expect(titles).toContain(own);
    expect(titles).not.toContain(other);
    expect(titles.length).toBeGreaterThan(1);

    const carousel = page.getByRole('region', { name: 'Promotions' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(promotions.length);
    // Every card in the API's order, labelled "n of m".
    for (const [i, promotion] of promotions.entries()) {
      const slide = slides.nth(i);
      await expect(slide).toHaveAttribute('aria-label', `${i + 1} of ${promotions.length}`);
      await expect(slide.getByRole('heading', { includeHidden: true })).toHaveText(promotion.title);
      await expect(slide).toContainText(promotion.description);
    }
    // Not rotating: changes are announced politely, and there is no rotation button.
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expect(carousel.getByRole('button', { name: /rotating/ })).toHaveCount(0);
    await expect(current(carousel)).toHaveAttribute('aria-label', `1 of ${promotions.length}`);
    await expect(current(carousel).getByRole('heading')).toBeVisible();

    // Arrow keys while focus is inside; the last wraps to the first.
    const viewport = carousel.locator('.fm-promotions__viewport');
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    await expect(current(carousel).getByRole('heading')).toHaveText(titles[1]!);
    await page.keyboard.press('End');
    await expect(current(carousel).getByRole('heading')).toHaveText(titles.at(-1)!);
    await page.keyboard.press('ArrowRight');
    await expect(current(carousel).getByRole('heading')).toHaveText(titles[0]!);

    // The buttons are reached by Tab: Previous first, then a dot per slide, then Next.
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Previous promotion' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(current(carousel).getByRole('heading')).toHaveText(titles.at(-1)!);
    await page.keyboard.press('Tab');
    const firstDot = carousel.getByRole('button', { name: `Show promotion 1 of ${titles.length}` });
    await expect(firstDot).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(firstDot).toHaveAttribute('aria-current', 'true');
    await expect(current(carousel).getByRole('heading')).toHaveText(titles[0]!);
  });
}

test('with motion allowed the carousel rotates on its own, stops on request, and a swipe moves it', async ({
  page,
}) => {
  // It waits for a real rotation (7 s) on a shared machine.
  test.slow();
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'Promotions' });
  await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
  const stop = carousel.getByRole('button', { name: 'Stop rotating promotions' });
  await expect(stop).toBeVisible();
  // Rotation (7 s) moves it without any input, as long as nothing hovers or focuses it.
  await page.mouse.move(0, 0);
  await expect(current(carousel)).toHaveAttribute('aria-label', /^2 of /, { timeout: 12_000 });
  await stop.click();
  await expect(carousel.getByRole('button', { name: 'Start rotating promotions' })).toBeVisible();
  await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');

  // A leftward touch drag is a swipe to the next slide.
  const box = (await carousel.locator('.fm-promotions__viewport').boundingBox())!;
  const y = box.y + box.height / 2;
  await carousel.locator('.fm-promotions__viewport').dispatchEvent('pointerdown', {
    pointerId: 7,
    pointerType: 'touch',
    isPrimary: true,
    clientX: box.x + box.width - 20,
    clientY: y,
  });
  await carousel.locator('.fm-promotions__viewport').dispatchEvent('pointerup', {
    pointerId: 7,
    pointerType: 'touch',
    isPrimary: true,
    clientX: box.x + 20,
    clientY: y + 4,
  });
  await expect(current(carousel)).toHaveAttribute('aria-label', /^3 of |^1 of 2$/);
});
