import { createClient, isApiError } from '@fm/sdk';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/**
 * Rule 18: a franchisor creates a secret API key on My Profile → Developers, and a backend
 * (this Node process, through the SDK) uses it to find the demo consultant, book a free slot and
 * list its meetings; revoked in the portal, the key stops working at once. The meeting booked here
 * is cancelled again, so the test can run again on the same data.
 */

/** A weekday at least two days ahead (YYYY-MM-DD). */
function weekdayAhead(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test('a secret key made in the portal books a meeting from Node with the SDK, and stops when revoked', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.goto('/my-profile/developers');
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Developers' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A publishable key: an origin with a path is refused with the field's message, then accepted.
  const form = page.getByRole('form', { name: 'Create key' });
  await form.getByLabel(/Publishable key/).check();
  await form.getByLabel('Name', { exact: true }).fill('Website');
  await form.getByLabel('Allowed origins').fill('https://www.brightnest.example/shop');
  await form.getByRole('button', { name: 'Create key' }).click();
  // The field names its error (aria-describedby), and the form's alert says what failed.
  await expect(form.getByLabel('Allowed origins')).toHaveAccessibleDescription(
    /Use an origin such as https:\/\/www\.your-brand\.com \(no path\)/,
  );
  await expect(form.getByRole('alert')).toHaveText(/^Error creating API key: Use an origin/);
  await form.getByLabel('Allowed origins').fill('https://www.brightnest.example');
  await form.getByRole('button', { name: 'Create key' }).click();
  const publishable = page.getByRole('table', { name: 'Publishable keys' });
  await expect(publishable.getByRole('row', { name: /Website/ })).toContainText('pk_');

  // A secret key with the scopes a booking backend needs, shown once.
  const name = `Booking bot ${Date.now()}`;
  await form.getByLabel(/Secret key/).check();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: /meetings:write/ }).check();
  await form.getByRole('checkbox', { name: /discovery:read/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-secret-key');
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const key = await shown.getByLabel('Secret key').inputValue();
  expect(key).toMatch(/^sk_/);
  const secretRow = page
    .getByRole('table', { name: 'Secret keys' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(secretRow).toContainText('meetings:write');
  await expect(secretRow).toContainText('Never');
  await expect(secretRow).not.toContainText(key);

  // A backend with the key: find the demo consultant, book a slot, list, cancel.
  const backend = createClient({ baseUrl: `${baseURL}/api`, apiKey: key });
  const found = await backend.discovery.searchConsultants({ q: 'Marcus Reed' });
  const consultant = found.consultants.find((c) => c.firstName === 'Marcus');
  if (!consultant) throw new Error('demo consultant not found');
  const { days } = await backend.meetings.getSlots(consultant.id, {
    date: weekdayAhead(),
    timezone: 'America/New_York',
  });
  const slot = days[0]?.slots.at(-1);
  if (!slot) throw new Error('no free slot');
  const meeting = await backend.meetings.book({
    consultantId: consultant.id,
    ...slot,
    timeZone: 'America/New_York',
  });
  expect(meeting).toMatchObject({ status: 'future', consultantId: consultant.id });
  const listed: string[] = [];
  for await (const m of backend.meetings.list({ status: 'future' })) listed.push(m.id);
  expect(listed).toContain(meeting.id);
  await backend.meetings.cancel(meeting.id);

  // The portal shows when it was last used (a new key's "Last used" says Never); revoking it there ends it.
  await page.reload();
  await expect(secretRow).toContainText('meetings:write');
  await expect(secretRow).not.toContainText('Never');
  await secretRow.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(secretRow).toContainText('Revoked');
  const refused = await backend.meetings.list().catch((error: unknown) => error);
  expect(isApiError(refused) && [refused.status, refused.code]).toEqual([401, 'API_KEY_INVALID']);
});
