import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDUSTRY_SPECIALTIES } from '@fm/sdk/contracts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { benchBooking } from './booking.ts';
import { loadBenchData } from './data.ts';
import { type LoadResult, runLoad } from './load.ts';

/**
 * `npm run bench`: seeds 100,000 consultants and 20,000 franchises into a temporary database,
 * starts the real server on 127.0.0.1 in a child process, signs a franchisor in, and measures
 * p50/p99 latency and requests per second of `/api/health` (the ceiling), a filtered, full-text,
 * paged consultant search (the same query repeated; a new rate bound every request, which reuses
 * the cached text-and-tags step; new industries every request, which reuses the text's ranking;
 * a new pair of words every request, which reuses only the other filters) and the AI
 * search, under 1 and 32 concurrent clients; then the slots call of a consultant with 500 meetings in
 * the next 90 days and 32 clients racing to book 20 slots, with a check that no time holds two
 * meetings. Everything is bounded; the database is removed.
 *
 * Knobs (environment): BENCH_CONSULTANTS, BENCH_FRANCHISES, BENCH_SECONDS (per scenario).
 */

const CONSULTANTS = Number(process.env.BENCH_CONSULTANTS ?? 100_000);
const FRANCHISES = Number(process.env.BENCH_FRANCHISES ?? 20_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 4) * 1000;
const WARMUP_MS = 500;
const CONCURRENCY = [1, 32] as const;

const SEARCH = '/api/users?q=franchise&industry=Senior%20Care&region=USA&rateMax=120&page=3';
/** A different rate bound every request (1,000 of them): the text and tag step is reused. */
const searchNewRate = (n: number) =>
  `/api/users?q=franchise&industry=Senior%20Care&region=USA&rateMax=${(100 + (n % 1000) / 100).toFixed(2)}&page=3`;
/** A different pair of industries every request (741 pairs): nothing is reused. */
const PAIRS = INDUSTRY_SPECIALTIES.flatMap((a, i) =>
  INDUSTRY_SPECIALTIES.slice(i + 1).map(
    (b) => `industry=${encodeURIComponent(a)}&industry=${encodeURIComponent(b)}`,
  ),
);
const searchNewTags = (n: number) =>
  `/api/users?q=franchise&${PAIRS[(n * 7) % PAIRS.length]}&region=USA&rateMax=120&page=3`;
/** A different pair of words every request (870 pairs), with the same tags: a text never seen. */
const TEXT_WORDS = [
  'franchise',
  'owners',
  'brand',
  'veterans',
  'financing',
  'senior',
  'fitness',
  'restaurant',
  'territory',
  'multi',
  'coaches',
  'practical',
  'validation',
  'entrepreneurs',
  'home',
  'care',
  'families',
  'corporate',
  'discount',
  'developer',
  'consulting',
  'numbers',
  'operator',
  'food',
  'services',
  'models',
  'ownership',
  'candidate',
  'loans',
  'hundreds',
];
const TEXT_PAIRS = TEXT_WORDS.flatMap((a) =>
  TEXT_WORDS.filter((b) => b !== a).map((b) => encodeURIComponent(`${a} ${b}`)),
);
const searchNewText = (n: number) =>
  `/api/users?q=${TEXT_PAIRS[(n * 7) % TEXT_PAIRS.length]}&industry=Senior%20Care&region=USA&rateMax=120`;
const AI_SEARCH = `/api/users/ai-franchisees-search?q=${encodeURIComponent('home-based senior care under $150k in Texas')}`;

const log = (message: string) => console.log(`[bench] ${message}`);

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [databaseUrl], {
    execArgv: ['--import', 'tsx'],
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

const ms = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(2));

async function main() {
  const total = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'fm-bench-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  let server: ChildProcess | null = null;
  try {
    log(
      `building ${CONSULTANTS.toLocaleString('en-US')} consultants and ${FRANCHISES.toLocaleString('en-US')} franchises in ${dir}`,
    );
    const database = await openDatabase({ url: databaseUrl });
    await migrateDatabase(database.db);
    const counts = await loadBenchData(database.db, {
      consultants: CONSULTANTS,
      franchises: FRANCHISES,
      log: (m) => log(m),
    });
    database.close();
    log(
      `visible: ${counts.visibleConsultants} consultants, ${counts.visibleFranchises} franchises`,
    );

    const started = await startServer(databaseUrl);
    server = started.child;
    const { url } = started;
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
    const probe = await fetch(`${url}${SEARCH}`, { headers: { authorization: `Bearer ${token}` } });
    const found = await json(probe);
    log(`search answers ${found.total} matches (page 3 of ${Math.ceil(Number(found.total) / 10)})`);
    const ai = await fetch(`${url}${AI_SEARCH}`, { headers: { authorization: `Bearer ${token}` } });
    await ai.text();
    const aiAvailable = ai.ok;
    if (!aiAvailable) log(`AI search not available (${ai.status})`);

    const scenarios: { name: string; path: (n: number) => string; enabled: boolean }[] = [
      { name: 'GET /api/health (ceiling)', path: () => '/api/health', enabled: true },
      { name: 'consultant search, same query', path: () => SEARCH, enabled: true },
      { name: 'consultant search, new rate bound each time', path: searchNewRate, enabled: true },
      { name: 'consultant search, new industries each time', path: searchNewTags, enabled: true },
      { name: 'consultant search, new words each time', path: searchNewText, enabled: true },
      { name: 'AI search', path: () => AI_SEARCH, enabled: aiAvailable },
    ];
    const results = new Map<string, LoadResult | null>();
    // Concurrency outside: each endpoint runs right after the ceiling it is compared with, so a
    // busy machine (other processes) skews both alike as far as possible.
    for (const concurrency of CONCURRENCY) {
      for (const scenario of scenarios) {
        const key = `${scenario.name}@${concurrency}`;
        if (!scenario.enabled) {
          results.set(key, null);
          continue;
        }
        // The token goes to /api/health too: every scenario pays the same session lookup.
        const result = await runLoad({
          origin: url,
          path: scenario.path,
          token,
          concurrency,
          warmupMs: WARMUP_MS,
          durationMs: DURATION_MS,
        });
        results.set(key, result);
        log(
          `${key}: ${result.requests} requests${result.errors ? `, ${result.errors} errors (${result.firstError})` : ''}`,
        );
      }
    }

    const rows = scenarios.flatMap((s) =>
      CONCURRENCY.map((c) => {
        const r = results.get(`${s.name}@${c}`);
        return r
          ? [s.name, String(c), ms(r.p50), ms(r.p99), r.rps.toFixed(0), String(r.errors)]
          : [s.name, String(c), 'not available', '', '', ''];
      }),
    );
    const header = ['endpoint', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'errors'];
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
    );
    const line = (cells: string[]) =>
      cells
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ');
    console.log('');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    console.log('');
    const health = results.get(`${scenarios[0]?.name}@32`);
    for (const s of scenarios.slice(1)) {
      const r = results.get(`${s.name}@32`);
      if (health && r) {
        console.log(
          `${s.name}: p99 / health p99 at 32 clients = ${(r.p99 / health.p99).toFixed(1)}× (aim: ≤ 4×)`,
        );
      }
    }

    log(
      'booking: a consultant with 500 meetings in the next 90 days, then 32 clients racing for 20 slots',
    );
    const booking = await benchBooking({
      url,
      databaseUrl,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      log,
    });
    console.log('');
    console.log(line(['endpoint', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'errors']));
    for (const c of CONCURRENCY) {
      const r = booking.slots[c];
      console.log(
        line([
          'slots of a busy consultant',
          String(c),
          ms(r.p50),
          ms(r.p99),
          r.rps.toFixed(0),
          String(r.errors),
        ]),
      );
    }
    console.log(
      line([
        'booking race (20 slots)',
        '32',
        ms(booking.race.p50),
        ms(booking.race.p99),
        '',
        String(booking.race.errors),
      ]),
    );
    console.log('');
    console.log(
      `booking race: ${booking.race.booked} booked, ${booking.race.refused} refused with 409; slots holding two live meetings: ${booking.doubleBooked}`,
    );
    if (booking.doubleBooked > 0 || booking.race.booked !== 20) {
      throw new Error('the booking race broke the single-booking rule');
    }
    log(`done in ${((performance.now() - total) / 1000).toFixed(0)} s`);
  } finally {
    if (server?.connected) server.disconnect();
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
