import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { yieldToEventLoop } from '../db/event-loop.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
import { type DrainResult, drainUntilShort, pollDrains } from '../maintenance/drain-loop.ts';
import type { MailTransport } from './transport.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  now?: () => Date;
  /** How long a claimed row is this worker's; a worker that dies gives it up when this runs out. */
  leaseMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /** Attempts before a row is given up (`failed_at` set, an error logged). */
  maxAttempts?: number;
  /** First retry delay; each further one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often `start()` looks for due rows. */
  pollMs?: number;
}

/**
 * The delay before attempt `attempt + 1` after `attempt` failed: exponential, capped.
 * @example retryDelayMs(1, 10_000, 3_600_000) // 10_000; retryDelayMs(3, …) // 40_000
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Drains `mail_outbox`: claims due rows with a lease (one atomic UPDATE, so processes never claim the
 * same row), delivers each through the transport, marks it sent, and on failure schedules a retry
 * with exponential backoff. Delivery is at-least-once: a process killed between delivering and
 * marking leaves the row to be claimed again when its lease runs out, and it is re-sent with the same
 * `Message-ID` (the row id). Runs in every API process by default and as `mail-worker.ts` alone.
 * @example const worker = createOutboxWorker({ db, transport, logger }); const handle = worker.start(); … await handle.stop();
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, transport, logger } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 12;
  const baseDelayMs = options.baseDelayMs ?? 10_000;
  const maxDelayMs = options.maxDelayMs ?? 2 * 3_600_000;
  const pollMs = options.pollMs ?? 1_000;
  // Run once per mail: built once (building it cost about as much as running it).
  const markSent = db
    .update(mailOutbox)
    .set({
      // Bound through the column's own mapping (a Date to epoch milliseconds).
      sentAt: sql`${sql.param(sql.placeholder('sentAt'), mailOutbox.sentAt)}`,
      deliveredVia: transport.name,
      leaseUntil: null,
      lastError: null,
    })
    .where(and(eq(mailOutbox.id, sql.placeholder('id')), isNull(mailOutbox.sentAt)))
    .prepare();

  async function claim() {
    const at = now().getTime();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, at),
          or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, at)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batchSize);
    return db
      .update(mailOutbox)
      .set({ leaseUntil: at + leaseMs, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** One round: claims what is due and tries each once. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, retried: 0, gaveUp: 0 };
    const rows = await claim();
    for (const row of rows) {
      // Requests first: with a transport that answers at once (the log) and the database's
      // synchronous statements, a backlog would otherwise run as one block of the event loop (a
      // second's mails of serial bookings held one of them up by 60-80 ms).
      await yieldToEventLoop();
      try {
        await transport.deliver({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.attachments ? { attachments: row.attachments } : {}),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (row.attempts >= maxAttempts) {
          result.gaveUp += 1;
          await db
            .update(mailOutbox)
            .set({ failedAt: now(), leaseUntil: null, lastError: message })
            .where(eq(mailOutbox.id, row.id));
          logger.error('mail given up', { id: row.id, attempts: row.attempts, error: message });
        } else {
          result.retried += 1;
          const delay = retryDelayMs(row.attempts, baseDelayMs, maxDelayMs);
          await db
            .update(mailOutbox)
            .set({
              nextAttemptAt: now().getTime() + delay,
              leaseUntil: null,
              lastError: message,
            })
            .where(eq(mailOutbox.id, row.id));
          logger.info('mail delivery failed, will retry', {
            id: row.id,
            attempts: row.attempts,
            retryInMs: delay,
            error: message,
          });
        }
        continue;
      }
      result.delivered += 1;
      await markSent.run({ id: row.id, sentAt: now() });
    }
    return result;
  }

  /** Rounds until nothing due is left (a full batch means there may be more). */
  const drain = () => drainUntilShort(drainOnce, batchSize);

  /** Polls every `pollMs` in this process until stopped; a round never overlaps the previous one. */
  const start = () => pollDrains(drain, { pollMs, logger, failure: 'mail outbox round failed' });

  return { drainOnce, drain, start };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
