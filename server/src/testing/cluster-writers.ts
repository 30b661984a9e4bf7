/**
 * Two API-like processes of a node:cluster writing to one database, for the cluster write lock's
 * test: `node --import tsx cluster-writers.ts` with `DATABASE_URL` and `SCENARIO=commits|dies`.
 * The primary serves the lock and forks a waiter, then (once it is ready) a holder. The holder opens a write
 * transaction and keeps it open 600 ms, then commits (`commits`), or exits holding it after 300 ms
 * (`dies`). Once the holder holds it, the waiter writes one row while a 5 ms timer measures its
 * event loop. The primary prints the waiter's report as one JSON line: how long its write took,
 * the longest gap between its timer's ticks, and whether the write landed. Test-only.
 */
import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../db/client.ts';
import { serveClusterWriteLock } from '../db/cluster-write-lock.ts';

const url = process.env.DATABASE_URL ?? '';
const scenario = process.env.SCENARIO ?? 'commits';

type Report = { waitedMs: number; longestGapMs: number; wrote: boolean; error?: string };

if (cluster.isPrimary) {
  serveClusterWriteLock();
  // The waiter first, so that it has the database open (and listens) before the holder holds it.
  const waiter = cluster.fork({ ROLE: 'waiter' });
  const done = (line: string) => {
    process.stdout.write(`${line}\n`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  };
  waiter.on('message', (message: unknown) => {
    if (message === 'ready') {
      const holder = cluster.fork({ ROLE: 'holder' });
      holder.on('message', (held: unknown) => {
        if (held === 'holding') waiter.send('go');
      });
    } else if (typeof message === 'object' && message !== null && 'waitedMs' in message) {
      done(JSON.stringify(message));
    }
  });
  setTimeout(() => done(JSON.stringify({ error: 'no report in 20 s' })), 20_000).unref();
} else if (process.env.ROLE === 'holder') {
  const { client } = await openDatabase({ url });
  const tx = await client.transaction('write');
  await tx.execute({
    sql: `insert into mail_outbox (id, "to", subject, text, created_at) values (?, 'a@example.com', 'held', 'x', 0)`,
    args: [`${scenario}-held`],
  });
  process.send?.('holding');
  if (scenario === 'dies') {
    await sleep(300);
    process.exit(1);
  }
  await sleep(600);
  await tx.commit();
} else {
  const { client } = await openDatabase({ url });
  process.on('message', async (message: unknown) => {
    if (message !== 'go') return;
    let last = performance.now();
    let longestGapMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const report: Report = { waitedMs: 0, longestGapMs: 0, wrote: false };
    try {
      await client.execute({
        sql: `insert into mail_outbox (id, "to", subject, text, created_at) values (?, 'b@example.com', 'waiter', 'x', 0)`,
        args: [`${scenario}-waiter`],
      });
      report.wrote = true;
    } catch (error) {
      report.error = String(error);
    }
    report.waitedMs = performance.now() - started;
    // One more tick, so a freeze that ended with the write is counted.
    await sleep(10);
    clearInterval(ticker);
    report.longestGapMs = longestGapMs;
    process.send?.(report);
  });
  process.send?.('ready');
}
