import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from './api-process.ts';

/** A charge run in its own process (`charge-run-process.ts`), for the rule 10 fault tests. Test-only. */
export interface RunProcess {
  output(): string;
  exited: Promise<number | string>;
  kill(): void;
}

export function runCharges(
  url: string,
  options: {
    run: 'weekly' | 'manual' | 'holds';
    clockOffsetMs?: number;
    pauseAfter?: number;
    /** Runs the Stripe adapter against this API (the recorded fake) instead of the ledger. */
    stripeApiUrl?: string;
  },
): RunProcess {
  return spawnRun('server/src/testing/charge-run-process.ts', {
    DATABASE_URL: url,
    RUN: options.run,
    CLOCK_OFFSET_MS: String(options.clockOffsetMs ?? 0),
    PAUSE_AFTER_PROVIDER_CALLS: String(options.pauseAfter ?? 0),
    ...(options.stripeApiUrl ? { STRIPE_API_URL: options.stripeApiUrl } : {}),
  });
}

/**
 * A run script (path from the repository's root) in its own Node process with only `env` and PATH,
 * its stdout and stderr collected together. Test-only.
 * @example const run = spawnRun('server/src/payments/payout-run-process.ts', { DATABASE_URL: url, RUN: 'monthly' });
 */
export function spawnRun(script: string, env: Record<string, string>): RunProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return {
    output: () => output,
    exited: new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal ?? ''))),
    kill: () => child.kill('SIGKILL'),
  };
}

/** The run's last JSON line, once it exited 0 (else the test fails with its output). */
export async function finished(run: RunProcess) {
  const code = await run.exited;
  expect(code, run.output()).toBe(0);
  const last = run.output().trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<string, unknown>;
}

/** Waits for a run started with `pauseAfter` to hang after the provider answered, then kills it. */
export async function killWhenPaused(run: RunProcess): Promise<void> {
  while (!run.output().includes('PAUSED')) {
    if (run.output().includes('{')) throw new Error(`finished early: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  run.kill();
  expect(await run.exited).toBe('SIGKILL');
}
