import { expect, test } from '@playwright/test';
import { apiSignIn, DEMO, signIn } from './helpers.ts';

test.describe('disputes on the meeting page (rule 20)', () => {
  test('the demo franchisor disputes a charged meeting from its page, sees it open and follows up', async ({
    page,
    request,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const franchisor = await apiSignIn(request, base, DEMO.franchisor);
    const headers = { authorization: `Bearer ${franchisor.token}` };
    // The seed keeps a charge of the demo franchisor inside the 14 days, undisputed.
    const list = await request.get('/api/session?status=completed&limit=100', { headers });
    const { sessions } = (await list.json()) as { sessions: { id: string; isPaid: boolean }[] };
    let meetingId: string | undefined;
    for (const s of sessions.filter((m) => m.isPaid)) {
      const state = await request.get(`/api/session/${s.id}/dispute`, { headers });
      if (((await state.json()) as { canOpen: boolean }).canOpen) {
        meetingId = s.id;
        break;
      }
    }
    expect(meetingId, 'a charged meeting the demo franchisor may dispute').toBeDefined();

    await signIn(page, DEMO.franchisor, /\/consultants/);
    await page.goto(`/bookings/${meetingId}`);
    const section = page.getByRole('region', { name: 'Dispute' });
    await expect(section).toContainText('You can dispute this charge until');
    await section.getByRole('button', { name: 'Dispute this charge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
    // Refused before sending: no reason chosen.
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog.getByText('Please choose a reason')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption('did_not_take_place');
    await dialog.getByLabel('What went wrong').fill('The consultant never joined the room.');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog).toBeHidden();

    await expect(section).toContainText('Open');
    await expect(section).toContainText('The meeting did not take place');
    await expect(section).toContainText('The consultant never joined the room.');
    await expect(section.getByRole('button', { name: 'Dispute this charge' })).toHaveCount(0);

    await section.getByLabel('Reply', { exact: true }).fill('I waited for twenty minutes.');
    await section.getByRole('button', { name: 'Send reply' }).click();
    await expect(section.getByRole('listitem')).toContainText('I waited for twenty minutes.');

    // Once only: the API refuses a second dispute of the same charge.
    const again = await request.post(`/api/session/${meetingId}/dispute`, {
      headers,
      data: { reason: 'other', text: 'Again.' },
    });
    expect(again.status()).toBe(409);
  });
});
