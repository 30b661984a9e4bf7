import { expect, type Page, test } from '@playwright/test';
import { demoUser, openPartnerPage, partnerPage, recordedEvents } from './partner-page.ts';

/**
 * A partner page embeds `<fm-consultant-list>` and `<fm-profile-card user-id>` with one script tag
 * (rule 14). The partner's visitors are signed out: the list asks them to sign in at the portal.
 */

/** Opens a partner page around `body`, with hostile CSS, recording every fm-* event reaching it. */
function openListPage(page: Page, baseURL: string, body: string): Promise<void> {
  return openPartnerPage(
    page,
    baseURL,
    partnerPage(baseURL, {
      css: [
        'h2, h3 { color: red !important; text-transform: uppercase; }',
        'button { display: none !important; }',
        '.fm-list, .fm-card { display: none !important; }',
      ],
      events: ['fm-loaded', 'fm-error', 'fm-select'],
      body,
    }),
  );
}

test.describe('<fm-consultant-list> on a partner page', () => {
  test('a signed-out visitor is asked to sign in at the portal', async ({ page, baseURL }) => {
    await openListPage(
      page,
      baseURL!,
      '<fm-consultant-list page-size="6" theme="dark"></fm-consultant-list>',
    );
    const list = page.locator('fm-consultant-list');

    const message = list.getByText('Sign in to browse consultants');
    await expect(message).toBeVisible();
    const link = list.getByRole('link', { name: 'Log In' });
    await expect(link).toHaveAttribute('href', `${baseURL}/sign-in`);
    // Rendered in the shadow root, untouched by the partner's CSS.
    expect(
      await list.evaluate(
        (host) => Boolean(host.shadowRoot?.querySelector('.fm-list')) && host.children.length === 0,
      ),
    ).toBe(true);
    await expect(list.locator('.fm-list')).toBeVisible();
    await expect(list.locator('.fm-list')).toHaveAttribute('data-theme', 'dark');
    // Nothing to filter for a visitor who cannot see results.
    await expect(list.getByRole('region', { name: 'Filters' })).toHaveCount(0);

    await expect
      .poll(async () => (await recordedEvents(page)).map((e) => e.type))
      .toContain('fm-error');
    const error = (await recordedEvents(page)).find((e) => e.type === 'fm-error');
    expect(error).toMatchObject({ bubbles: true, composed: true });
    expect(error?.detail).toMatchObject({ status: 401 });

    await link.click();
    await expect(page).toHaveURL(`${baseURL}/sign-in`);
  });

  test('is one of the elements the bundle defines', async ({ page, baseURL }) => {
    // The loader defines each element when the page first uses it.
    await openListPage(
      page,
      baseURL!,
      '<fm-consultant-list></fm-consultant-list><fm-profile-card user-id="x"></fm-profile-card>',
    );
    await expect
      .poll(() =>
        page.evaluate(() => ({
          list: Boolean(customElements.get('fm-consultant-list')),
          card: Boolean(customElements.get('fm-profile-card')),
        })),
      )
      .toEqual({ list: true, card: true });
  });
});

test.describe('<fm-profile-card user-id>', () => {
  test('shows a franchisor with their franchise', async ({ page, request, baseURL }) => {
    const id = (await demoUser(request, baseURL!, 'franchisor@example.com')).id;
    const profile = (await (await request.get(`/api/users/profile/${id}`)).json()) as {
      role: string;
      franchise: { company: string } | null;
    };
    expect(profile.role).toBe('franchisor');

    await openListPage(page, baseURL!, `<fm-profile-card user-id="${id}"></fm-profile-card>`);
    const card = page.locator('fm-profile-card');
    await expect(card.locator('h2')).toContainText(profile.franchise?.company ?? '');
    await expect(card.getByRole('region', { name: 'Investment' })).toBeVisible();
    await expect
      .poll(async () => (await recordedEvents(page)).map((e) => e.type))
      .toEqual(['fm-loaded']);
    const [loaded] = await recordedEvents(page);
    expect(loaded?.detail).toMatchObject({ id, role: 'franchisor' });
  });

  test('user-id wins over consultant-id, which keeps working alone', async ({
    page,
    request,
    baseURL,
  }) => {
    const consultantId = (await demoUser(request, baseURL!, 'consultant@example.com')).id;
    const franchisorId = (await demoUser(request, baseURL!, 'franchisor@example.com')).id;
    await openListPage(
      page,
      baseURL!,
      `<fm-profile-card id="both" user-id="${franchisorId}" consultant-id="${consultantId}"></fm-profile-card>
       <fm-profile-card id="legacy" consultant-id="${consultantId}"></fm-profile-card>`,
    );
    await expect
      .poll(async () => (await recordedEvents(page)).filter((e) => e.type === 'fm-loaded').length)
      .toBe(2);
    const roles = (await recordedEvents(page))
      .map((e) => (e.detail as { id?: string; role?: string }) ?? {})
      .map((d) => `${d.id}:${d.role}`)
      .sort();
    expect(roles).toEqual([`${consultantId}:consultant`, `${franchisorId}:franchisor`].sort());
    await expect(page.locator('#legacy').getByText(/\/ 15 min/)).toBeVisible();
  });
});
