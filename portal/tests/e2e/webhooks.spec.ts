import { verifyWebhook } from '@fm/sdk';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, PHONE_VIEWPORT, settle } from '../../../scripts/e2e-axe.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../scripts/e2e-webhook-receiver.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Rule 21: a franchisor adds a webhook endpoint on My Profile → Developers, pointing at a real
 * receiver on 127.0.0.1; the signing secret is shown once; a test event sent from the page
 * reaches the receiver signed by Standard Webhooks (checked with the SDK's verifyWebhook and the
 * shown secret) and shows in the delivery log as Succeeded with 200. An endpoint's Edit opens the
 * same form filled with it: a refused URL is named at its field, a new URL and events show in the
 * list and a test event goes to the new URL. A consultant has the same section for their own
 * endpoints.
 */

const SHOTS = '/tmp/wh/shots';

let receiver: WebhookReceiver;
/** Receivers a test starts besides the first, closed after it too. */
const others: WebhookReceiver[] = [];
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await Promise.all([receiver, ...others.splice(0)].map((r) => r.close()));
});

/**
 * The page scrolls only down: nothing sticks out sideways (a phone's 390 px), once the page has
 * answered the resize (the lists turn into cards on the viewport's change event).
 */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

test('a franchisor adds an endpoint, sends a test event, and sees it delivered, verified and logged', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.goto('/my-profile/developers');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();

  // Refused input is named at its field before anything is sent.
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByLabel('Endpoint URL').fill('crm.brand.example');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByLabel('Endpoint URL')).toHaveAccessibleDescription(
    'Use a URL such as https://crm.your-brand.com/webhooks',
  );
  await expect(dialog.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
    'Choose at least one event',
  );

  // Plain http:// off this machine is refused by the server (422), at the field.
  await dialog.getByLabel('Endpoint URL').fill('http://crm.brand.example/hooks');
  await dialog.getByRole('checkbox', { name: /meeting\.booked/ }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByLabel('Endpoint URL')).toHaveAccessibleDescription(
    'Use an https:// URL (plain http:// only for localhost while developing).',
  );
  await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');

  const description = `CRM ${Date.now()}`;
  await dialog.getByLabel('Endpoint URL').fill(receiver.url);
  await dialog.getByRole('checkbox', { name: /meeting\.cancelled/ }).check();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Webhook endpoint created')).toBeVisible();

  // The signing secret, this once, with Copy.
  const shown = page.getByTestId('new-webhook-secret');
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const secret = await shown.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const endpoint = section.getByRole('article', { name: receiver.url });
  await expect(endpoint).toContainText(description);
  await expect(endpoint).toContainText('Enabled');
  await expect(endpoint).toContainText(`${secret.slice(0, 10)}`);
  await expect(endpoint).not.toContainText(secret);
  await expect(endpoint.getByText('No deliveries yet.')).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // A test event of the chosen type goes through the normal delivery path.
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const testDialog = page.getByRole('dialog', { name: 'Send test event' });
  await testDialog.getByLabel('Event').selectOption('meeting.cancelled');
  await testDialog.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event sent')).toBeVisible();

  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
  const [request] = receiver.received;
  if (!request) throw new Error('no delivery');
  const { id, event } = verifyWebhook(request.body, request.headers, secret);
  expect(event.type).toBe('meeting.cancelled');
  expect(request.headers['webhook-signature']).toMatch(/^v1,/);

  // The log shows it, without a reload: Succeeded, 200, one attempt; its details hold the body.
  const row = endpoint.locator(`tr[data-delivery-id="${id}"]`);
  await expect(row).toContainText('Succeeded', { timeout: 15_000 });
  await expect(row).toContainText('meeting.cancelled');
  await expect(row.getByRole('cell').nth(3)).toHaveText('200');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: 'Details' }).click();
  const details = endpoint.locator('.webhook-log__details');
  await expect(details).toContainText(id);
  await expect(details).toContainText('"type": "meeting.cancelled"');
  await expect(details.getByRole('listitem')).toContainText('200');

  // Filtered by status: no failed deliveries.
  await endpoint.getByLabel('Status').selectOption('failed');
  await expect(endpoint.getByText('No deliveries yet.')).toBeVisible();
  await endpoint.getByLabel('Status').selectOption('succeeded');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Details' }).click();

  await section.screenshot({ path: `${SHOTS}/portal-webhooks-1280.png` });
  await row.getByRole('button', { name: 'Details' }).click();
  await endpoint
    .locator('.webhook-log')
    .screenshot({ path: `${SHOTS}/portal-delivery-log-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: `${SHOTS}/portal-webhooks-390.png` });
  await endpoint
    .locator('.webhook-log')
    .screenshot({ path: `${SHOTS}/portal-delivery-log-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A rotation asks first, shows the new secret once, and says until when the old one signs.
  await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
  const rotate = page.getByRole('alertdialog', { name: 'Rotate secret' });
  await expect(rotate).toContainText('The current one keeps working for 24 hours.');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByText('Signing secret rotated')).toBeVisible();
  const rotated = await shown.getByLabel('Signing secret').inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expect(endpoint).toContainText('The previous secret also signs until');

  // Disabled, then deleted after a confirmation.
  await endpoint.getByRole('button', { name: 'Disable' }).click();
  await expect(endpoint).toContainText('Disabled');
  await endpoint.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete' });
  await expect(confirm).toContainText('Deliveries to it stop at once.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Webhook endpoint deleted')).toBeVisible();
  await expect(endpoint).toHaveCount(0);
});

test("a franchisor edits an endpoint's URL and events; a refused URL is named at the field", async ({
  page,
}) => {
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.goto('/my-profile/developers');
  const section = page.getByRole('region', { name: 'Webhooks' });

  const description = `Reports ${Date.now()}`;
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const add = page.getByRole('dialog', { name: 'Add endpoint' });
  await add.getByLabel('Endpoint URL').fill(receiver.url);
  await add.getByRole('checkbox', { name: /meeting\.booked/ }).check();
  await add.getByRole('checkbox', { name: /meeting\.cancelled/ }).check();
  await add.getByLabel('Description').fill(description);
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(add).toBeHidden();
  const secret = await page
    .getByTestId('new-webhook-secret')
    .getByLabel('Signing secret')
    .inputValue();
  await page.getByTestId('new-webhook-secret').getByRole('button', { name: 'Done' }).click();
  // The toast of the create gone, so the dialog's pictures show the dialog alone.
  await expect(page.getByText('Webhook endpoint created')).toBeHidden({ timeout: 15_000 });

  const before = section.getByRole('article', { name: receiver.url });
  await before.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit endpoint' });
  // Filled with the endpoint as it is.
  await expect(dialog.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
  await expect(dialog.getByRole('checkbox', { name: /meeting\.booked/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /meeting\.cancelled/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /charge\.failed/ })).not.toBeChecked();
  await expect(dialog.getByLabel('Description')).toHaveValue(description);

  // Plain http:// off this machine: the server's 422, at the field; nothing changed.
  await dialog.getByLabel('Endpoint URL').fill('http://crm.brand.example/hooks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const url = dialog.getByLabel('Endpoint URL');
  await expect(url).toHaveAccessibleDescription(
    'Use an https:// URL (plain http:// only for localhost while developing).',
  );
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  await expectNoSeriousViolations(page, 'franchisor edit endpoint dialog (1280)');
  await page.screenshot({ path: `${SHOTS}/portal-edit-endpoint-1280.png` });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoSeriousViolations(page, 'franchisor edit endpoint dialog (390)');
  await page.screenshot({ path: `${SHOTS}/portal-edit-endpoint-390.png` });
  await dialog.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/portal-edit-endpoint-390-foot.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(before).toBeVisible();

  // Opened again, it starts from the endpoint, not from the refused input.
  await before.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
  await expect(dialog.getByLabel('Endpoint URL')).not.toHaveAttribute('aria-invalid', 'true');

  // Another receiver's URL, meeting.booked swapped for charge.failed.
  const second = await startWebhookReceiver();
  others.push(second);
  const moved = second.url.replace(/\/hooks$/, '/crm-v2');
  await dialog.getByLabel('Endpoint URL').fill(moved);
  await dialog.getByRole('checkbox', { name: /meeting\.booked/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /charge\.failed/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Webhook endpoint updated')).toBeVisible();

  const after = section.getByRole('article', { name: moved });
  await expect(after).toBeVisible();
  await expect(before).toHaveCount(0);
  const tags = after.locator('.kit-tags li');
  await expect(tags).toHaveText(['meeting.cancelled', 'charge.failed']);
  await expect(after).toContainText(description);
  // The secret stays the same.
  await expect(after).toContainText(secret.slice(0, 10));

  // The same after a reload: the server kept it.
  await page.reload();
  await expect(section.getByRole('article', { name: moved }).locator('.kit-tags li')).toHaveText([
    'meeting.cancelled',
    'charge.failed',
  ]);

  // A test event now goes to the new URL.
  await after.getByRole('button', { name: 'Send test event' }).click();
  const testDialog = page.getByRole('dialog', { name: 'Send test event' });
  await testDialog.getByLabel('Event').selectOption('charge.failed');
  await testDialog.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => second.received.length, { timeout: 15_000 }).toBe(1);
  expect(receiver.received).toHaveLength(0);
  const [request] = second.received;
  if (!request) throw new Error('no delivery');
  expect(verifyWebhook(request.body, request.headers, secret).event.type).toBe('charge.failed');

  await after.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(after).toHaveCount(0);
});

test('a consultant manages their own webhooks on Developers, without API keys', async ({
  page,
}) => {
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  await page.goto('/my-profile');
  await page.getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/my-profile\/developers$/);
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Secret keys' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Create key' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
