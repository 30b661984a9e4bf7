import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (tests spawn the API from here, as `npm start` does). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
  /** Waits until `/api/health` answers 200, or fails with the output when the process exits first. */
  healthy(timeoutMs?: number): Promise<void>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts a real API process: `src/main.ts` through tsx (`'source'`), or the production bundle
 * `server/dist/main.js` with plain node (`'dist'`). Only `PATH` is inherited, so the test decides
 * the whole configuration.
 * @example const api = await spawnApi({ env: { DATABASE_URL } }); await api.healthy(); … await api.stop();
 */
export async function spawnApi(
  options: {
    env?: Record<string, string>;
    build?: 'source' | 'dist';
    script?: string;
    /** Options for node itself, e.g. `['--cpu-prof']` (the bench's profile). */
    nodeArgs?: string[];
  } = {},
): Promise<ApiProcess> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const build = options.build ?? 'source';
  const script =
    options.script ?? (build === 'dist' ? 'server/dist/main.js' : 'server/src/main.ts');
  const args = [
    ...(options.nodeArgs ?? []),
    ...(build === 'dist' ? [] : ['--import', 'tsx']),
    resolve(repoRoot, script),
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SEED: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    output: () => output,
    exited,
    async healthy(timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          const res = await fetch(`${url}/api/health`);
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`API process exited before it was healthy:\n${output}`);
        }
        if (Date.now() > deadline) throw new Error(`API process not healthy in time:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Builds a private copy of the production bundle (`server/.tmp/<name>-<pid>`, ignored by git) for
 * tests that start many processes: plain node starts it in well under a second, tsx in several.
 * Answers the entry to pass as `spawnApi({ build: 'dist', script })` and a cleanup.
 * @example const bundle = buildServerBundle('r3'); spawnApi({ build: 'dist', script: bundle.main }); … bundle.remove();
 */
export function buildServerBundle(name: string): { main: string; remove(): void } {
  const dir = resolve(repoRoot, 'server/.tmp', `${name}-${process.pid}`);
  const build = spawnSync(
    process.execPath,
    [resolve(repoRoot, 'server/scripts/build.mjs'), `--outdir=${dir}`],
    { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 },
  );
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  return {
    main: relative(repoRoot, resolve(dir, 'main.js')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
