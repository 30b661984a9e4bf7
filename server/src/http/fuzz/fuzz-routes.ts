import { ERROR_CODES } from '@fm/sdk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiPath } from '../../openapi/document.ts';
import { apiRoutes, routeKey } from '../../testing/api-routes.ts';
import { changedTables } from '../../testing/db-watch.ts';
import { type ActorName, type RouteWorld, watchedRouteWorld } from '../../testing/route-world.ts';
import { TEST_PASSWORD } from '../../testing/test-server.ts';
import { fuzzArbitraries, toRequest } from './fuzz-inputs.ts';

/**
 * Generated calls per route and caller (rule 7): the 3,000, or `FUZZ_RUNS` (a smaller figure
 * for a quick local look). Measured in CI at 3,000 (session 5): 332 s of CPU as guest, 886 s as
 * consultant, most of the difference the watch hashing every table in JavaScript after each of
 * its 6,168 writes; the hashing now runs inside SQLite (at 300 runs as consultant: 62 → 48 s).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);

/**
 * Tables a refused call may still write, each for a reason of its own: a refused sign-in or
 * sign-up is counted by the rate limiter (that is its job), and a valid embed key's last use is
 * stamped before the route decides (rule 18's "see last use").
 */
const WRITES_ON_REFUSAL: Record<string, string> = {
  rate_limit: 'refused sign-ins and sign-ups count toward the limits',
  api_key: 'last use of a valid key is stamped before the route answers',
  idempotency_key: "a keyed POST's answer, a refusal too, is kept for replays (idempotency.ts)",
};

const KNOWN_CODES = new Set(Object.keys(ERROR_CODES));
/** better-auth answers these itself, in its own error shape. */
const ownShape = (path: string) => path.startsWith('/api/auth/sign-');

/**
 * Rule 7: every route, called `FUZZ_RUNS` times by `role` with generated ids, queries, headers and
 * bodies through the in-process app, answers below 500 (refusals in rule 7's shape), and no refused
 * call (status ≥ 400) changes a table. The database is watched from its own connection:
 * `PRAGMA data_version` tells cheaply whether anything was committed, and only then are the
 * tables hashed to see which.
 */
export function fuzzEveryRoute(role: ActorName) {
  const watched = watchedRouteWorld();

  describe(`fuzz as ${role}`, () => {
    it(`answers ${FUZZ_RUNS} generated calls per route below 500 and refuses without writing`, async () => {
      const { world, watch } = watched;
      const app = world.server.container.app;
      const routes = apiRoutes(app);
      expect(routes.length).toBeGreaterThan(100);
      // Every answer's status is one the reference lists for its operation (decision 015).
      const { paths } = buildOpenApiDocument(app.routes).document;
      const documented = (method: string, path: string) =>
        Object.keys(
          (paths[openApiPath(path)]?.[method.toLowerCase()] as { responses?: object } | undefined)
            ?.responses ?? {},
        );
      let version = await watch.version();
      let signature = await watch.signature();
      const tally = { calls: 0, refused: 0, wrote: 0 };
      const cpu = process.cpuUsage();
      const wall = performance.now();

      for (const route of routes) {
        // Signing in again writes a session: the baseline of each route is taken after it.
        if (await ensureSignedIn(world, role)) {
          version = await watch.version();
          signature = await watch.signature();
        }
        const token = world.tokenOf(role);
        const inputs = fuzzArbitraries(world.ids, token);
        const listed = documented(route.method, route.path);
        await fc.assert(
          fc.asyncProperty(inputs, async (input) => {
            const { url, init } = toRequest(route.method, route.path, input);
            const res = await app.request(url, init);
            const text = await res.text();
            tally.calls += 1;
            const where = `${routeKey(route)} as ${role}: ${res.status} ${text.slice(0, 300)}`;
            expect(res.status, where).toBeLessThan(500);
            expect(listed, `not in the reference: ${where}`).toContain(String(res.status));
            if (res.status >= 400) {
              tally.refused += 1;
              if (!ownShape(route.path) && res.headers.get('content-type')?.includes('json')) {
                const body = JSON.parse(text) as { message?: unknown; code?: unknown };
                expect(typeof body.message, where).toBe('string');
                expect(KNOWN_CODES.has(String(body.code)), where).toBe(true);
              }
            }
            const now = await watch.version();
            if (now === version) return;
            const next = await watch.signature();
            if (res.status >= 400) {
              const changed = changedTables(signature, next).filter(
                (t) => !(t in WRITES_ON_REFUSAL),
              );
              expect(changed, `a refused call wrote: ${where}`).toEqual([]);
            } else {
              tally.wrote += 1;
            }
            version = now;
            signature = next;
          }),
          { numRuns: FUZZ_RUNS, seed: seedOf(`${role} ${routeKey(route)}`), endOnFailure: true },
        );
      }
      const used = process.cpuUsage(cpu);
      const cpuMs = Math.round((used.user + used.system) / 1000);
      console.info(
        `fuzz as ${role}: ${tally.calls} calls (${tally.refused} refused, ${tally.wrote} writes) in ` +
          `${Math.round(performance.now() - wall)} ms, ${cpuMs} ms of CPU`,
      );
    }, 3_600_000);
  });
}

/** The same inputs every run for one role and route (a failure is reproducible). */
const seedOf = (text: string) => {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash | 0;
};

/**
 * Signs the caller in again when an earlier route ended its session (sign-out, a password
 * change, deletion is last): the next route should be fuzzed with live credentials.
 */
async function ensureSignedIn(world: RouteWorld, role: ActorName): Promise<boolean> {
  if (role === 'guest') return false;
  const actor = world.actors[role];
  const me = await world.server.container.app.request('http://localhost/api/auth/me', {
    headers: { authorization: `Bearer ${actor.token}` },
  });
  if (me.status === 200) return false;
  const res = await world.server.container.app.request('http://localhost/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: actor.email, password: TEST_PASSWORD }),
  });
  if (res.ok) actor.token = ((await res.json()) as { token: string }).token;
  return true;
}
