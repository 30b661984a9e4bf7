import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startParty } from '@fm/party/testing';
import { migrateDatabase } from '../src/boot/migrate-database.ts';
import { openDatabase } from '../src/db/client.ts';
import { freePort, repoRoot, spawnApi } from '../src/testing/api-process.ts';
import { cannon } from './cannon.ts';
import { loadBenchData } from './data.ts';
import {
  type Aim,
  type BenchContext,
  type BenchServer,
  type Measurement,
  type MeasurementResult,
  passes,
  type Row,
} from './measurement.ts';
import { MEASUREMENTS } from './measurements.ts';

/**
 * `npm run bench [-- [--strict] [ID …]]`: the speed aims, each printed as
 * `measured / aim` with PASS or MISS. `--strict` makes the process exit 1 when any aim is missed
 * (CI does not run the bench: the figures depend on the machine). IDs pick measurements
 * (`npm run bench -- P1`); without them all run.
 *
 * ## Adding a measurement (the extension point)
 * Write a module exporting a `Measurement` (measurement.ts): an `id`, a `title` and
 * `run(ctx) → { aims, rows?, notes? }`, and add it to `MEASUREMENTS` in measurements.ts. The
 * context gives:
 * - `ctx.server()`: the real app over a temporary database with 100,000 consultants and 20,000
 *   franchises, started on first use and shared by the whole run (its URL, database URL and a
 *   franchisor's bearer token); measurements that need no server never start it. It is what
 *   production runs: the bundle `server/dist/main.js` (built first when older than the sources)
 *   under plain node with NODE_ENV=production, in its own process, with the realtime rooms
 *   (`wrangler dev`, party/testing) it pushes booking events to;
 * - `ctx.cannon(options)`: an autocannon run (p50/p99 ms, req/s, errors);
 * - `ctx.health(connections)`: the health check's figures, to measure a ratio side by side;
 * - `ctx.durationMs` (BENCH_SECONDS per scenario) and `ctx.log`.
 * A measurement that needs more rows in the shared database (A1's meetings) gives
 * `prepareData(db, counts, log)`: it runs after the bulk load and before the server starts, and
 * only when that measurement is chosen.
 * Each `Aim` says its bound and whether it is a maximum or a minimum; the runner prints them all in
 * one table at the end, with every measurement's detail rows. A measurement that throws is printed
 * as a MISS with its error, and the others still run.
 *
 * Knobs (environment): BENCH_CONSULTANTS, BENCH_FRANCHISES, BENCH_SECONDS (per scenario, 4),
 * BENCH_CPU_PROF (a folder: the server writes a `.cpuprofile` there when the run ends),
 * BENCH_WORKERS (the server's `WORKERS`, API processes on one port; 1 unless set).
 * P1–P4 take about three minutes on 2 cores; everything is bounded and the database is removed.
 */

const CONSULTANTS = Number(process.env.BENCH_CONSULTANTS ?? 100_000);
const FRANCHISES = Number(process.env.BENCH_FRANCHISES ?? 20_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 4) * 1000;

/** Where the server writes a V8 CPU profile (`--cpu-prof`) when it exits, if set. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** The server's API processes (`WORKERS`): the default one, or as many as asked. */
const WORKERS = String(Number(process.env.BENCH_WORKERS ?? 1));

const log = (message: string) => console.log(`[bench] ${message}`);

/** The newest modification time of the files under `dir` whose names end in `.ts`/`.mjs`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|mjs)$/.test(entry.name)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the production bundle when it is missing or older than its sources (server and sdk). */
function ensureBuild() {
  const bundle = join(repoRoot, 'server/dist/main.js');
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sources = Math.max(
    ...['server/src', 'server/scripts', 'sdk/src'].map((d) => newestSource(join(repoRoot, d))),
  );
  if (built > sources) return;
  log('building the production bundle (npm run build -w server)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}

const SECRET = 'bench-only-realtime-secret-0123456789-abcdefgh';

/**
 * What production runs: the bundle (`server/dist/main.js`) under plain node in production mode,
 * one process, with the realtime rooms (`wrangler dev`) it pushes booking events to.
 */
async function startServer(dir: string, databaseUrl: string): Promise<Running> {
  ensureBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const party = await startParty({ apiUrl: url, secret: SECRET });
  log(`realtime rooms on ${party.url}`);
  const api = await spawnApi({
    build: 'dist',
    env: {
      NODE_ENV: 'production',
      // No per-request log line: the figures are the server's, not the terminal's.
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      PORT: String(port),
      UPLOADS_DIR: join(dir, 'uploads'),
      AUTH_SECRET: 'bench-only-auth-secret-0123456789-abcdefghijkl',
      REALTIME_SECRET: SECRET,
      PARTY_INTERNAL_URL: party.url,
      PARTY_URL: party.url,
      PAYMENTS_PROVIDER: 'ledger',
      MAIL_TRANSPORT: 'log',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_SIGN_UP: '1000',
      WORKERS,
    },
    ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] } : {}),
  });
  try {
    await api.healthy(60_000);
  } catch (error) {
    await party.stop();
    throw error;
  }
  return {
    url,
    output: api.output,
    async stop() {
      // SIGTERM: the server closes gracefully (and writes its CPU profile when asked).
      const timer = setTimeout(() => api.child.kill('SIGKILL'), 15_000);
      await api.stop('SIGTERM');
      clearTimeout(timer);
      await party.stop();
    },
  };
}

interface Running {
  url: string;
  output(): string;
  stop(): Promise<void>;
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
function sharedServer(dir: string, running: Running[], chosen: Measurement[]) {
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
    // What the chosen measurements add to the shared database before the server starts.
    for (const m of chosen) await m.prepareData?.(database.db, counts, log);
    database.close();
    log(
      `visible: ${counts.visibleConsultants} consultants, ${counts.visibleFranchises} franchises`,
    );
    const server = await startServer(dir, databaseUrl);
    running.push(server);
    const { url } = server;
    log(
      `server (server/dist/main.js, production, ${WORKERS} API process${WORKERS === '1' ? '' : 'es'}) on ${url}`,
    );
    const token = await signUpFranchisor(url);
    // Some favourites, so the search also places the viewer's favourites.
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${url}/api/users/favorite-consultant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ consultantId: `bench-c-${i * 997}` }),
      });
    }
    // The server's start-up work done before anything is measured: the AI search builds its index
    // of every franchise at boot (seconds of CPU on a small machine, in its own thread), and its
    // first request waits for it. Without this, whatever runs first (e.g. `-- P3P4` alone) shares
    // the machine's two cores with it.
    const warmed = await fetch(`${url}/api/users/ai-franchisees-search?q=warm`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!warmed.ok) throw new Error(`the AI search answered ${warmed.status} while warming up`);
    await warmed.body?.cancel();
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
  const running: Running[] = [];
  const server = sharedServer(dir, running, chosen);
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
    for (const r of running) {
      await r.stop();
      // What the server said about failures (LOG_LEVEL=error): empty when all went well.
      const said = r.output().trim();
      if (said) log(`the server wrote:\n${said.slice(-4000)}`);
    }
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
