import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { cannon } from './cannon.ts';
import { loadBenchData } from './data.ts';
import {
  type Aim,
  type BenchContext,
  type BenchServer,
  type MeasurementResult,
  passes,
  type Row,
} from './measurement.ts';
import { MEASUREMENTS } from './measurements.ts';

/**
 * `npm run bench [-- [--strict] [ID …]]`: the speed aims of issue 15, each printed as
 * `measured / aim` with PASS or MISS. `--strict` makes the process exit 1 when any aim is missed
 * (CI does not run the bench: the figures depend on the machine). IDs pick measurements
 * (`npm run bench -- P1`); without them all run.
 *
 * ## Adding a measurement (the extension point)
 * Write a module exporting a `Measurement` (measurement.ts): an `id`, a `title` and
 * `run(ctx) → { aims, rows?, notes? }`, and add it to `MEASUREMENTS` in measurements.ts. The
 * context gives:
 * - `ctx.server()`: the real app over a temporary database with 100,000 consultants and 20,000
 *   franchises, started in its own process on first use and shared by the whole run (its URL,
 *   database URL and a franchisor's bearer token); measurements that need no server never start it;
 * - `ctx.cannon(options)`: an autocannon run (p50/p99 ms, req/s, errors);
 * - `ctx.health(connections)`: the health check's figures, to measure a ratio side by side;
 * - `ctx.durationMs` (BENCH_SECONDS per scenario) and `ctx.log`.
 * Each `Aim` says its bound and whether it is a maximum or a minimum; the runner prints them all in
 * one table at the end, with every measurement's detail rows. A measurement that throws is printed
 * as a MISS with its error, and the others still run.
 *
 * Knobs (environment): BENCH_CONSULTANTS, BENCH_FRANCHISES, BENCH_SECONDS (per scenario, 4),
 * BENCH_CPU_PROF (a folder: the server writes a `.cpuprofile` there when the run ends).
 * P1–P4 take about three minutes on 2 cores; everything is bounded and the database is removed.
 */

const CONSULTANTS = Number(process.env.BENCH_CONSULTANTS ?? 100_000);
const FRANCHISES = Number(process.env.BENCH_FRANCHISES ?? 20_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 4) * 1000;

/** Where the server writes a V8 CPU profile (`--cpu-prof`) when it exits, if set. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

const log = (message: string) => console.log(`[bench] ${message}`);

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [databaseUrl], {
    execArgv: [
      '--import',
      'tsx',
      ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 60 s')), 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ child, url: (message as { url: string }).url });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function signUpFranchisor(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email: 'bench-franchisor@bench.example',
      password: 'Bench-Pass-2025!',
      firstName: 'Bench',
      lastName: 'Franchisor',
      role: 'franchisor',
      ageConfirmed: true,
    }),
  });
  return String((await json(res)).token);
}

/** Builds the big database and starts the server over it, once. */
function sharedServer(dir: string, children: ChildProcess[]) {
  let started: Promise<BenchServer> | undefined;
  const start = async (): Promise<BenchServer> => {
    const databaseUrl = `file:${join(dir, 'bench.db')}`;
    log(
      `building ${CONSULTANTS.toLocaleString('en-US')} consultants and ${FRANCHISES.toLocaleString('en-US')} franchises in ${dir}`,
    );
    const database = await openDatabase({ url: databaseUrl });
    await migrateDatabase(database.db);
    const counts = await loadBenchData(database.db, {
      consultants: CONSULTANTS,
      franchises: FRANCHISES,
      log,
    });
    database.close();
    log(
      `visible: ${counts.visibleConsultants} consultants, ${counts.visibleFranchises} franchises`,
    );
    const { child, url } = await startServer(databaseUrl);
    children.push(child);
    log(`server on ${url}`);
    const token = await signUpFranchisor(url);
    // Some favourites, so the search also places the viewer's favourites.
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${url}/api/users/favorite-consultant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ consultantId: `bench-c-${i * 997}` }),
      });
    }
    return { url, databaseUrl, token };
  };
  return () => {
    started ??= start();
    return started;
  };
}

const fixed = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? '' : x.toFixed(x >= 100 ? 0 : 2);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const rowCells = (r: Row) => [
  r.scenario,
  String(r.clients),
  fixed(r.p50),
  fixed(r.p99),
  r.rps === undefined ? '' : r.rps.toFixed(0),
  r.errors === undefined ? '' : String(r.errors),
];

const measuredText = (a: Aim) =>
  Number.isFinite(a.measured) ? `${a.measured.toFixed(2)}${a.unit}` : 'failed';

async function main() {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const picked = args.filter((a) => !a.startsWith('--')).map((a) => a.toUpperCase());
  const chosen = MEASUREMENTS.filter(
    (m) => picked.length === 0 || picked.some((p) => m.id.toUpperCase().includes(p)),
  );
  const total = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'fm-bench-'));
  const children: ChildProcess[] = [];
  const server = sharedServer(dir, children);
  const ctx: BenchContext = {
    server,
    cannon,
    durationMs: DURATION_MS,
    log,
    async health(connections) {
      const { url, token } = await server();
      return cannon({
        url,
        path: () => '/api/health',
        connections,
        durationMs: DURATION_MS,
        // The token goes to /api/health too: it pays the same session lookup as the others.
        headers: { authorization: `Bearer ${token}` },
      });
    },
  };
  const results: { title: string; result: MeasurementResult }[] = [];
  try {
    for (const m of chosen) {
      log(`${m.id}: ${m.title}`);
      try {
        results.push({ title: m.title, result: await m.run(ctx) });
      } catch (error) {
        console.error(error);
        results.push({
          title: m.title,
          result: {
            aims: [
              {
                id: m.id,
                label: `${m.title} (failed: ${String(error).slice(0, 120)})`,
                measured: Number.NaN,
                aim: 0,
                kind: 'max',
                unit: '',
              },
            ],
          },
        });
      }
    }
  } finally {
    // Disconnecting asks a child to exit (and write its profile); a stuck one is killed.
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        if (child.connected) child.disconnect();
        const timer = setTimeout(() => child.kill(), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  }

  const rows = results.flatMap((r) => r.result.rows ?? []);
  if (rows.length > 0) {
    console.log('');
    console.log(
      table(['scenario', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'errors'], rows.map(rowCells)),
    );
  }
  for (const note of results.flatMap((r) => r.result.notes ?? [])) console.log(note);
  const aims = results.flatMap((r) => r.result.aims);
  console.log('');
  console.log(
    table(
      ['aim', 'what', 'measured / aim', 'result', 'detail'],
      aims.map((a) => [
        a.id,
        a.label,
        `${measuredText(a)} / ${a.kind === 'max' ? '≤' : '≥'} ${a.aim}${a.unit}`,
        passes(a) ? 'PASS' : 'MISS',
        a.detail ?? '',
      ]),
    ),
  );
  const missed = aims.filter((a) => !passes(a));
  console.log('');
  log(
    `${aims.length - missed.length} of ${aims.length} aims met, in ${((performance.now() - total) / 1000).toFixed(0)} s`,
  );
  if (strict && missed.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
