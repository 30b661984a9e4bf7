import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRun, rateLimit, webhookDelivery } from '../db/schema/index.ts';
import { insertEndpoint, insertFranchise } from '../features/webhooks/delivery/test-fixtures.ts';
import { createFailureBackoff } from '../http/failure-backoff.ts';
import { createLogger } from '../http/logger.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { pruneTables, startPruning } from './prune.ts';

const WINDOW_MS = 300_000;
const DAY_MS = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('pruning rate_limit and job_run', () => {
  it('deletes rate-limit counters whose window ended, whatever its length, and keeps live ones', async () => {
    const { db } = server.container;
    let clock = Date.parse('2026-11-25T10:00:00Z');
    const now = () => new Date(clock);
    const short = createRateLimiter({ db, windowMs: WINDOW_MS, now });
    const hourly = createRateLimiter({ db, windowMs: 12 * WINDOW_MS, now });
    const backoff = createFailureBackoff({
      db,
      now,
      rule: { free: 1, baseMs: 1_000, maxMs: 60_000, forgetMs: 2 * WINDOW_MS },
    });
    await short.hit('prune:old-a', 10);
    await short.hit('prune:old-b', 10);
    await hourly.hit('prune:hourly', 10);
    await backoff.count('prune:guessed');
    clock += WINDOW_MS; // the short windows end
    await short.hit('prune:current', 10);
    await short.hit('prune:current', 10);

    const pruned = await pruneTables({ db, now, jobRunRetentionDays: 90 });
    expect(pruned.rateLimits).toBe(2);
    const keys = async () => (await db.select().from(rateLimit)).map((r) => r.key).sort();
    expect(await keys()).toEqual(['backoff:prune:guessed', 'prune:current', 'prune:hourly']);
    // The kept counter still counts: pruning does not reset a live window.
    const row = await db.select().from(rateLimit).where(eq(rateLimit.key, 'prune:current')).get();
    expect(row?.count).toBe(2);
    // The backoff is forgotten `forgetMs` after its last count; the hour's window at its end.
    clock += WINDOW_MS;
    await pruneTables({ db, now, jobRunRetentionDays: 90 });
    expect(await keys()).toEqual(['prune:hourly']);
    clock += 10 * WINDOW_MS;
    await pruneTables({ db, now, jobRunRetentionDays: 90 });
    expect(await keys()).toEqual([]);
  });

  it('deletes finished job runs older than the retention, never unfinished or recent ones', async () => {
    const { db } = server.container;
    const now = new Date('2026-11-25T10:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await db.insert(jobRun).values([
      {
        key: 'charge:2026-W20',
        job: 'weekly-charges',
        startedAt: ago(190),
        finishedAt: ago(190),
        leaseUntil: 0,
      },
      {
        key: 'charge:2026-W30',
        job: 'weekly-charges',
        startedAt: ago(91),
        finishedAt: ago(91),
        leaseUntil: 0,
      },
      {
        key: 'charge:2026-W35',
        job: 'weekly-charges',
        startedAt: ago(89),
        finishedAt: ago(89),
        leaseUntil: 0,
      },
      { key: 'holds:stuck', job: 'due-holds', startedAt: ago(200), leaseUntil: 0 },
    ]);
    const pruned = await pruneTables({
      db,
      now: () => now,
      jobRunRetentionDays: 90,
    });
    expect(pruned.jobRuns).toBe(2);
    const keys = (await db.select({ key: jobRun.key }).from(jobRun)).map((r) => r.key).sort();
    expect(keys).toEqual(['charge:2026-W35', 'holds:stuck']);
  });

  it('deletes webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS, whatever their status', async () => {
    const { db } = server.container;
    const now = new Date('2026-11-25T10:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const f = await insertFranchise(db);
    const endpoint = await insertEndpoint(db, {
      url: 'http://127.0.0.1:9/hook',
      franchiseId: f.id,
      now,
    });
    const delivery = (id: string, days: number, status: 'pending' | 'succeeded' | 'failed') => ({
      id,
      endpointId: endpoint.id,
      eventType: 'meeting.booked' as const,
      payload: '{}',
      status,
      createdAt: ago(days),
    });
    const keep = WEBHOOK_DELIVERY_RETENTION_DAYS - 1;
    const drop = WEBHOOK_DELIVERY_RETENTION_DAYS + 1;
    await db
      .insert(webhookDelivery)
      .values([
        delivery('msg_old_ok', drop, 'succeeded'),
        delivery('msg_old_failed', drop, 'failed'),
        delivery('msg_old_pending', drop, 'pending'),
        delivery('msg_recent_ok', keep, 'succeeded'),
        delivery('msg_recent_pending', keep, 'pending'),
      ]);
    const pruned = await pruneTables({
      db,
      now: () => now,
      jobRunRetentionDays: 90,
    });
    expect(pruned.webhookDeliveries).toBe(3);
    const ids = (await db.select({ id: webhookDelivery.id }).from(webhookDelivery)).map(
      (r) => r.id,
    );
    expect(ids.sort()).toEqual(['msg_recent_ok', 'msg_recent_pending']);
  });

  it('runs by itself at start and then every period, until stopped', async () => {
    const { db } = server.container;
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const limiter = createRateLimiter({ db, windowMs: WINDOW_MS, now: () => new Date(clock) });
    await limiter.hit('periodic:first', 10);
    clock += WINDOW_MS;
    const pruning = startPruning({
      db,
      now: () => new Date(clock),
      logger: createLogger('silent'),
      jobRunRetentionDays: 90,
      everyMs: 50,
    });
    const keys = async () => (await db.select().from(rateLimit)).map((r) => r.key);
    await expect.poll(keys, { timeout: 2_000 }).not.toContain('periodic:first');
    // A counter of a window that ends later is pruned by a later round.
    await limiter.hit('periodic:second', 10);
    expect(await keys()).toContain('periodic:second');
    clock += WINDOW_MS;
    await expect.poll(keys, { timeout: 2_000 }).not.toContain('periodic:second');
    pruning.stop();
  });
});
