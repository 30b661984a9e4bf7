import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * What the embed specs share: a demo user's id and names, a partner page with hostile CSS that
 * records the fm-* events reaching its document, and serving that page from the server's origin.
 */

const DEMO_PASSWORD = 'Demo-Pass-2025!';

/** An fm-* event as the partner page recorded it. */
export interface RecordedEvent {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
}

/** A demo user as the sign-in answers them. */
export interface DemoUser {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Signs a demo user in through the API and answers their id and names.
 *
 * @example const consultant = await demoUser(request, baseURL, 'consultant@example.com');
 */
export async function demoUser(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<DemoUser> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    // better-auth checks the Origin of POSTs; the server's own origin is trusted.
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user?: Partial<DemoUser> };
  const { id, firstName, lastName } = body.user ?? {};
  if (!id || !firstName || !lastName) {
    throw new Error(`sign-in answered without the user's id and names: ${JSON.stringify(body)}`);
  }
  return { id, firstName, lastName };
}

export interface PartnerPageParts {
  /** The partner's hostile rules, one a line. */
  css: readonly string[];
  /** The fm-* events to record in `window.fmEvents`. */
  events: readonly string[];
  /** The page's body: the elements and what surrounds them. */
  body: string;
  /** Whether the page declares a device-width viewport. */
  viewport?: boolean;
}

/**
 * A partner page that loads the widgets with one script tag, under its own hostile CSS, and
 * records every listed fm-* event reaching the document.
 *
 * @example partnerPage(baseURL, { css: ['h2 { color: red; }'], events: ['fm-loaded'], body: '<fm-profile-card></fm-profile-card>' })
 */
export function partnerPage(baseURL: string, parts: PartnerPageParts): string {
  const viewport = parts.viewport
    ? '\n    <meta name="viewport" content="width=device-width, initial-scale=1" />'
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />${viewport}
    <title>Partner</title>
    <style>
${parts.css.map((rule) => `      ${rule}`).join('\n')}
    </style>
    <script>
      window.fmEvents = [];
      for (const type of ${JSON.stringify(parts.events).replaceAll('"', "'").replaceAll(',', ', ')}) {
        document.addEventListener(type, (event) => {
          window.fmEvents.push({ type, detail: event.detail, composed: event.composed, bubbles: event.bubbles });
        });
      }
    </script>
    <script type="module" src="${baseURL}/widgets/fm-widgets.js"></script>
  </head>
  <body>${parts.body}</body>
</html>`;
}

/**
 * Serves `html` from a made-up path of the server's own origin (the browser gets it from
 * Playwright's router, not the server), so the module and the API calls are same-origin, and opens it.
 *
 * @example await openPartnerPage(page, baseURL, partnerPage(baseURL, parts));
 */
export async function openPartnerPage(page: Page, baseURL: string, html: string): Promise<void> {
  const url = `${baseURL}/__partner-${Date.now()}.html`;
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await page.goto(url);
}

/** The fm-* events the partner page has recorded so far. */
export async function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { fmEvents: RecordedEvent[] }).fmEvents);
}
