import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { sidebar, signInAsAdmin } from './support.ts';

test.describe('disputes (rule 20)', () => {
  test('the seeded open dispute is listed, its timeline shown, a partial refund decided, the CSV downloaded', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await sidebar(page).getByRole('link', { name: 'Disputes', exact: true }).click();
    await expect(page).toHaveURL(/\/control-panel\/disputes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dispute Management' })).toBeVisible();

    // The status filter lives in the address, like the other lists.
    await page.getByLabel('Status').selectOption('open');
    await expect(page).toHaveURL(/status=open/);
    const table = page.getByRole('table', { name: 'Disputes' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Open');
    await expect(row).toContainText('The meeting ended early');
    await row.getByRole('link').first().click();

    await expect(page.getByRole('heading', { level: 1, name: 'Dispute Details' })).toBeVisible();
    const timeline = page.getByTestId('dispute-timeline');
    for (const kind of ['booked', 'charge', 'dispute', 'reply']) {
      await expect(timeline.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
    }
    await expect(timeline).toContainText('I am fine with a partial refund');

    await page.getByRole('button', { name: 'Decide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide the dispute' });
    await dialog.getByLabel('Decision', { exact: true }).selectOption('partial_refund');
    // Refused before sending: a partial refund needs its amount.
    await dialog.getByRole('button', { name: 'Decide' }).click();
    await expect(dialog.getByText('Please enter the amount to refund, e.g. 25.00')).toBeVisible();
    await dialog.getByLabel('Amount to refund ($)').fill('25.50');
    await dialog.getByLabel('Note to both sides (optional)').fill('Half of the meeting was held.');
    await dialog.getByRole('button', { name: 'Decide' }).click();
    await expect(page.getByText('The dispute has been decided.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('Partially refunded').first()).toBeVisible();
    await expect(page.getByText('$25.50').first()).toBeVisible();
    await expect(timeline.locator('[data-kind="refund"]')).toContainText('$25.50');
    await expect(timeline.locator('[data-kind="decision"]')).toContainText(
      'Half of the meeting was held.',
    );
    // Decided: nothing more to decide.
    await expect(page.getByRole('button', { name: 'Decide' })).toHaveCount(0);

    await page.goto('/control-panel/disputes?status=partially_refunded');
    await expect(table.getByRole('row').nth(1)).toContainText('Partially refunded');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n');
    const lines = csv.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toBe(
      'id,openedAt,status,reason,franchise,franchisor,consultant,charged,refunded,decidedAt',
    );
    expect(lines.slice(1).some((line) => line.includes('Partially refunded'))).toBe(true);
    expect(lines.slice(1).some((line) => line.includes('25.5'))).toBe(true);
  });
});
