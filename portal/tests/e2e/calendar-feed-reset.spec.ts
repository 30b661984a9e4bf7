import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/**
 * Calendar feed token rotation: "Reset link" on the calendar page asks first, then
 * shows a new feed address; the old one answers 404 at once and the new one serves the calendar.
 */
test('the consultant resets the private feed link after a confirmation; the old link stops at once', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.consultant, /\/franchisors$/);
  await page.goto('/my-profile/calendar');
  const field = page.getByLabel('Calendar feed URL (iCalendar)');
  await expect(field).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/);
  const before = await field.inputValue();
  expect((await request.get(new URL(before).pathname)).status()).toBe(200);

  await page.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset the calendar feed link?' });
  await expect(dialog).toContainText('The current address stops working at once');
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(field).toHaveValue(before);

  await page.getByRole('button', { name: 'Reset link' }).click();
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveValue(before);
  const after = await field.inputValue();
  expect(after).toMatch(/\/api\/calendar\/feed\/.+\.ics$/);
  expect((await request.get(new URL(before).pathname)).status()).toBe(404);
  expect((await request.get(new URL(after).pathname)).status()).toBe(200);
  // The page shows the new link after a reload too.
  await page.reload();
  await expect(page.getByLabel('Calendar feed URL (iCalendar)')).toHaveValue(after);
});
