import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_PARTY } from '@fm/sdk/contracts';

/**
 * `@fm/party/testing`: the real realtime rooms for integration tests and benchmarks — `wrangler dev`
 * started through party/scripts/dev.mjs on a free port, with its state and home in a fresh folder
 * under the repository's ignored `.tmp/`, stopped with its whole process group.
 */

const partyDir = fileURLToPath(new URL('..', import.meta.url));
const repoTmp = fileURLToPath(new URL('../../.tmp/', import.meta.url));

/** A running room server. */
export interface RunningParty {
  port: number;
  /** `http://127.0.0.1:{port}`: what the API pushes to and clients connect to. */
  url: string;
  /** The pid of dev.mjs, which leads the process group of wrangler and workerd. */
  pid: number;
  /** Everything wrangler printed so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartPartyOptions {
  /** The API origin the rooms redeem tickets with. */
  apiUrl: string;
  /** The secret shared with the API (≥ 32 characters). */
  secret: string;
  /** A port to listen on; a free one by default (see {@link freePort}). */
  port?: number;
  /** How long to wait for the rooms to answer. */
  timeoutMs?: number;
  /** How long a slot hold lives without a refresh (rule 20); five minutes by default. */
  slotHoldIdleMs?: number;
}

/**
 * A TCP port nobody listens on right now.
 *
 * @example
 * const port = await freePort();
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Stops dev.mjs (which forwards the signal), then sweeps whatever is left of its process group. */
async function stopChild(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
  }
  for (let i = 0; i < 20 && signalGroup(0); i++) await sleep(100);
  signalGroup('SIGKILL');
}

/**
 * Starts the rooms and resolves once they answer (an unauthenticated push is refused with 401).
 *
 * @example
 * const party = await startParty({ apiUrl: api.url, secret });
 * // … ws://127.0.0.1:${party.port}/parties/rooms/user-u1?ticket=…
 * await party.stop();
 */
export async function startParty(options: StartPartyOptions): Promise<RunningParty> {
  const port = options.port ?? (await freePort());
  // A fresh clone has no .tmp yet.
  mkdirSync(repoTmp, { recursive: true });
  const home = mkdtempSync(join(repoTmp, `party-${port}-`));
  let output = '';
  const child = spawn(process.execPath, [join(partyDir, 'scripts/dev.mjs')], {
    cwd: partyDir,
    // Its own process group: wrangler and workerd are stopped together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PARTY_PORT: String(port),
      PARTY_INSPECTOR_PORT: String(await freePort()),
      PARTY_HOME: home,
      API_URL: options.apiUrl,
      REALTIME_SECRET: options.secret,
      ...(options.slotHoldIdleMs === undefined
        ? {}
        : { SLOT_HOLD_IDLE_MS: String(options.slotHoldIdleMs) }),
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(home, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/parties/${REALTIME_PARTY}/user-probe`, {
        method: 'POST',
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status === 401)
        return { port, url, pid: child.pid ?? 0, log: () => output, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`wrangler dev did not answer within the timeout:\n${output}`);
}
