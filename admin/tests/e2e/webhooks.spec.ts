import { verifyWebhook } from '@fm/sdk';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../scripts/e2e-webhook-receiver.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, signInAsAdmin } from './support.ts';

/**
 * Rule 21: an admin opens a franchise's page and sees its webhook endpoint and the delivery a test
 * event made to a real receiver on 127.0.0.1; Replay sends that delivery again with the same
 * `webhook-id`, still signed with the endpoint's secret.
 */

const SHOTS = '/tmp/wh/shots';

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test('an admin sees a franchise endpoint and its delivery, and replays it with the same id', async ({
  page,
  request,
}) => {
  // A franchise of this test's own, with an endpoint and a test event, set up through the API.
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const franchise = await request.post('/api/admin/franchises', {
    headers,
    data: { company: `Hooked Brand ${Date.now()}` },
  });
  expect(franchise.status()).toBe(201);
  const franchiseId = ((await franchise.json()) as { id: string }).id;
  const created = await request.post(`/api/admin/franchises/${franchiseId}/webhooks/endpoints`, {
    headers,
    data: { url: receiver.url, events: ['meeting.booked'], description: 'Brand CRM' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const endpoint = (await created.json()) as { id: string; secret: string };
  const sent = await request.post(`/api/admin/webhooks/endpoints/${endpoint.id}/test`, {
    headers,
    data: { eventType: 'meeting.booked' },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
  const first = receiver.received[0];
  if (!first) throw new Error('no delivery');
  const { id } = verifyWebhook(first.body, first.headers, endpoint.secret);

  await signInAsAdmin(page);
  await page.goto(`/control-panel/franchisors/${franchiseId}`);
  const section = page.getByRole('region', { name: 'Webhooks' });
  const card = section.getByRole('article', { name: receiver.url });
  await expect(card).toContainText('Brand CRM');
  await expect(card).toContainText('Enabled');
  const row = card.locator(`tr[data-delivery-id="${id}"]`);
  await expect(row).toContainText('Succeeded', { timeout: 15_000 });
  await expect(row).toContainText('meeting.booked');
  await expect(row.getByRole('cell').nth(3)).toHaveText('200');
  await section.screenshot({ path: `${SHOTS}/admin-webhooks-1280.png` });

  await row.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
  const again = receiver.received[1];
  if (!again) throw new Error('no replay');
  expect(again.headers['webhook-id']).toBe(id);
  expect(verifyWebhook(again.body, again.headers, endpoint.secret).id).toBe(id);
  // The replay is one more attempt in the delivery's log.
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(card.locator('.webhook-log__attempts > li')).toHaveCount(2, { timeout: 15_000 });
  await expect(row).toContainText('Succeeded');

  await page.setViewportSize({ width: 390, height: 844 });
  // Once the page has answered the resize (the lists turn into cards on the viewport's change).
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  await section.screenshot({ path: `${SHOTS}/admin-webhooks-390.png` });
});
