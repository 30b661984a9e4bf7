import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEBHOOK_TIMEOUT_MS } from '@fm/sdk/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryRow,
  insertEndpoint,
  insertFranchise,
  queueBooked,
} from '../features/webhooks/delivery/test-fixtures.ts';
import {
  startTestReceiver,
  type TestReceiver,
} from '../features/webhooks/delivery/test-receiver.ts';
import {
  createWebhookWorker,
  WEBHOOK_BATCH_SIZE,
  webhookLeaseMs,
} from '../features/webhooks/delivery/worker.ts';
import { createLogger } from '../http/logger.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { spawnApi } from '../testing/api-process.ts';
import { useTempDatabase } from '../testing/temp-database.ts';

/**
 * Rule 21: webhooks go out at least once. A real API process (its background runs the webhook
 * worker) is SIGKILLed while the receiver holds the delivery's request; once the lease runs out
 * another worker sends it again, with the same `webhook-id`, exactly once more, and records it.
 */

/** The worker's default lease: a killed worker's rows are free again after it. */
const LEASE_MS = webhookLeaseMs(WEBHOOK_BATCH_SIZE, WEBHOOK_TIMEOUT_MS);
const logger = createLogger('silent');
const database = useTempDatabase('fm-webhook-crash-');
const uploads = mkdtempSync(join(tmpdir(), 'fm-webhook-crash-uploads-'));
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe('rule 21: a process killed mid-delivery loses nothing', () => {
  it('SIGKILL while the receiver holds the request, then exactly one more delivery with the same id', async () => {
    const { db } = database.current;
    const now = new Date();
    const f = await insertFranchise(db);
    const endpoint = await insertEndpoint(db, {
      url: `${receiver.url}/crm`,
      franchiseId: f.id,
      now,
    });
    const id = await queueBooked(db, f.id, now);
    // The receiver takes the request and never answers: the process is killed meanwhile.
    receiver.answer(() => {});
    const api = await spawnApi({ env: { DATABASE_URL: database.url, UPLOADS_DIR: uploads } });
    try {
      await receiver.received(1);
      api.child.kill('SIGKILL');
      expect(await api.exited).toBe('SIGKILL');
    } finally {
      await api.stop('SIGKILL');
    }
    expect(receiver.requests[0]?.headers['webhook-id']).toBe(id);
    const held = await deliveryRow(db, id);
    expect(held).toMatchObject({ status: 'pending', attempts: 1, lastAttemptAt: null });
    expect(held?.leaseUntil).toBeGreaterThan(Date.now());

    receiver.answer((res) => res.writeHead(204).end());
    const workerAt = (at: () => number) =>
      createWebhookWorker({
        db,
        logger,
        mailer: createOutboxMailer({ db, logger }),
        now: () => new Date(at()),
        isProduction: false,
      });
    // While the dead process's lease lasts, nobody sends it again.
    expect(await workerAt(() => Date.now()).drain()).toEqual({
      delivered: 0,
      retried: 0,
      gaveUp: 0,
    });
    expect(receiver.requests).toHaveLength(1);
    // A moment before it runs out, still nobody.
    expect(await workerAt(() => (held?.leaseUntil ?? 0) - 1).drain()).toEqual({
      delivered: 0,
      retried: 0,
      gaveUp: 0,
    });
    // After it: sent once more, the same id and body, verified, recorded.
    const later = workerAt(() => Date.now() + LEASE_MS + 1_000);
    expect(await later.drain()).toEqual({ delivered: 1, retried: 0, gaveUp: 0 });
    expect(await later.drain()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests;
    expect(second?.headers['webhook-id']).toBe(id);
    expect(second?.body).toBe(first?.body);
    const headers = Object.fromEntries(
      Object.entries(second?.headers ?? {}).map(([k, v]) => [k, String(v)]),
    );
    expect(() => new Webhook(endpoint.secret).verify(second?.body ?? '', headers)).not.toThrow();
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 204,
      leaseUntil: null,
    });
  }, 90_000);
});
