import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '@fm/sdk/contracts';
import { expect, test } from '@playwright/test';

/**
 * The API reference at `/api/docs` (rule 21): the webhook events each with their Standard Webhooks
 * headers and body, and an operation's error answers, rendered from `/api/openapi.json`.
 */
test('the API reference shows every webhook event and each operation’s error answers', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/api/docs');
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(
    nav.getByRole('link', { name: `Webhook events (${WEBHOOK_EVENT_TYPES.length})` }),
  ).toBeVisible();
  await nav.getByRole('link', { name: /^Webhook events/ }).click();

  const events = page.locator('#tag-webhook-events');
  await expect(events.locator('details')).toHaveCount(WEBHOOK_EVENT_TYPES.length);
  const booked = events.locator('details', { hasText: 'meeting.booked' });
  await booked.locator('summary').click();
  await expect(booked).toContainText(WEBHOOK_EVENTS['meeting.booked']);
  for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    await expect(booked).toContainText(`${header} (header, required)`);
  }
  await expect(booked).toContainText('"meeting.booked"');
  await expect(booked).toContainText('Response 200');

  const create = page
    .locator('#tag-webhooks details')
    .filter({ has: page.locator('summary', { hasText: /^POST\/api\/webhooks\/endpoints$/ }) });
  await create.locator('summary').click();
  await expect(create).toContainText('Response 201');
  await expect(create).toContainText('Error answers');
  for (const status of ['400', '401', '403', '422', '429']) {
    await expect(create.getByRole('listitem').filter({ hasText: `${status}: ` })).toHaveCount(1);
  }
  expect(problems).toEqual([]);
});
