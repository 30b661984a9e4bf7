import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDatabase } from '../testing/temp-database.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');
const temp = useTempDatabase('fm-cluster-lock-');

/** Runs the two-process fixture and answers the waiter's report. */
function runCluster(scenario: 'commits' | 'dies', databaseUrl: string) {
  return new Promise<{ waitedMs: number; longestGapMs: number; wrote: boolean; error?: string }>(
    (done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', resolve(repoRoot, 'server/src/testing/cluster-writers.ts')],
        {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, SCENARIO: scenario },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.on('error', fail);
      child.on('exit', () => {
        try {
          done(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
        } catch {
          fail(new Error(`no report: ${out}`));
        }
      });
    },
  );
}

describe('the cluster write lock', () => {
  it('a process waiting for another process’s write keeps serving (no frozen event loop)', async () => {
    const report = await runCluster('commits', temp.url);
    expect(report.error).toBeUndefined();
    expect(report.wrote).toBe(true);
    // It did wait for the holder's 600 ms transaction…
    expect(report.waitedMs).toBeGreaterThan(300);
    // …with its timer ticking all along (SQLite's busy handler would have frozen it throughout).
    expect(report.longestGapMs).toBeLessThan(150);
    const rows = await temp.current.db.all<{ id: string }>(
      sql`select id from mail_outbox where id like 'commits-%' order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual(['commits-held', 'commits-waiter']);
  });

  it('a process that dies holding the lock gives it back', async () => {
    const report = await runCluster('dies', temp.url);
    expect(report.error).toBeUndefined();
    expect(report.wrote).toBe(true);
    expect(report.waitedMs).toBeLessThan(5_000);
  });
});
