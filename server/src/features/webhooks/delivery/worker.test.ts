import {
  API_VERSION,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WebhookEventSchema,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, webhookEndpoint } from '../../../db/schema/index.ts';
import { createLogger } from '../../../http/logger.ts';
import { createOutboxMailer } from '../../../mail/mailer.ts';
import { useTempDatabase } from '../../../testing/temp-database.ts';
import { enqueueWebhookEvent, webhookEvent } from '../enqueue.ts';
import {
  deliveryRow,
  endpointRow,
  insertEndpoint,
  insertFranchise,
  newSecret,
  queueBooked,
  sampleMeeting,
} from './test-fixtures.ts';
import { startTestReceiver, type TestReceiver } from './test-receiver.ts';
import { createWebhookWorker, nextAttemptAt } from './worker.ts';

const DAY_MS = 86_400_000;
const logger = createLogger('silent');
const database = useTempDatabase('fm-webhook-worker-');
const db = () => database.current.db;
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(() => receiver.close());

const workerAt = (clock: () => number, extra: { isProduction?: boolean } = {}) =>
  createWebhookWorker({
    db: db(),
    logger,
    mailer: createOutboxMailer({ db: db(), logger }),
    now: () => new Date(clock()),
    isProduction: extra.isProduction ?? false,
    publicUrl: 'https://app.fm.example',
  });

/** The headers a receiver got, as a plain record of strings. */
const headersOf = (n: number) => {
  const request = receiver.requests[n];
  if (!request) throw new Error(`no request ${n}`);
  return Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.join(', ') : (v ?? ''),
    ]),
  );
};

describe('the webhook worker delivers signed events (rule 21)', () => {
  it('sends a meeting.booked that standardwebhooks and the SDK verify, once, and records it', async () => {
    receiver.answer((res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
    const start = receiver.requests.length;
    const now = Date.now();
    const f = await insertFranchise(db());
    const endpoint = await insertEndpoint(db(), {
      url: `${receiver.url}/hooks`,
      franchiseId: f.id,
      now: new Date(now),
    });
    const id = await queueBooked(db(), f.id, new Date(now));
    const worker = workerAt(() => now);
    expect(await worker.drain()).toEqual({ delivered: 1, retried: 0, gaveUp: 0 });
    expect(receiver.requests).toHaveLength(start + 1);
    const request = receiver.requests[start];
    const headers = headersOf(start);
    expect(headers['webhook-id']).toBe(id);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/FranchiseMeet/);
    expect(headers['api-version']).toBe(API_VERSION);
    const body = request?.body ?? '';
    // The library every language has; the body is an event of the contract (the SDK's
    // verifyWebhook, tested in sdk/src/webhooks.integration.test.ts, does both).
    const verified = new Webhook(endpoint.secret).verify(body, headers) as Record<string, unknown>;
    expect(Object.keys(verified).sort()).toEqual(['data', 'timestamp', 'type']);
    const typed = v.parse(WebhookEventSchema, verified);
    if (typed.type !== 'meeting.booked') throw new Error(typed.type);
    expect(typed.data.meeting.priceCents).toBe(40_000);
    // A wrong secret does not verify.
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    // The body is the stored payload, byte for byte.
    const row = await deliveryRow(db(), id);
    expect(body).toBe(row?.payload);
    expect(row).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      leaseUntil: null,
    });
    expect(row?.lastAttemptAt?.getTime()).toBe(now);
    expect(row?.attemptLog).toEqual([
      {
        at: new Date(now).toISOString(),
        responseStatus: 200,
        response: 'thanks',
        durationMs: expect.any(Number),
      },
    ]);
    // Nothing is left to send.
    expect(await worker.drain()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    expect(receiver.requests).toHaveLength(start + 1);
  });

  it('signs with both secrets while a rotated-out one is valid, and only the new one after', async () => {
    receiver.answer((res) => res.writeHead(204).end());
    const now = Date.now();
    const f = await insertFranchise(db());
    const endpoint = await insertEndpoint(db(), {
      url: receiver.url,
      franchiseId: f.id,
      now: new Date(now),
    });
    const previous = endpoint.secret;
    const current = newSecret();
    const rotate = (expiresAt: number) =>
      db()
        .update(webhookEndpoint)
        .set({
          secret: current,
          previousSecret: previous,
          previousSecretExpiresAt: new Date(expiresAt),
        })
        .where(eq(webhookEndpoint.id, endpoint.id));
    await rotate(now + DAY_MS);
    const worker = workerAt(() => now);
    const during = receiver.requests.length;
    await queueBooked(db(), f.id, new Date(now));
    expect((await worker.drain()).delivered).toBe(1);
    const headers = headersOf(during);
    const body = receiver.requests[during]?.body ?? '';
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();

    await rotate(now - 1);
    const after = receiver.requests.length;
    await queueBooked(db(), f.id, new Date(now));
    expect((await worker.drain()).delivered).toBe(1);
    const later = headersOf(after);
    const laterBody = receiver.requests[after]?.body ?? '';
    expect(later['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(current).verify(laterBody, later)).not.toThrow();
    expect(() => new Webhook(previous).verify(laterBody, later)).toThrow();
  });

  it('in production refuses a loopback URL without connecting and records the failed attempt', async () => {
    const now = Date.now();
    const f = await insertFranchise(db());
    await insertEndpoint(db(), {
      url: `https://127.0.0.1:${receiver.port}/hooks`,
      franchiseId: f.id,
      now: new Date(now),
    });
    const id = await queueBooked(db(), f.id, new Date(now));
    const connections = receiver.connections();
    expect(await workerAt(() => now, { isProduction: true }).drainOnce()).toEqual({
      delivered: 0,
      retried: 1,
      gaveUp: 0,
    });
    expect(receiver.connections()).toBe(connections);
    const row = await deliveryRow(db(), id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(row?.attemptLog[0]?.response).toMatch(/^Not sent: .*private or local address/);
    // Not left for another worker (of this clock) to send.
    await db().delete(webhookEndpoint).where(eq(webhookEndpoint.franchiseId, f.id));
  });

  it('in production refuses a name that resolves to loopback at connection time, through the injected lookup', async () => {
    const now = Date.now();
    const f = await insertFranchise(db());
    await insertEndpoint(db(), {
      url: `https://crm.brand.example:${receiver.port}/hooks`,
      franchiseId: f.id,
      now: new Date(now),
    });
    const id = await queueBooked(db(), f.id, new Date(now));
    const connections = receiver.connections();
    const asked: string[] = [];
    const worker = createWebhookWorker({
      db: db(),
      logger,
      mailer: createOutboxMailer({ db: db(), logger }),
      now: () => new Date(now),
      isProduction: true,
      lookup: async (host) => {
        asked.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect((await worker.drainOnce()).retried).toBe(1);
    expect(asked).toEqual(['crm.brand.example']);
    expect(receiver.connections()).toBe(connections);
    expect((await deliveryRow(db(), id))?.attemptLog[0]?.response).toMatch(/non-public address/);
    await db().delete(webhookEndpoint).where(eq(webhookEndpoint.franchiseId, f.id));
  });

  it('retries a 500 on the schedule with the same webhook-id, gives up, disables the failing endpoint and mails the billing contact', async () => {
    let clock = Date.parse('2026-11-02T09:00:00Z');
    const worker = workerAt(() => clock);
    const f = await insertFranchise(db());
    const endpoint = await insertEndpoint(db(), {
      url: `${receiver.url}/failing`,
      franchiseId: f.id,
      createdByUserId: f.member.id,
      now: new Date(clock),
    });
    receiver.answer((res) => res.writeHead(500).end('down for maintenance'));
    const start = receiver.requests.length;
    const failingFrom = clock;
    const id = await queueBooked(db(), f.id, new Date(clock));
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      const round = await worker.drainOnce();
      const row = await deliveryRow(db(), id);
      expect(row?.attempts).toBe(attempt);
      expect(row?.responseStatus).toBe(500);
      if (attempt < WEBHOOK_MAX_ATTEMPTS) {
        expect(round).toEqual({ delivered: 0, retried: 1, gaveUp: 0 });
        const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1] ?? 0;
        expect(row?.nextAttemptAt).toBe(clock + delay * 1000);
        // Not due a moment before its time.
        clock += delay * 1000 - 1;
        expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
        clock += 1;
      } else {
        expect(round).toEqual({ delivered: 0, retried: 0, gaveUp: 1 });
        expect(row?.status).toBe('failed');
      }
    }
    const sent = receiver.requests.slice(start);
    expect(sent).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(new Set(sent.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0);
    expect(total / 86_400).toBeGreaterThan(2.5);
    expect(total / 86_400).toBeLessThan(WEBHOOK_DISABLE_AFTER_DAYS);
    const given = await deliveryRow(db(), id);
    expect(given?.attemptLog).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(given?.attemptLog.at(-1)?.response).toBe('down for maintenance');
    // Failing, not yet for long enough: still enabled, nobody mailed.
    let state = await endpointRow(db(), endpoint.id);
    expect(state).toMatchObject({ enabled: true, disabledReason: null });
    expect(state?.failingSince?.getTime()).toBe(failingFrom);

    // A later event still fails, past WEBHOOK_DISABLE_AFTER_DAYS since the first failure.
    clock = failingFrom + WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS + 1_000;
    const last = await queueBooked(db(), f.id, new Date(clock));
    expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 1, gaveUp: 0 });
    state = await endpointRow(db(), endpoint.id);
    expect(state?.enabled).toBe(false);
    expect(state?.disabledReason).toMatch(/2026-11-02/);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, f.billing.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(endpoint.url);
    expect(mails[0]?.text).toContain('2026-11-02');
    expect(mails[0]?.text).toContain('https://app.fm.example/my-profile/developers');
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, f.member.email))).toEqual(
      [],
    );

    // Disabled: its pending delivery is not sent, however late.
    receiver.answer((res) => res.writeHead(204).end());
    const before = receiver.requests.length;
    clock += DAY_MS;
    expect(await worker.drain()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    expect(receiver.requests).toHaveLength(before);
    expect((await deliveryRow(db(), last))?.status).toBe('pending');
    // Enabled again (as the Developers page does): it goes out, and the streak ends.
    await db()
      .update(webhookEndpoint)
      .set({ enabled: true, disabledReason: null })
      .where(eq(webhookEndpoint.id, endpoint.id));
    expect(await worker.drain()).toEqual({ delivered: 1, retried: 0, gaveUp: 0 });
    expect(receiver.requests[before]?.headers['webhook-id']).toBe(last);
    expect(await deliveryRow(db(), last)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await endpointRow(db(), endpoint.id))?.failingSince).toBeNull();
    // One e-mail in all.
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, f.billing.email)),
    ).toHaveLength(1);
  });

  it('mails a consultant’s own endpoint to the consultant', async () => {
    const clock = Date.parse('2026-11-10T09:00:00Z');
    const worker = workerAt(() => clock);
    const consultant = (await insertFranchise(db())).member; // any user will do as the owner
    const endpoint = await insertEndpoint(db(), {
      url: `${receiver.url}/consultant`,
      consultantId: consultant.id,
      now: new Date(clock),
    });
    receiver.answer((res) => res.writeHead(503).end());
    await db()
      .update(webhookEndpoint)
      .set({ failingSince: new Date(clock - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) })
      .where(eq(webhookEndpoint.id, endpoint.id));
    await enqueueWebhookEvent(
      db(),
      { consultantId: consultant.id },
      webhookEvent('meeting.booked', { meeting: sampleMeeting(new Date(clock)) }, new Date(clock)),
      new Date(clock),
    );
    await worker.drainOnce();
    expect((await endpointRow(db(), endpoint.id))?.enabled).toBe(false);
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, consultant.email)),
    ).toHaveLength(1);
  });
});

describe('the retry schedule', () => {
  it('follows WEBHOOK_RETRY_DELAYS_SECONDS and ends after WEBHOOK_MAX_ATTEMPTS', () => {
    expect(nextAttemptAt(1, 1_000)).toBe(1_000 + (WEBHOOK_RETRY_DELAYS_SECONDS[0] ?? 0) * 1000);
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS - 1, 0)).toBe(
      (WEBHOOK_RETRY_DELAYS_SECONDS.at(-1) ?? 0) * 1000,
    );
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS, 0)).toBeNull();
  });
});
