import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startParty } from '@fm/party/testing';
import type { Health } from '@fm/sdk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, spawnApi } from '../testing/api-process.ts';

/**
 * Every process the project starts runs on the Node the repository pins (docs/decisions/027),
 * never on an older Node that happens to be first on the machine's PATH.
 */

const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const floor = Number(/^>=(\d+)$/.exec(rootPackage.engines.node)?.[1]);
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

/** The pids of every process whose process group is `group` (Linux's /proc). */
function processGroup(group: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group;
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

describe('the Node runtime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fm-runtime-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is at least the engines floor, and the pinned node package meets it', () => {
    expect(floor).toBeGreaterThanOrEqual(24);
    expect(major(rootPackage.devDependencies.node ?? '')).toBeGreaterThanOrEqual(floor);
    expect(major(process.version)).toBeGreaterThanOrEqual(floor);
  });

  it('serves the API, and /api/health names it', async () => {
    const api = await spawnApi({ env: { DATABASE_URL: `file:${join(dir, 'health.db')}` } });
    try {
      await api.healthy();
      const health = (await (await fetch(`${api.url}/api/health`)).json()) as Health;
      expect(health.runtime).toMatch(/^node \d+\.\d+\.\d+$/);
      expect(major(health.runtime.slice('node '.length))).toBeGreaterThanOrEqual(floor);
    } finally {
      await api.stop();
    }
  });

  it('runs the realtime dev server (wrangler) in every Node process it starts', async () => {
    const party = await startParty({
      apiUrl: 'http://127.0.0.1:9',
      secret: `runtime-test-secret-${crypto.randomUUID()}`,
    });
    try {
      const nodes = processGroup(party.pid)
        .map((pid) => readlinkSync(`/proc/${pid}/exe`))
        .filter((exe) => basename(exe) === 'node');
      // dev.mjs itself and the wrangler CLI it starts; workerd is not a Node process.
      expect(nodes.length).toBeGreaterThanOrEqual(2);
      for (const exe of new Set(nodes)) {
        expect(
          major(execFileSync(exe, ['--version'], { encoding: 'utf8' })),
          exe,
        ).toBeGreaterThanOrEqual(floor);
      }
    } finally {
      await party.stop();
    }
  });
});
