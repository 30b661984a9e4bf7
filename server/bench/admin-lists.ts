import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema/index.ts';
import { loadBenchMeetings } from './admin-data.ts';
import { besideHealth } from './beside-health.ts';
import type { Aim, BenchContext, Measurement, Row } from './measurement.ts';

/**
 * A1: the admin bookings list and the dashboard over the shared database (100,000
 * consultants, 20,000 franchises) with 200,000 meetings and their payments added
 * (admin-data.ts), at 8 clients; each scenario right after the health check it is compared with
 * (aim: p99 ≤ 4 × the health check's p99). The list is read on its first page and on a deep one,
 * without filters, with a search (a different word every request) and with a month's dates.
 */

const CLIENTS = 8;
const MEETINGS = Number(process.env.BENCH_MEETINGS ?? 200_000);
const LIMIT = 10;
/** Words that hit consultants' and franchisors' names and e-mails and franchise names. */
const WORDS = ['smith', 'garcia', 'apex', 'harbor', 'lee', 'morgan', 'summit', 'kelly', 'nest'];
const MONTHS_BACK = 12;

/** The UTC month `k` months before now, as the list's startDate/endDate (bare dates). */
function month(k: number): { startDate: string; endDate: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k + 1, 0));
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

const list = (query: Record<string, string | number>) =>
  `/api/admin/sessions?${new URLSearchParams(
    Object.entries({ ...query, limit: LIMIT }).map(([k, v]) => [k, String(v)]),
  )}`;

const GRAPHS = (['meetings', 'revenue', 'signups'] as const).flatMap((type) =>
  (['week', 'month', 'year'] as const).map(
    (period) => `/api/admin/dashboard-graph?type=${type}&period=${period}`,
  ),
);

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * An admin: a franchisor signed up through the API and made an admin in the database (what
 * `ADMIN_EMAIL` would do at start; the shared server is already up).
 */
async function signInAdmin(ctx: BenchContext): Promise<string> {
  const { url, databaseUrl } = await ctx.server();
  const email = `bench-admin-${Date.now()}@bench.example`;
  const signedUp = await json(
    await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        email,
        password: 'Bench-Pass-2025!',
        firstName: 'Bench',
        lastName: 'Admin',
        role: 'franchisor',
        ageConfirmed: true,
      }),
    }),
  );
  const database = await openDatabase({ url: databaseUrl });
  try {
    await database.db
      .update(user)
      .set({ role: 'admin', franchiseId: null, isVerified: true })
      .where(eq(user.email, email));
  } finally {
    database.close();
  }
  return String(signedUp.token);
}

interface Scenario {
  name: string;
  path: (n: number) => string;
}

export const a1AdminLists: Measurement = {
  id: 'A1',
  title: 'admin bookings list and dashboard at 200,000 meetings, 8 clients',
  async prepareData(db, counts, log) {
    log(`adding ${MEETINGS.toLocaleString('en-US')} meetings with their payments`);
    await loadBenchMeetings(db, {
      meetings: MEETINGS,
      consultants: counts.consultants,
      franchises: counts.franchises,
      now: Date.now(),
      log,
    });
  },
  async run(ctx) {
    const { url } = await ctx.server();
    const token = await signInAdmin(ctx);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => json(await fetch(`${url}${path}`, { headers }));
    const lastPage = async (query: Record<string, string | number>) =>
      Math.max(1, Math.ceil(Number((await get(list({ ...query, page: 1 }))).total) / LIMIT));

    const total = Number((await get(list({ page: 1 }))).total);
    ctx.log(`the bookings list holds ${total} meetings`);
    const deepSearch = await Promise.all(WORDS.map((search) => lastPage({ search })));
    const months = Array.from({ length: MONTHS_BACK }, (_, k) => month(k + 1));
    const deepMonth = await Promise.all(months.map((m) => lastPage(m)));
    const pick = <T>(xs: T[], n: number) => xs[n % xs.length] as T;

    const scenarios: Scenario[] = [
      { name: 'bookings, page 1', path: () => list({ page: 1 }) },
      { name: 'bookings, last page', path: () => list({ page: Math.ceil(total / LIMIT) }) },
      { name: 'bookings, search, page 1', path: (n) => list({ search: pick(WORDS, n), page: 1 }) },
      {
        name: 'bookings, search, last page',
        path: (n) => list({ search: pick(WORDS, n), page: pick(deepSearch, n) }),
      },
      { name: 'bookings, a month, page 1', path: (n) => list({ ...pick(months, n), page: 1 }) },
      {
        name: 'bookings, a month, last page',
        path: (n) => list({ ...pick(months, n), page: pick(deepMonth, n) }),
      },
      { name: 'dashboard', path: () => '/api/admin/dashboard' },
      { name: 'dashboard graph (9 variants)', path: (n) => pick(GRAPHS, n) },
    ];

    const rows: Row[] = [];
    const aims: Aim[] = [];
    for (const s of scenarios) {
      const measured = await besideHealth(ctx, s.name, {
        url,
        path: s.path,
        connections: CLIENTS,
        headers,
      });
      const { health, result } = measured;
      rows.push(...measured.rows);
      aims.push({
        id: 'A1',
        label: `${s.name}: p99 / health p99`,
        // Errors never pass, nor a run in which no answer came back (a server still busy).
        measured:
          result.errors || result.requests === 0 || health.requests === 0
            ? Number.POSITIVE_INFINITY
            : result.p99 / health.p99,
        aim: 4,
        kind: 'max',
        unit: '×',
        detail: `p99 ${result.p99} ms / health p99 ${health.p99} ms (${result.requests} answers)`,
      });
    }
    return { aims, rows };
  },
};
