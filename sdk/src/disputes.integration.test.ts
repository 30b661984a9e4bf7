import { insertMeeting, startTestServer, TEST_PASSWORD, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from './admin.ts';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.container.accounts.ensureAdmin('sdk-disputes-admin@test.example', TEST_PASSWORD);
});
afterAll(async () => {
  await server.close();
});

const clientOf = (credentials: Parameters<typeof memoryTokenStore>[0]) =>
  createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(credentials) });

/** A franchisor and a consultant with a meeting charged $400 (4 × $100). */
async function chargedMeeting() {
  const f = await server.signUp('franchisor');
  const c = await server.signUp('consultant');
  const franchisor = clientOf(f);
  await franchisor.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
  const { db, payments } = server.container;
  const me = await db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, f.user.id) });
  const m = await insertMeeting(db, {
    consultantId: c.user.id,
    franchisorId: f.user.id,
    franchiseId: me?.franchiseId ?? null,
    startAt: new Date(Date.now() - 2 * 3_600_000),
    durationMinutes: 60,
    rateCents: 10_000,
    status: 'completed',
  });
  // The weekly run finds the completed meeting, makes its payment row and charges it.
  await payments.charges.runCharges();
  expect(await payments.charges.chargePayment(m.id)).toBe('skipped');
  return { franchisor, consultant: clientOf(c), meetingId: m.id };
}

describe('disputes through the SDK against the real server (rule 20)', () => {
  it('the franchisor disputes, the consultant replies, the admin refunds part; both sides see it', async () => {
    const { franchisor, consultant, meetingId } = await chargedMeeting();
    await expect(franchisor.disputes.get(meetingId)).resolves.toMatchObject({
      dispute: null,
      canOpen: true,
    });
    const opened = await franchisor.disputes.open(meetingId, {
      reason: 'ended_early',
      text: 'The consultant left after twenty minutes.',
    });
    expect(opened).toMatchObject({ status: 'open', chargedCents: 40_000 });
    await expect(
      franchisor.disputes.open(meetingId, { reason: 'other', text: 'Again.' }),
    ).rejects.toMatchObject({ status: 409, code: 'DISPUTE_EXISTS' });
    // Refused before sending: no reason picked.
    await expect(
      franchisor.disputes.open(meetingId, { reason: '' as 'other', text: 'x' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const replied = await consultant.disputes.reply(meetingId, { body: 'We met for an hour.' });
    expect(replied.messages.map((m) => m.authorRole)).toEqual(['consultant']);

    const adminClient = createClient({ baseUrl: `${server.url}/api` });
    await adminClient.auth.signIn({
      email: 'sdk-disputes-admin@test.example',
      password: TEST_PASSWORD,
    });
    const admin = createAdminApi(adminClient);
    const { disputes } = await admin.listDisputes({ status: 'open' });
    expect(disputes.map((d) => d.id)).toContain(opened.id);
    const detail = await admin.getDispute(opened.id);
    expect(detail.timeline.map((e) => e.kind)).toContain('reply');
    await expect(
      admin.decideDispute(opened.id, { decision: 'partial_refund', refundCents: 40_000 }),
    ).rejects.toMatchObject({ status: 422, code: 'REFUND_TOO_LARGE' });
    await expect(
      admin.decideDispute(opened.id, { decision: 'partial_refund', refundCents: 10_000 }),
    ).resolves.toMatchObject({ status: 'partially_refunded', refundCents: 10_000 });
    for (const side of [franchisor, consultant]) {
      await expect(side.disputes.get(meetingId)).resolves.toMatchObject({
        dispute: { status: 'partially_refunded', refundCents: 10_000 },
      });
    }
    const { fileName, file } = await admin.downloadDisputes({ status: 'partially_refunded' });
    expect(fileName).toMatch(/^disputes/);
    expect(atob(file)).toContain(opened.id);
  });
});
