import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * A partner page embeds `<fm-consultant-list>` and `<fm-profile-card user-id>` with one script tag
 * (rule 14). The partner's visitors are signed out: the list asks them to sign in at the portal.
 */

const DEMO_PASSWORD = 'Demo-Pass-2025!';

interface RecordedEvent {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
}

async function demoUserId(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<string> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user?: { id?: string } };
  if (!body.user?.id)
    throw new Error(`sign-in answered without a user id: ${JSON.stringify(body)}`);
  return body.user.id;
}

/** A partner page with hostile CSS that records every fm-* event reaching the document. */
function partnerPage(baseURL: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Partner</title>
    <style>
      h2, h3 { color: red !important; text-transform: uppercase; }
      button { display: none !important; }
      .fm-list, .fm-card { display: none !important; }
    </style>
    <script>
      window.fmEvents = [];
      for (const type of ['fm-loaded', 'fm-error', 'fm-select']) {
        document.addEventListener(type, (event) => {
          window.fmEvents.push({ type, detail: event.detail, composed: event.composed, bubbles: event.bubbles });
        });
      }
    </script>
    <script type="module" src="${baseURL}/widgets/fm-widgets.js"></script>
  </head>
  <body>${body}</body>
</html>`;
}

async function openPartnerPage(page: Page, baseURL: string, body: string): Promise<void> {
  const url = `${baseURL}/__partner-list-${Date.now()}.html`;
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: partnerPage(baseURL, body) }),
  );
  await page.goto(url);
}

async function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { fmEvents: RecordedEvent[] }).fmEvents);
}

test.describe('<fm-consultant-list> on a partner page', () => {
  test('a signed-out visitor is asked to sign in at the portal', async ({ page, baseURL }) => {
    await openPartnerPage(
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
    // The loader (issue 12) defines each element when the page first uses it.
    await openPartnerPage(
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
    const id = await demoUserId(request, baseURL!, 'franchisor@example.com');
    const profile = (await (await request.get(`/api/users/profile/${id}`)).json()) as {
      role: string;
      franchise: { company: string } | null;
    };
    expect(profile.role).toBe('franchisor');

    await openPartnerPage(page, baseURL!, `<fm-profile-card user-id="${id}"></fm-profile-card>`);
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
    const consultantId = await demoUserId(request, baseURL!, 'consultant@example.com');
    const franchisorId = await demoUserId(request, baseURL!, 'franchisor@example.com');
    await openPartnerPage(
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
