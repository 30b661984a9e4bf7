import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAttempt,
} from '@fm/sdk/contracts';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { yieldToEventLoop } from '../../../db/event-loop.ts';
import { webhookDelivery, webhookEndpoint } from '../../../db/schema/index.ts';
import type { Logger } from '../../../http/logger.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { type DrainResult, drainUntilShort, pollDrains } from '../../../maintenance/drain-loop.ts';
import { disableIfFailingTooLong } from './disable.ts';
import { sendWebhook, type WebhookAttemptResult, type WebhookResolver } from './send.ts';
import { webhookHeaders } from './sign.ts';

export interface WebhookWorkerOptions {
  db: Db;
  logger: Logger;
  /** Queues the e-mail to the owner of an endpoint the worker disables. */
  mailer: Mailer;
  now?: () => Date;
  /** Production allows only `https://` to public addresses, checked at every connection. */
  isProduction: boolean;
  /** The public origin, for the Developers page's link in the disabling e-mail. */
  publicUrl?: string;
  /** Resolves host names (the system's DNS by default; tests inject one). */
  lookup?: WebhookResolver;
  /** One attempt's limit (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How long a claimed delivery is this worker's; a worker that dies gives it up when this runs out. */
  leaseMs?: number;
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** How often `start()` looks for due deliveries. */
  pollMs?: number;
}

/** Deliveries a round claims, unless told otherwise. */
export const WEBHOOK_BATCH_SIZE = 20;

/**
 * A claim's lease: long enough for a whole batch whose every attempt runs into the timeout, and
 * their records, so another process never takes over a row this one is still coming to.
 * @example webhookLeaseMs(20, 10_000) // 260_000
 */
export const webhookLeaseMs = (batchSize: number, timeoutMs: number) =>
  batchSize * timeoutMs + 60_000;

/** Attempts kept in a delivery's log. */
const ATTEMPT_LOG_SIZE = 20;

/**
 * When attempt `attempts + 1` is due after attempt `attempts` failed, or null when that was the last.
 * @example nextAttemptAt(1, 1_000_000) // 1_005_000 (5 seconds after the first failure)
 */
export function nextAttemptAt(attempts: number, atMs: number): number | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)];
  return delay === undefined ? null : atMs + delay * 1000;
}

/**
 * Delivers `webhook_delivery` (rule 21): claims due deliveries of enabled endpoints with a lease
 * (one atomic UPDATE, so processes never claim the same row), signs each with the endpoint's
 * secrets, sends it safely (`send.ts`) and records the outcome. A failure is retried on
 * WEBHOOK_RETRY_DELAYS_SECONDS with the same `webhook-id`, then given up; an endpoint failing for
 * WEBHOOK_DISABLE_AFTER_DAYS is disabled and its owner e-mailed. At least once: a process killed
 * mid-delivery leaves the row to be claimed again when its lease runs out, and it is sent again
 * with the same id. Runs in every API process.
 *
 * @example const worker = createWebhookWorker({ db, logger, mailer, isProduction }); const handle = worker.start(); … await handle.stop();
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { db, logger, mailer, isProduction } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? WEBHOOK_BATCH_SIZE;
  const leaseMs =
    options.leaseMs ?? webhookLeaseMs(batchSize, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const pollMs = options.pollMs ?? 1_000;
  const developersUrl = `${options.publicUrl ?? ''}/my-profile/developers`;

  async function claim() {
    const at = now().getTime();
    const due = db
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(
        and(
          eq(webhookDelivery.status, 'pending'),
          lte(webhookDelivery.nextAttemptAt, at),
          or(isNull(webhookDelivery.leaseUntil), lte(webhookDelivery.leaseUntil, at)),
          eq(webhookEndpoint.enabled, true),
        ),
      )
      .orderBy(asc(webhookDelivery.nextAttemptAt))
      .limit(batchSize);
    return db
      .update(webhookDelivery)
      .set({ leaseUntil: at + leaseMs, attempts: sql`${webhookDelivery.attempts} + 1` })
      .where(inArray(webhookDelivery.id, due))
      .returning();
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Records one attempt's outcome, if this worker still holds the delivery's lease. */
  async function record(row: Claimed, result: WebhookAttemptResult, at: Date) {
    const entry: WebhookAttempt = {
      at: at.toISOString(),
      responseStatus: result.responseStatus,
      response: result.response,
      durationMs: result.durationMs,
    };
    const attemptLog = [...row.attemptLog, entry].slice(-ATTEMPT_LOG_SIZE);
    const retryAt = result.ok ? null : nextAttemptAt(row.attempts, at.getTime());
    const status = result.ok ? 'succeeded' : retryAt === null ? 'failed' : 'pending';
    return db.transaction(async (tx) => {
      const held = await tx
        .update(webhookDelivery)
        .set({
          status,
          responseStatus: result.responseStatus,
          lastAttemptAt: at,
          attemptLog,
          leaseUntil: null,
          ...(retryAt === null ? {} : { nextAttemptAt: retryAt }),
        })
        .where(
          and(
            eq(webhookDelivery.id, row.id),
            eq(webhookDelivery.status, 'pending'),
            row.leaseUntil === null
              ? isNull(webhookDelivery.leaseUntil)
              : eq(webhookDelivery.leaseUntil, row.leaseUntil),
          ),
        )
        .returning({ id: webhookDelivery.id });
      if (held.length === 0) return { status, retryAt, held: false, disabled: false };
      if (result.ok) {
        await tx
          .update(webhookEndpoint)
          .set({ failingSince: null })
          .where(eq(webhookEndpoint.id, row.endpointId));
        return { status, retryAt, held: true, disabled: false };
      }
      await tx
        .update(webhookEndpoint)
        .set({ failingSince: sql`coalesce(${webhookEndpoint.failingSince}, ${at.getTime()})` })
        .where(eq(webhookEndpoint.id, row.endpointId));
      const disabling = await disableIfFailingTooLong(tx, {
        endpointId: row.endpointId,
        now: at,
        mailer,
        developersUrl,
      });
      return { status, retryAt, held: true, disabled: disabling.disabled };
    });
  }

  /** One round: claims what is due and tries each once. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, retried: 0, gaveUp: 0 };
    const rows = await claim();
    if (rows.length === 0) return result;
    const endpointIds = [...new Set(rows.map((row) => row.endpointId))];
    const endpoints = new Map(
      (await db.select().from(webhookEndpoint).where(inArray(webhookEndpoint.id, endpointIds))).map(
        (endpoint) => [endpoint.id, endpoint],
      ),
    );
    for (const row of rows) {
      // Requests first: a backlog must not hold the event loop between sends.
      await yieldToEventLoop();
      const endpoint = endpoints.get(row.endpointId);
      if (!endpoint) continue;
      const at = now();
      const attempt = await sendWebhook({
        url: endpoint.url,
        headers: webhookHeaders(endpoint, row.id, at, row.payload),
        body: row.payload,
        isProduction,
        ...(options.lookup ? { resolve: options.lookup } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      const outcome = await record(row, attempt, at);
      // Another worker took the row over (this one outlived its lease): its outcome counts.
      if (!outcome.held) continue;
      const detail = {
        id: row.id,
        endpointId: row.endpointId,
        attempts: row.attempts,
        responseStatus: attempt.responseStatus,
      };
      if (outcome.disabled) {
        logger.error('webhook endpoint disabled after failing for days', {
          endpointId: row.endpointId,
        });
      }
      if (outcome.status === 'succeeded') result.delivered += 1;
      else if (outcome.status === 'failed') {
        result.gaveUp += 1;
        logger.error('webhook delivery given up', detail);
      } else {
        result.retried += 1;
        logger.info('webhook delivery failed, will retry', {
          ...detail,
          retryInMs: (outcome.retryAt ?? at.getTime()) - at.getTime(),
        });
      }
    }
    return result;
  }

  /** Rounds until nothing due is left (a full batch means there may be more). */
  const drain = () => drainUntilShort(drainOnce, batchSize);

  /** Polls every `pollMs` in this process until stopped; a round never overlaps the previous one. */
  const start = () =>
    pollDrains(drain, { pollMs, logger, failure: 'webhook delivery round failed' });

  return { drainOnce, drain, start };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
