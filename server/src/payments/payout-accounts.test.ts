import type { OwnProfile } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  accountIdOf,
  connectPayouts,
  consultantAccount,
  payoutStatus,
  stripeEventSender,
  stripeModeWorld,
} from './test-fixtures.ts';

/**
 * The consultant's Payment Details step (user-area §4) is their payout account being ready: the
 * server ticks it as soon as the account's state changes — no unrelated profile save needed.
 */

async function completeness(server: TestServer, token: string) {
  const res = await server.fetch('/api/users/profile', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as OwnProfile).profileCompleteness;
}

describe('Payment Details step — built-in provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is ticked the moment the payout account is connected (ready at once)', async () => {
    const c = await consultantAccount(server);
    const saved = await server.fetch('/api/users', {
      method: 'PATCH',
      token: c.token,
      body: JSON.stringify({
        bio: 'I match first-time owners with home services brands.',
        rate: 50,
        experienceLevel: 3,
        industrySpecialty: ['Home Services'],
        region: ['USA'],
      }),
    });
    expect(saved.status).toBe(200);
    expect(await completeness(server, c.token)).toEqual(['General Info', 'Rate']);
    await connectPayouts(server, c.token);
    expect(await payoutStatus(server, c.token)).toBe('ready');
    expect(await completeness(server, c.token)).toEqual([
      'General Info',
      'Payment Details',
      'Rate',
    ]);
  });

  it('brings the consultant back to the page onboarding started from', async () => {
    const c = await consultantAccount(server);
    expect(await connectPayouts(server, c.token)).toBe(`${server.url}/payments?payouts=return`);
    expect(await connectPayouts(server, c.token, { returnTo: 'payment-details' })).toBe(
      `${server.url}/my-profile/payment-details?payouts=return`,
    );
    const elsewhere = await server.fetch('/api/users/payouts/connect', {
      method: 'POST',
      token: c.token,
      body: JSON.stringify({ returnTo: 'https://evil.example' }),
    });
    expect(elsewhere.status).toBe(400);
  });
});

describe('Payment Details step — Stripe Connect', () => {
  const SECRET = 'whsec_payment_details';
  const world = stripeModeWorld(SECRET);

  const send = stripeEventSender(() => world.server, SECRET, 'payment_details');
  async function accountUpdated(object: unknown) {
    await send('account.updated', object);
  }

  it('stays to do while onboarding, is ticked by account.updated, and is lost when restricted', async () => {
    const c = await consultantAccount(world.server);
    const accountId = accountIdOf(await connectPayouts(world.server, c.token));
    expect(await payoutStatus(world.server, c.token)).toBe('onboarding');
    expect(await completeness(world.server, c.token)).not.toContain('Payment Details');

    const ready = world.stripe.completeOnboarding(accountId);
    await accountUpdated(ready);
    expect(await completeness(world.server, c.token)).toContain('Payment Details');

    await accountUpdated({
      ...ready,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
    });
    expect(await completeness(world.server, c.token)).not.toContain('Payment Details');
  });

  it('is ticked when the consultant comes back from onboarding before the webhook', async () => {
    const c = await consultantAccount(world.server);
    const accountId = accountIdOf(await connectPayouts(world.server, c.token));
    world.stripe.completeOnboarding(accountId);
    expect(await completeness(world.server, c.token)).not.toContain('Payment Details');
    // The payments page reads the status on return; the provider now says ready.
    expect(await payoutStatus(world.server, c.token)).toBe('ready');
    expect(await completeness(world.server, c.token)).toContain('Payment Details');
  });
});
