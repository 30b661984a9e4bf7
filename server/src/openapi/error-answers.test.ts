import { API_VERSION_HEADER } from '@fm/sdk/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzArbitraries, toRequest } from '../http/fuzz/fuzz-inputs.ts';
import { type ApiRoute, apiRoutes, routeKey } from '../testing/api-routes.ts';
import { ACTORS, buildRouteWorld, type RouteWorld } from '../testing/route-world.ts';
import { TEST_PASSWORD } from '../testing/test-server.ts';
import { openApiPath } from './document.ts';
import { documentedErrors, ERROR_STATUSES } from './error-answers.ts';

/** Generated calls per route and caller, on top of the fixed ones (`ERROR_WALK_RUNS` overrides). */
const RUNS = Number(process.env.ERROR_WALK_RUNS ?? 12);

type Operation = { responses: Record<string, unknown> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: object } };
};

let world: RouteWorld;
beforeAll(async () => {
  world = await buildRouteWorld();
}, 120_000);
afterAll(() => world?.server.close());

/** What was seen per route: each status with one example of its answer. */
const seen = new Map<string, Map<number, string>>();
/** Error answers whose body is not the document's error shape. */
const misshapen: string[] = [];
let isErrorShape: ((body: unknown) => boolean) | undefined;

/** Sends one call over real HTTP and records its status under `route`. */
async function send(route: ApiRoute, path: string, init: RequestInit): Promise<number> {
  const res = await fetch(`${world.server.url}${path}`, { ...init, redirect: 'manual' });
  const text = await res.text();
  const key = routeKey(route);
  const statuses = seen.get(key) ?? new Map<number, string>();
  if (!statuses.has(res.status)) {
    statuses.set(res.status, `${init.method} ${path}: ${text.slice(0, 160)}`);
  }
  seen.set(key, statuses);
  if (res.status >= 400 && isErrorShape) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    if (!isErrorShape(body) && misshapen.length < 20) {
      misshapen.push(`${key} ${res.status}: ${text.slice(0, 160)}`);
    }
  }
  return res.status;
}

/** Signs `name` in again when an earlier call ended their session (a sign-out, a password change). */
async function signInAgain(name: Exclude<(typeof ACTORS)[number], 'guest'>) {
  const actor = world.actors[name];
  const me = await fetch(`${world.server.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${actor.token}` },
  });
  if (me.status === 200) return;
  const res = await fetch(`${world.server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: actor.email, password: TEST_PASSWORD }),
  });
  if (res.ok) actor.token = ((await res.json()) as { token: string }).token;
}

/** The franchise's endpoint and a delivery of it, the previous pair deleted (10 at most). */
let hook: { endpoint: string; delivery: string } | undefined;
async function freshHook(): Promise<{ endpoint: string; delivery: string }> {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${world.actors.franchisor.token}`,
  };
  const url = `${world.server.url}/api/webhooks/endpoints`;
  if (hook) await fetch(`${url}/${hook.endpoint}`, { method: 'DELETE', headers });
  const created = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks', events: ['meeting.booked'] }),
  });
  expect(created.status).toBe(201);
  const endpoint = ((await created.json()) as { id: string }).id;
  const sent = await fetch(`${url}/${endpoint}/test`, { method: 'POST', headers, body: '{}' });
  expect(sent.status).toBe(201);
  hook = { endpoint, delivery: ((await sent.json()) as { id: string }).id };
  return hook;
}

const seedOf = (text: string) => {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash | 0;
};

describe('every answer the API gives is one its operation documents', () => {
  it('walks every route as every caller, with bad input, unknown ids and spent limits', async () => {
    const routes = apiRoutes(world.server.container.app);
    expect(routes.length).toBeGreaterThan(100);
    const document = (await (
      await fetch(`${world.server.url}/api/openapi.json`)
    ).json()) as Document;
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(document.components.schemas.Error);
    isErrorShape = (body) => validate(body) === true;
    const concrete = (path: string, id: string) => path.replace(/:[A-Za-z]+/g, id);

    // A secret key with a scope few routes need: every other route refuses it (403), and an
    // unknown key is 401 everywhere.
    const created = await fetch(`${world.server.url}/api/users/api-keys`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${world.actors.franchisor.token}`,
      },
      body: JSON.stringify({ kind: 'secret', name: 'Walk', scopes: ['meetings:read'] }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const hookKey = await fetch(`${world.server.url}/api/users/api-keys`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${world.actors.franchisor.token}`,
      },
      body: JSON.stringify({ kind: 'secret', name: 'Hooks', scopes: ['webhooks:manage'] }),
    });
    expect(hookKey.status).toBe(201);
    const webhookSecret = ((await hookKey.json()) as { secret: string }).secret;

    for (const route of routes) {
      // Fixed calls: no credentials; a version not served; an unknown and a scoped secret key;
      // each caller with an unknown id and an empty body.
      const unknown = concrete(route.path, 'no-such-id');
      const jsonBody = route.method === 'GET' ? {} : { body: '{}' };
      const jsonType = { 'content-type': 'application/json' };
      await send(route, unknown, { method: route.method, headers: jsonType, ...jsonBody });
      await send(route, unknown, {
        method: route.method,
        headers: { ...jsonType, [API_VERSION_HEADER]: '1999-01-01' },
        ...jsonBody,
      });
      for (const key of [secret, 'sk_not_a_key']) {
        await send(route, unknown, {
          method: route.method,
          headers: { ...jsonType, authorization: `Bearer ${key}` },
          ...jsonBody,
        });
      }
      // Webhook routes reach their rules only with a real endpoint or delivery: each caller (and
      // a key with the scope) calls one of the franchise's, with an empty and a wrong body.
      if (/\/webhooks\/(endpoints|deliveries)\/:id/.test(route.path)) {
        await signInAgain('franchisor');
        const { endpoint, delivery } = await freshHook();
        const path = concrete(
          route.path,
          route.path.includes('/deliveries/') ? delivery : endpoint,
        );
        const callers = [...ACTORS.map((name) => world.tokenOf(name)), webhookSecret];
        for (const token of callers) {
          for (const body of ['{}', '{"url":"ftp://x","events":["nope"],"enabled":"yes"}']) {
            await send(route, path, {
              method: route.method,
              headers: { ...jsonType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
              ...(route.method === 'GET' ? {} : { body }),
            });
          }
        }
      }
      for (const name of ACTORS) {
        if (name !== 'guest') await signInAgain(name);
        const token = world.tokenOf(name);
        const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        await send(route, unknown, {
          method: route.method,
          headers: { ...jsonType, ...auth },
          ...jsonBody,
        });
        // Generated calls: ids of the world's objects and random ones, odd queries, headers and
        // bodies (the route fuzz's inputs), the same every run.
        const inputs = fc.sample(fuzzArbitraries(world.ids, token), {
          numRuns: RUNS,
          seed: seedOf(`${name} ${routeKey(route)}`),
        });
        for (const input of inputs) {
          const { url, init } = toRequest(route.method, route.path, input);
          await send(route, url.replace('http://localhost', ''), init);
        }
      }
    }

    // A spent limit: support requests from one address or e-mail are limited per hour (429).
    const support = routes.find((r) => routeKey(r) === 'POST /api/users/support-request');
    if (!support) throw new Error('no support-request route');
    let limited = false;
    for (let attempt = 0; attempt < 20 && !limited; attempt += 1) {
      const status = await send(support, support.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'walk@test.example', details: 'Walking the routes.' }),
      });
      limited = status === 429;
    }
    expect(limited, 'support requests are limited').toBe(true);

    const undocumented: string[] = [];
    const errorsSeen = new Set<number>();
    for (const route of routes) {
      const path = openApiPath(route.path);
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const statuses = seen.get(routeKey(route)) ?? new Map<number, string>();
      expect(statuses.size, `${routeKey(route)} was called`).toBeGreaterThan(0);
      for (const [status, example] of statuses) {
        if (status >= 400) errorsSeen.add(status);
        if (!operation?.responses[String(status)]) {
          undocumented.push(`${route.method} ${path} ${status} — ${example}`);
        }
      }
    }
    // The webhook calls reached their rules with the franchise's own endpoint and delivery.
    for (const [key, status] of [
      ['PATCH /api/webhooks/endpoints/:id', 200],
      ['PATCH /api/webhooks/endpoints/:id', 400],
      ['POST /api/webhooks/deliveries/:id/replay', 200],
      ['PATCH /api/admin/webhooks/endpoints/:id', 200],
    ] as const) {
      expect(seen.get(key)?.has(status), `${key} answered ${status}`).toBe(true);
    }
    expect(undocumented, 'answers whose status the document does not list').toEqual([]);
    expect(misshapen, 'error answers not in the documented error shape').toEqual([]);
    // The walk provokes the common refusals, so a document that listed none would fail above.
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(errorsSeen.has(status), `some route answered ${status}`).toBe(true);
    }
  }, 900_000);

  it('derives what any request may meet, 404 for an id, idempotency, uploads and the route’s own', () => {
    const anyRequest = [400, 401, 403, 413, 429];
    expect(documentedErrors('GET', '/api/health', undefined)).toEqual(anyRequest);
    expect(documentedErrors('GET', '/api/session/{id}', undefined)).toEqual([
      400, 401, 403, 404, 413, 429,
    ]);
    expect(documentedErrors('POST', '/api/session', { errors: [402] })).toEqual([
      400, 401, 402, 403, 409, 413, 422, 429,
    ]);
    expect(documentedErrors('POST', '/api/chats/upload', undefined)).toContain(415);
    for (const route of apiRoutes(world.server.container.app)) {
      for (const status of documentedErrors(route.method, openApiPath(route.path), undefined)) {
        expect(ERROR_STATUSES).toContain(status);
      }
    }
  });
});
