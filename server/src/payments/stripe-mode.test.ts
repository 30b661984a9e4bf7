import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, providerAttempt } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  consultantAccount,
  franchisorWithCard,
  insertMeeting,
  json,
  ok,
  stripeModeWorld,
} from './test-fixtures.ts';

/**
 * Stripe mode end to end through the real server and the `stripe` package pointed at the recorded
 * fake (decision 016): cards through a SetupIntent, the client config and CSP per provider, and
 * hold releases made only after the change that asked for them committed.
 */

const HOUR = 3_600_000;
const world = stripeModeWorld('whsec_fake', { publishableKey: 'pk_test_fake123' });
let ledger: TestServer;

beforeAll(async () => {
  ledger = await startTestServer();
});
afterAll(async () => {
  await ledger?.close();
});

describe('configuration', () => {
  it('the Stripe provider needs a publishable key, and a bad one is refused by name', () => {
    const stripeEnv = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadEnv(stripeEnv)).toThrow(/STRIPE_PUBLISHABLE_KEY: the stripe provider needs/);
    expect(() => loadEnv({ ...stripeEnv, STRIPE_PUBLISHABLE_KEY: 'sk_test_oops' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be a publishable key/,
    );
    expect(
      loadEnv({ ...stripeEnv, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }).STRIPE_PUBLISHABLE_KEY,
    ).toBe('pk_test_abc');
  });

  it("/api/config tells browsers the provider and publishable key; a page's CSP allows Stripe.js only in Stripe mode", async () => {
    const stripeConfig = await ok(world.server.fetch('/api/config'));
    expect(stripeConfig).toMatchObject({
      payments: { provider: 'stripe', publishableKey: 'pk_test_fake123' },
    });
    expect(await ok(ledger.fetch('/api/config'))).toMatchObject({
      payments: { provider: 'ledger', publishableKey: null },
    });
    // A page's policy (a JSON answer carries an API's, decision 024).
    const csp = (s: TestServer) =>
      s.fetch('/api/docs').then((r) => r.headers.get('content-security-policy') ?? '');
    const withStripe = await csp(world.server);
    expect(withStripe).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(withStripe).toMatch(
      /frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/,
    );
    expect(withStripe).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    const without = await csp(ledger);
    expect(without).toMatch(/script-src 'self';/);
    expect(without).not.toMatch(/stripe/);
  });
});

describe('cards through Stripe Elements (a SetupIntent)', () => {
  it('gives a franchisor a SetupIntent’s client secret and the publishable key; the confirmed card is then added by id', async () => {
    const f = await franchisorWithCard(world.server, '');
    const setup = await ok<{ clientSecret: string; publishableKey: string }>(
      world.server.fetch('/api/users/payment-method/setup-intent', {
        method: 'POST',
        token: f.token,
        body: '{}',
      }),
    );
    expect(setup).toEqual({
      clientSecret: expect.stringMatching(/^seti_fake\d+_secret_fake$/),
      publishableKey: 'pk_test_fake123',
    });
    const [request] = world.stripe.to('POST /v1/setup_intents').slice(-1);
    expect(request?.params).toMatchObject({
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(request?.params.customer).toMatch(/^cus_fake/);
    // What Stripe.js answers after confirmCardSetup: the PaymentMethod's id, never the number.
    const card = await ok<{ last4: string; isDefault: boolean }>(
      world.server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: f.token,
        body: json({ paymentMethodId: 'pm_card_mastercard' }),
      }),
    );
    expect(card).toMatchObject({ last4: '4444', isDefault: true });
  });

  it('is for franchisors only, and the built-in provider has none (422)', async () => {
    const c = await consultantAccount(world.server);
    const asConsultant = await world.server.fetch('/api/users/payment-method/setup-intent', {
      method: 'POST',
      token: c.token,
      body: '{}',
    });
    expect(asConsultant.status).toBe(403);
    const f = await ledger.signUp('franchisor');
    const inLedger = await ledger.fetch('/api/users/payment-method/setup-intent', {
      method: 'POST',
      token: f.token,
      body: '{}',
    });
    expect(inLedger.status).toBe(422);
  });
});

describe('hold releases leave the write transaction (prepare before, record inside, call after)', () => {
  async function heldMeeting() {
    const f = await franchisorWithCard(world.server);
    const c = await consultantAccount(world.server);
    const m = await insertMeeting(world.server.container.db, {
      consultantId: c.id,
      franchisorId: f.id,
      franchiseId: f.franchiseId,
      startAt: new Date(Date.now() + 48 * HOUR),
      durationMinutes: 30,
      rateCents: 5_000,
    });
    await world.server.container.payments.meetings.onBooked(m);
    const row = await world.server.container.db
      .select()
      .from(payment)
      .where(eq(payment.id, m.id))
      .get();
    const holdId = row?.holdId ?? '';
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    return { m, holdId };
  }

  it('a decline records the release in its transaction; Stripe is called only by settle, after the commit', async () => {
    const { db, payments } = world.server.container;
    const { m, holdId } = await heldMeeting();
    await db.transaction(async (tx) => {
      await payments.meetings.seam.onDeclined(m, { tx });
      // Inside the transaction: nothing has gone to Stripe.
      expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    });
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    await payments.meetings.seam.settle(m.id);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    const attempt = await db
      .select()
      .from(providerAttempt)
      .where(eq(providerAttempt.key, `release:${m.id}`))
      .get();
    expect(attempt).toMatchObject({ kind: 'release', state: 'succeeded', intentId: holdId });
  });

  it('a cancel that rolls back releases nothing, at Stripe or in the database', async () => {
    const { db, payments } = world.server.container;
    const { m, holdId } = await heldMeeting();
    await expect(
      db.transaction(async (tx) => {
        await payments.meetings.seam.onCancelled(m, { tx });
        throw new Error('the cancel was refused after the payments hook');
      }),
    ).rejects.toThrow(/refused/);
    await payments.meetings.seam.settle(m.id);
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    expect(await db.select().from(payment).where(eq(payment.id, m.id))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(providerAttempt)
        .where(eq(providerAttempt.key, `release:${m.id}`)),
    ).toEqual([]);
  });

  it('a release committed but never made (the process died before settle) is made by the hourly job', async () => {
    const { db, payments } = world.server.container;
    const { m, holdId } = await heldMeeting();
    await db.transaction(async (tx) => {
      await payments.meetings.seam.onCancelled(m, { tx });
    });
    expect(world.stripe.intent(holdId)?.status).toBe('requires_capture');
    // Within a minute the job leaves it to the change's own settle…
    expect((await payments.meetings.releasePending()).released).toBe(0);
    // …after that it makes it, once.
    await db
      .update(providerAttempt)
      .set({ updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(providerAttempt.key, `release:${m.id}`));
    expect((await payments.meetings.releasePending()).released).toBe(1);
    expect(world.stripe.intent(holdId)?.status).toBe('canceled');
    expect((await payments.meetings.releasePending()).released).toBe(0);
  });
});
