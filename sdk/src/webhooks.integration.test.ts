import {
  createWebhookWorker,
  startTestReceiver,
  startTestServer,
  type TestReceiver,
  type TestServer,
} from '@fm/server/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from './admin.ts';
import { createClient, type FmClient } from './client.ts';
import { WEBHOOK_MESSAGES, WEBHOOK_TESTS_PER_MINUTE } from './contracts/index.ts';
import { isApiError } from './errors.ts';
import { rejection } from './test-api-server.ts';
import { officeHoursConsultant } from './testing/booking-world.ts';
import { memoryTokenStore } from './token-store.ts';
import { verifyWebhook } from './verify-webhook.ts';

const ADMIN = { email: 'webhooks-admin@test.example', password: 'Admin-Pass-2025!' };
let server: TestServer;
let receiver: TestReceiver;
beforeAll(async () => {
  server = await startTestServer();
  await server.container.accounts.ensureAdmin(ADMIN.email, ADMIN.password);
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const baseUrl = () => `${server.url}/api`;
/** The webhook worker of the API process, run once over what is due (as the background does). */
const deliverDue = () =>
  createWebhookWorker({
    db: server.container.db,
    logger: server.container.logger,
    mailer: server.container.mailer,
    isProduction: false,
  }).drain();

async function signedIn(role: 'franchisor' | 'consultant'): Promise<FmClient> {
  const account = await server.signUp(role);
  return createClient({ baseUrl: baseUrl(), tokenStore: memoryTokenStore(account) });
}
async function franchiseMember(company: string) {
  const api = await signedIn('franchisor');
  const profile = await api.profile.update({ franchise: { company } });
  return { api, franchiseId: profile.franchise?.id ?? '' };
}
async function adminApi() {
  const api = createClient({ baseUrl: baseUrl() });
  await api.auth.signIn(ADMIN);
  return { api, admin: createAdminApi(api) };
}
const hookUrl = (path: string) => `${receiver.url}/${path}`;

describe('webhooks through the SDK against the real server (rule 21)', () => {
  it('a member registers an endpoint, sends a test event a real receiver verifies, reads the log and replays it with the same webhook-id', async () => {
    const { api } = await franchiseMember('Hooked Brand');
    const created = await api.webhooks.create({
      url: hookUrl('cycle'),
      events: ['meeting.booked', 'meeting.cancelled'],
      description: 'CRM',
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.secretPrefix).toBe(created.secret.slice(0, created.secretPrefix.length));
    const listed = await api.webhooks.list();
    expect(listed.map((e) => [e.id, e.description, e.enabled])).toEqual([
      [created.id, 'CRM', true],
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const updated = await api.webhooks.update(created.id, {
      events: ['meeting.cancelled', 'meeting.booked', 'meeting.booked'],
      description: 'CRM (production)',
    });
    expect(updated.events).toEqual(['meeting.cancelled', 'meeting.booked']);

    const sent = await api.webhooks.sendTest(created.id);
    expect(sent).toMatchObject({ eventType: 'meeting.cancelled', status: 'pending', attempts: 0 });
    const before = receiver.requests.length;
    await deliverDue();
    await receiver.received(before + 1);
    const request = receiver.requests[before];
    if (!request) throw new Error('nothing received');
    const verified = verifyWebhook(request.body, request.headers, created.secret);
    expect(verified.id).toBe(sent.id);
    expect(verified.event.type).toBe('meeting.cancelled');
    expect(verified.event.type === 'meeting.cancelled' && verified.event.data.meeting.id).toBe(
      'test_meeting',
    );

    const log = await api.webhooks.deliveries(created.id);
    expect(log.data.map((d) => [d.id, d.status, d.attempts, d.responseStatus])).toEqual([
      [sent.id, 'succeeded', 1, 204],
    ]);
    expect(log.nextCursor).toBeNull();
    expect((await api.webhooks.deliveries(created.id, { status: 'failed' })).data).toEqual([]);

    const replayed = await api.webhooks.replay(sent.id);
    expect(replayed).toMatchObject({ id: sent.id, status: 'pending', attempts: 0 });
    await deliverDue();
    await receiver.received(before + 2);
    const again = receiver.requests[before + 1];
    if (!again) throw new Error('the replay was not received');
    expect(again.headers['webhook-id']).toBe(sent.id);
    expect(again.body).toBe(request.body);

    // After a rotation both secrets verify, the new one and the previous (for 24 hours).
    const rotated = await api.webhooks.rotateSecret(created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    const next = await api.webhooks.sendTest(created.id, { eventType: 'meeting.booked' });
    await deliverDue();
    await receiver.received(before + 3);
    const signedTwice = receiver.requests[before + 2];
    if (!signedTwice) throw new Error('the rotated delivery was not received');
    expect(verifyWebhook(signedTwice.body, signedTwice.headers, rotated.secret).id).toBe(next.id);
    expect(verifyWebhook(signedTwice.body, signedTwice.headers, created.secret).id).toBe(next.id);

    await api.webhooks.remove(created.id);
    expect(await api.webhooks.list()).toEqual([]);
    const gone = await rejection(api.webhooks.deliveries(created.id));
    expect([gone.status, gone.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('a booking made through the API reaches the franchise’s and the consultant’s endpoints as meeting.booked, each verified by the standardwebhooks library with its own secret', async () => {
    const consultant = await officeHoursConsultant(server);
    const consultantHook = await consultant.api.webhooks.create({
      url: hookUrl('consultant-booked'),
      events: ['meeting.booked'],
    });
    const { api: franchisor } = await franchiseMember('Booking Brand');
    const franchiseHook = await franchisor.webhooks.create({
      url: hookUrl('franchise-booked'),
      events: ['meeting.booked', 'meeting.cancelled'],
    });
    await franchisor.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    await franchisor.payments.subscribe({});
    let slot: { start: string; end: string } | undefined;
    for (let day = 1; day < 10 && !slot; day += 1) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const page = await franchisor.bookings.getSlots(consultant.id, {
        date,
        timezone: 'America/New_York',
      });
      slot = page.days.flatMap((d) => d.slots)[0];
    }
    if (!slot) throw new Error('no slot offered');
    const booked = await franchisor.bookings.createSession({
      consultantId: consultant.id,
      ...slot,
      timeZone: 'America/New_York',
    });

    const before = receiver.requests.length;
    await deliverDue();
    const arrived = receiver.requests.slice(before);
    for (const [secret, endpointId] of [
      [franchiseHook.secret, franchiseHook.id],
      [consultantHook.secret, consultantHook.id],
    ] as const) {
      const signed = arrived.filter((r) => {
        try {
          new Webhook(secret).verify(r.body, {
            'webhook-id': String(r.headers['webhook-id']),
            'webhook-timestamp': String(r.headers['webhook-timestamp']),
            'webhook-signature': String(r.headers['webhook-signature']),
          });
          return true;
        } catch {
          return false;
        }
      });
      expect(signed).toHaveLength(1);
      const [request] = signed;
      if (!request) throw new Error('no delivery');
      const { id, event } = verifyWebhook(request.body, request.headers, secret);
      expect(event.type).toBe('meeting.booked');
      expect(event.type === 'meeting.booked' && event.data.meeting.id).toBe(booked.id);
      const api = endpointId === franchiseHook.id ? franchisor : consultant.api;
      const log = await api.webhooks.deliveries(endpointId);
      expect(log.data.map((d) => [d.id, d.eventType, d.status])).toEqual([
        [id, 'meeting.booked', 'succeeded'],
      ]);
    }
  });

  it("a consultant manages their own endpoints; another owner's endpoint and delivery are not found", async () => {
    const consultant = await signedIn('consultant');
    const mine = await consultant.webhooks.create({
      url: hookUrl('consultant'),
      events: ['message.received'],
    });
    expect(mine).toMatchObject({ consultantId: expect.any(String), franchiseId: null });
    const delivery = await consultant.webhooks.sendTest(mine.id);

    const { api: stranger } = await franchiseMember('Stranger Brand');
    const otherConsultant = await signedIn('consultant');
    for (const other of [stranger, otherConsultant]) {
      expect(await other.webhooks.list()).toEqual([]);
      for (const call of [
        () => other.webhooks.update(mine.id, { enabled: false }),
        () => other.webhooks.remove(mine.id),
        () => other.webhooks.rotateSecret(mine.id),
        () => other.webhooks.sendTest(mine.id),
        () => other.webhooks.deliveries(mine.id),
        () => other.webhooks.replay(delivery.id),
      ]) {
        const refused = await rejection(call());
        expect([refused.status, refused.code]).toEqual([404, 'NOT_FOUND']);
      }
    }
    expect((await consultant.webhooks.list()).map((e) => e.enabled)).toEqual([true]);
  });

  it('test events are limited per endpoint and minute (429 past the limit)', async () => {
    const consultant = await signedIn('consultant');
    const endpoint = await consultant.webhooks.create({
      url: hookUrl('limited'),
      events: ['meeting.booked'],
    });
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i += 1)
      await consultant.webhooks.sendTest(endpoint.id);
    const limited = await rejection(consultant.webhooks.sendTest(endpoint.id));
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    const log = await consultant.webhooks.deliveries(endpoint.id);
    expect(log.data).toHaveLength(WEBHOOK_TESTS_PER_MINUTE);
  });

  it('refuses bad input with the contract messages: a bad URL, no events, plain http to a public host, a disabled endpoint, a member without a franchise', async () => {
    const { api } = await franchiseMember('Careful Brand');
    // The SDK checks input before sending (it throws at the call).
    const badUrl = await rejection(
      (async () => api.webhooks.create({ url: 'not a url', events: ['meeting.booked'] }))(),
    );
    expect(badUrl.errors).toMatchObject({ url: WEBHOOK_MESSAGES.url });
    const noEvents = await rejection(
      (async () => api.webhooks.create({ url: hookUrl('x'), events: [] }))(),
    );
    expect(noEvents.errors).toMatchObject({ events: WEBHOOK_MESSAGES.events });

    // Past the SDK's own check: the server's answers.
    const raw = (body: unknown) =>
      fetch(`${baseUrl()}/webhooks/endpoints`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${api.credentials()?.token ?? ''}`,
        },
        body: JSON.stringify(body),
      });
    const invalid = await raw({ url: 'ftp://crm.example.com', events: ['meeting.nope'] });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { url: WEBHOOK_MESSAGES.url },
    });
    const insecure = await rejection(
      api.webhooks.create({ url: 'http://crm.example.com/hooks', events: ['meeting.booked'] }),
    );
    expect([insecure.status, insecure.serverMessage, insecure.errors]).toEqual([
      422,
      WEBHOOK_MESSAGES.insecureUrl,
      { url: WEBHOOK_MESSAGES.insecureUrl },
    ]);

    const endpoint = await api.webhooks.create({ url: hookUrl('off'), events: ['payout.paid'] });
    await api.webhooks.update(endpoint.id, { enabled: false });
    const disabled = await rejection(api.webhooks.sendTest(endpoint.id));
    expect([disabled.status, disabled.serverMessage]).toEqual([422, WEBHOOK_MESSAGES.disabled]);

    const loner = await signedIn('franchisor');
    const noFranchise = await rejection(loner.webhooks.list());
    expect([noFranchise.status, noFranchise.serverMessage]).toEqual([
      422,
      'Name your franchise in your profile before adding webhook endpoints.',
    ]);
  });

  it('a secret key with webhooks:manage manages its franchise’s endpoints; without the scope it is refused', async () => {
    const { api, franchiseId } = await franchiseMember('Keyed Brand');
    const withScope = await api.apiKeys.create({
      kind: 'secret',
      name: 'Hooks',
      scopes: ['webhooks:manage'],
    });
    const withoutScope = await api.apiKeys.create({
      kind: 'secret',
      name: 'Meetings only',
      scopes: ['meetings:read'],
    });
    const backend = createClient({ baseUrl: baseUrl(), apiKey: withScope.key ?? '' });
    const created = await backend.webhooks.create({
      url: hookUrl('key'),
      events: ['charge.succeeded'],
    });
    expect(created.franchiseId).toBe(franchiseId);
    expect((await api.webhooks.list()).map((e) => e.id)).toEqual([created.id]);
    const delivery = await backend.webhooks.sendTest(created.id);
    expect((await backend.webhooks.deliveries(created.id)).data.map((d) => d.id)).toEqual([
      delivery.id,
    ]);

    const narrow = createClient({ baseUrl: baseUrl(), apiKey: withoutScope.key ?? '' });
    for (const call of [() => narrow.webhooks.list(), () => narrow.webhooks.replay(delivery.id)]) {
      const refused = await rejection(call());
      expect([refused.status, refused.code]).toEqual([403, 'API_KEY_SCOPE_MISSING']);
    }
  });

  it('an admin manages any franchise’s endpoints through @fm/sdk/admin, audited; others cannot use those routes, nor an admin the members’ ones', async () => {
    const { api: member, franchiseId } = await franchiseMember('Panel Brand');
    const theirs = await member.webhooks.create({
      url: hookUrl('panel'),
      events: ['dispute.opened'],
    });
    const { api, admin } = await adminApi();
    const hooks = admin.franchiseWebhooks(franchiseId);
    expect((await hooks.list()).map((e) => e.id)).toEqual([theirs.id]);
    const added = await hooks.create({ url: hookUrl('by-admin'), events: ['charge.failed'] });
    expect(added).toMatchObject({ franchiseId, secret: expect.stringMatching(/^whsec_/) });
    await hooks.update(theirs.id, { description: 'Checked by support' });
    const test = await hooks.sendTest(theirs.id, { eventType: 'dispute.resolved' });
    expect((await hooks.deliveries(theirs.id)).data.map((d) => d.id)).toEqual([test.id]);
    expect((await hooks.replay(test.id)).id).toBe(test.id);
    await hooks.rotateSecret(added.id);
    await hooks.remove(added.id);
    expect((await member.webhooks.list()).map((e) => [e.id, e.description])).toEqual([
      [theirs.id, 'Checked by support'],
    ]);

    const trail = await admin.listAudit({ entityType: 'franchise', entityId: franchiseId });
    expect(trail.entries.map((e) => e.action).sort()).toEqual([
      'webhook-delivery.replay',
      'webhook-endpoint.create',
      'webhook-endpoint.delete',
      'webhook-endpoint.rotate-secret',
      'webhook-endpoint.update',
    ]);
    expect(JSON.stringify(trail)).not.toContain(added.secret);

    const unknown = await rejection(admin.franchiseWebhooks('no-such-franchise').list());
    expect(unknown.status).toBe(404);
    const asMember = await rejection(createAdminApi(member).franchiseWebhooks(franchiseId).list());
    expect(asMember.status).toBe(403);
    const adminOwn = await rejection(api.webhooks.list());
    expect(adminOwn.status).toBe(403);
    expect(isApiError(adminOwn)).toBe(true);
  });
});

describe('webhooks in production mode', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({
      env: {
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'ledger',
        MAIL_TRANSPORT: 'log',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        REALTIME_SECRET: 'a-realtime-secret-of-at-least-32-chars',
      },
    });
  });
  afterAll(() => production.close());

  it('refuses plain http and private, loopback or link-local addresses at `url`, with the contract messages', async () => {
    const account = await production.signUp('consultant');
    const api = createClient({
      baseUrl: `${production.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    const cases: [string, string][] = [
      ['http://127.0.0.1:9/hook', WEBHOOK_MESSAGES.insecureUrl],
      ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://localhost/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
    ];
    for (const [url, message] of cases) {
      const refused = await rejection(api.webhooks.create({ url, events: ['meeting.booked'] }));
      expect([url, refused.status, refused.errors]).toEqual([url, 422, { url: message }]);
    }
    expect(await api.webhooks.list()).toEqual([]);
  });
});
