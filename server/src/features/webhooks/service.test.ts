import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type WebhookEvent,
  WebhookEventSchema,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { franchise, user, webhookDelivery, webhookEndpoint } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { useTempDatabase } from '../../testing/temp-database.ts';
import { sampleWebhookEvent } from './sample-events.ts';
import { createWebhookService, type WebhookOwner } from './service.ts';

const database = useTempDatabase('fm-webhooks-');
let clock = new Date('2026-05-04T12:00:00Z');
const now = () => clock;
const service = (isProduction = false, resolves?: (url: string) => Promise<boolean>) =>
  createWebhookService({
    db: database.current.db,
    now,
    isProduction,
    ...(resolves ? { resolvesPublicly: resolves } : {}),
  });

const brand: WebhookOwner = { franchiseId: 'wh-brand' };
const otherBrand: WebhookOwner = { franchiseId: 'wh-other' };
const consultant: WebhookOwner = { consultantId: 'wh-consultant' };
const hook = 'http://127.0.0.1:9/hook';

/** The AppError a call rejects with: its code, status, message and field errors. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw error;
  return { code: error.code, status: error.status, message: error.message, errors: error.errors };
}

beforeAll(async () => {
  const { db } = database.current;
  await db.insert(franchise).values([
    { id: 'wh-brand', company: 'Hook Brand' },
    { id: 'wh-other', company: 'Other Brand' },
  ]);
  await db.insert(user).values({
    id: 'wh-consultant',
    name: 'Grace Hopper',
    email: 'wh-consultant@test.example',
    role: 'consultant',
    isVerified: true,
  });
});

describe('webhook endpoints (rule 21)', () => {
  it('creates an endpoint with a Standard Webhooks secret shown once, lists it without the secret, and rotates it with a 24-hour overlap', async () => {
    const hooks = service();
    const created = await hooks.create(
      brand,
      { url: hook, events: ['meeting.booked', 'charge.failed'], description: 'CRM' },
      null,
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(created.secret)).not.toThrow();
    expect(created.secretPrefix).toBe(created.secret.slice(0, 10));
    expect(created).toMatchObject({ franchiseId: 'wh-brand', consultantId: null, enabled: true });

    const listed = await hooks.list(brand);
    expect(listed.map((e) => e.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await hooks.list(otherBrand)).toEqual([]);

    const rotated = await hooks.rotateSecret(brand, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe('2026-05-05T12:00:00.000Z');
    const row = await database.current.db.query.webhookEndpoint.findFirst({
      where: eq(webhookEndpoint.id, created.id),
    });
    expect(row?.previousSecret).toBe(created.secret);
  });

  it("another owner's endpoint is not found for every call; the control panel reaches any", async () => {
    const hooks = service();
    const theirs = await hooks.create(otherBrand, { url: hook, events: ['payout.paid'] }, null);
    const delivery = await hooks.sendTest(otherBrand, theirs.id, {});
    for (const call of [
      hooks.update(brand, theirs.id, { enabled: false }),
      hooks.remove(consultant, theirs.id),
      hooks.rotateSecret(brand, theirs.id),
      hooks.sendTest(brand, theirs.id, {}),
      hooks.deliveries(brand, theirs.id, {}),
      hooks.replay(consultant, delivery.id),
    ]) {
      expect(await refusal(call)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    expect((await hooks.update('any', theirs.id, { description: 'By an admin' })).description).toBe(
      'By an admin',
    );
    expect((await hooks.replay('any', delivery.id)).id).toBe(delivery.id);
  });

  it('refuses URLs by the policy at `url`: https only (http to loopback outside production), and no private address in production', async () => {
    const hooks = service();
    expect(
      await refusal(
        hooks.create(
          brand,
          { url: 'http://crm.example.com/hook', events: ['meeting.booked'] },
          null,
        ),
      ),
    ).toMatchObject({
      status: 422,
      message: WEBHOOK_MESSAGES.insecureUrl,
      errors: { url: WEBHOOK_MESSAGES.insecureUrl },
    });
    const resolved: string[] = [];
    const production = service(true, async (url) => {
      resolved.push(url);
      return !url.includes('internal');
    });
    for (const url of [
      'https://10.0.0.5/hook',
      'https://localhost/hook',
      'https://crm.internal.example/hook',
    ]) {
      expect(
        await refusal(production.create(brand, { url, events: ['meeting.booked'] }, null)),
      ).toMatchObject({
        status: 422,
        errors: { url: WEBHOOK_MESSAGES.privateAddress },
      });
    }
    expect(resolved).toEqual(['https://crm.internal.example/hook']);
    expect(
      await refusal(production.create(brand, { url: hook, events: ['meeting.booked'] }, null)),
    ).toMatchObject({
      errors: { url: WEBHOOK_MESSAGES.insecureUrl },
    });
    const ok = await production.create(
      brand,
      { url: 'https://crm.example.com/hook', events: ['meeting.booked'] },
      null,
    );
    expect(
      await refusal(production.update(brand, ok.id, { url: 'https://crm.internal.example/other' })),
    ).toMatchObject({ status: 422, errors: { url: WEBHOOK_MESSAGES.privateAddress } });
  });

  it(`allows at most ${WEBHOOK_ENDPOINTS_MAX} endpoints per owner`, async () => {
    const hooks = service();
    const owner: WebhookOwner = { consultantId: 'wh-consultant' };
    for (let i = (await hooks.list(owner)).length; i < WEBHOOK_ENDPOINTS_MAX; i += 1) {
      await hooks.create(owner, { url: hook, events: ['message.received'] }, null);
    }
    expect(
      await refusal(hooks.create(owner, { url: hook, events: ['message.received'] }, null)),
    ).toEqual({
      code: 'RULE_VIOLATION',
      status: 422,
      message: WEBHOOK_MESSAGES.tooMany,
      errors: undefined,
    });
    const first = (await hooks.list(owner))[0];
    await hooks.remove(owner, first?.id ?? '');
    await hooks.create(owner, { url: hook, events: ['message.received'] }, null);
  });

  it(`never makes more than ${WEBHOOK_ENDPOINTS_MAX} endpoints from creates at the same moment`, async () => {
    const hooks = service();
    await database.current.db.insert(user).values({
      id: 'wh-racing-consultant',
      name: 'Ada Racer',
      email: 'wh-racing-consultant@test.example',
      role: 'consultant',
      isVerified: true,
    });
    const owner: WebhookOwner = { consultantId: 'wh-racing-consultant' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: WEBHOOK_ENDPOINTS_MAX + 5 }, () =>
        hooks.create(owner, { url: hook, events: ['message.received'] }, null),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    expect(await hooks.list(owner)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it('enabling an endpoint the platform disabled forgets why; a disabled endpoint gets no test event', async () => {
    const hooks = service();
    const endpoint = await hooks.create(brand, { url: hook, events: ['charge.succeeded'] }, null);
    await database.current.db
      .update(webhookEndpoint)
      .set({ enabled: false, disabledReason: 'Failing for 5 days', failingSince: new Date(0) })
      .where(eq(webhookEndpoint.id, endpoint.id));
    expect(await refusal(hooks.sendTest(brand, endpoint.id, {}))).toMatchObject({
      status: 422,
      message: WEBHOOK_MESSAGES.disabled,
    });
    const enabled = await hooks.update(brand, endpoint.id, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null });
    const row = await database.current.db.query.webhookEndpoint.findFirst({
      where: eq(webhookEndpoint.id, endpoint.id),
    });
    expect(row?.failingSince).toBeNull();
    expect((await hooks.sendTest(brand, endpoint.id, {})).eventType).toBe('charge.succeeded');
  });

  it('a test event is a sample of the chosen type for this endpoint alone, due now', async () => {
    const hooks = service();
    const endpoint = await hooks.create(brand, { url: hook, events: ['meeting.booked'] }, null);
    const bystander = await hooks.create(brand, { url: hook, events: ['meeting.cancelled'] }, null);
    const delivery = await hooks.sendTest(brand, endpoint.id, { eventType: 'meeting.cancelled' });
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'meeting.cancelled',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: clock.toISOString(),
    });
    expect(delivery.id).toMatch(/^msg_/);
    const body = v.parse(WebhookEventSchema, JSON.parse(delivery.payload)) as WebhookEvent;
    expect(body.type === 'meeting.cancelled' && body.data.meeting.id).toBe('test_meeting');
    expect((await hooks.deliveries(brand, bystander.id, {})).data).toEqual([]);
  });

  it('builds a valid sample of every event type, every id starting with test_', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const event = sampleWebhookEvent(type, clock);
      expect(v.is(WebhookEventSchema, event), type).toBe(true);
      const ids = [...JSON.stringify(event.data).matchAll(/"(?:id|\w+Id)":"([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(ids.length, type).toBeGreaterThan(0);
      expect(
        ids.every((id) => id?.startsWith('test_')),
        `${type}: ${ids.join(', ')}`,
      ).toBe(true);
    }
  });

  it('lists deliveries newest first a page at a time, filtered, within the retention period', async () => {
    const hooks = service();
    const endpoint = await hooks.create(
      otherBrand,
      { url: hook, events: ['meeting.booked'] },
      null,
    );
    const start = clock;
    const made: string[] = [];
    for (let i = 0; i < WEBHOOK_DELIVERIES_PAGE_SIZE + 5; i += 1) {
      clock = new Date(start.getTime() + i * 1_000);
      const type = i % 5 === 0 ? 'payout.paid' : 'meeting.booked';
      made.push((await hooks.sendTest(otherBrand, endpoint.id, { eventType: type })).id);
    }
    // One delivery from before the retention period is never listed.
    await database.current.db
      .update(webhookDelivery)
      .set({ createdAt: new Date(start.getTime() - 31 * 86_400_000) })
      .where(eq(webhookDelivery.id, made[0] ?? ''));
    const first = await hooks.deliveries(otherBrand, endpoint.id, {});
    expect(first.data.map((d) => d.id)).toEqual(
      made.slice(-WEBHOOK_DELIVERIES_PAGE_SIZE).reverse(),
    );
    expect(first.nextCursor).not.toBeNull();
    const second = await hooks.deliveries(otherBrand, endpoint.id, {
      before: first.nextCursor ?? '',
    });
    expect(second.data.map((d) => d.id)).toEqual(made.slice(1, 5).reverse());
    expect(second.nextCursor).toBeNull();
    const payouts = await hooks.deliveries(otherBrand, endpoint.id, { eventType: 'payout.paid' });
    expect(payouts.data.map((d) => d.id)).toEqual([made[20], made[15], made[10], made[5]]);
    await database.current.db
      .update(webhookDelivery)
      .set({ status: 'failed' })
      .where(eq(webhookDelivery.id, made[7] ?? ''));
    const failed = await hooks.deliveries(otherBrand, endpoint.id, { status: 'failed' });
    expect(failed.data.map((d) => d.id)).toEqual([made[7]]);
    expect(
      await refusal(hooks.deliveries(otherBrand, endpoint.id, { before: 'nonsense' })),
    ).toMatchObject({
      status: 400,
    });
    expect(await refusal(hooks.replay(otherBrand, made[0] ?? ''))).toMatchObject({ status: 404 });
  });

  it('replay keeps the id and the attempt log, and starts a full new schedule now', async () => {
    const hooks = service();
    const endpoint = await hooks.create(brand, { url: hook, events: ['dispute.opened'] }, null);
    const delivery = await hooks.sendTest(brand, endpoint.id, {});
    const log = [
      { at: clock.toISOString(), responseStatus: 500, response: 'oops', durationMs: 12 },
    ];
    await database.current.db
      .update(webhookDelivery)
      .set({ status: 'failed', attempts: 12, attemptLog: log, leaseUntil: 1, responseStatus: 500 })
      .where(eq(webhookDelivery.id, delivery.id));
    clock = new Date(clock.getTime() + 60_000);
    const replayed = await hooks.replay(brand, delivery.id);
    expect(replayed).toMatchObject({
      id: delivery.id,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: clock.toISOString(),
      attemptLog: log,
      payload: delivery.payload,
    });
    const row = await database.current.db.query.webhookDelivery.findFirst({
      where: eq(webhookDelivery.id, delivery.id),
    });
    expect(row?.leaseUntil).toBeNull();
  });

  it('deleting an endpoint removes its deliveries and answers what it was', async () => {
    const hooks = service();
    const endpoint = await hooks.create(brand, { url: hook, events: ['meeting.booked'] }, null);
    const delivery = await hooks.sendTest(brand, endpoint.id, {});
    const removed = await hooks.remove(brand, endpoint.id);
    expect(removed.id).toBe(endpoint.id);
    expect(await refusal(hooks.replay(brand, delivery.id))).toMatchObject({ status: 404 });
    expect((await hooks.list(brand)).map((e) => e.id)).not.toContain(endpoint.id);
  });
});
