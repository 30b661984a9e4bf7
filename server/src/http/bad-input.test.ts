import { ERROR_CODES } from '@fm/sdk/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { DEMO_USER_IDS } from '../seed/demo-data.ts';
import { seedIfEmpty } from '../seed/seed-if-empty.ts';
import { type ApiRoute, apiRoutes as allApiRoutes, concrete } from '../testing/api-routes.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Bad input never gets a 500: every route of the API, called by a guest and by each role with
 * malformed bodies, wrong types, odd path ids and nonsense queries, answers below 500 and, when it
 * refuses, in rule 7's error shape with a known code and messages in words, not the validator's.
 */

let server: TestServer;
const tokens: Record<'guest' | 'franchisor' | 'consultant' | 'admin', string | undefined> = {
  guest: undefined,
  franchisor: undefined,
  consultant: undefined,
  admin: undefined,
};

beforeAll(async () => {
  server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
  // Fresh accounts for the signed-in roles: some routes delete or sign out their caller.
  tokens.franchisor = (await server.signUp('franchisor')).token;
  tokens.consultant = (await server.signUp('consultant')).token;
  const admin = await server.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD }),
  });
  tokens.admin = ((await admin.json()) as { token: string }).token;
}, 60_000);
afterAll(async () => {
  await server.close();
});

const ODD_IDS = [
  'x',
  '0',
  '-1',
  "'%3B%20drop%20table%20user%3B--",
  '%F0%9F%92%A9',
  'a'.repeat(300),
  '%00',
  DEMO_USER_IDS.consultant,
  DEMO_USER_IDS.franchisor,
];

const ODD_QUERY = new URLSearchParams({
  page: '-1',
  limit: 'abc',
  status: 'zzz',
  date: '2026-02-30',
  timezone: 'Mars/Base',
  from: 'not-a-date',
  q: '"(*',
  sort: 'nope',
  industry: 'nope',
  rateMin: '-5',
  rateMax: '1e309',
  period: 'century',
  role: 'admin',
  consultantId: '%00',
  calendar: 'myspace',
  token: 'x',
  before: 'no-such-message',
}).toString();

const WRONG_TYPES = JSON.stringify({
  email: 5,
  password: [],
  oldPassword: {},
  firstName: { a: 1 },
  status: {},
  start: 'x',
  end: 5,
  timeZone: 1,
  consultantId: null,
  rating: 'five',
  comment: 7,
  promoCode: 7,
  paymentMethodId: {},
  isDefault: 'yes',
  participants: 3,
  text: { html: '<b>' },
  attachmentIds: 'x',
  weeklyHours: 'all',
  meetingLengths: [-15, 'a'],
  token: [],
});

/** Fixed-seed random JSON documents: the same run every time. */
const RANDOM_BODIES = fc.sample(fc.json({ maxDepth: 3 }), { numRuns: 4, seed: 20261122 });

const BODIES: { contentType: string; body: string }[] = [
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '"text"' },
  { contentType: 'application/json', body: WRONG_TYPES },
  { contentType: 'application/json', body: JSON.stringify({ a: 'x'.repeat(100_000) }) },
  { contentType: 'text/plain', body: 'plain words' },
  { contentType: 'multipart/form-data; boundary=nope', body: '--broken\r\n\r\n' },
  ...RANDOM_BODIES.map((body) => ({ contentType: 'application/json', body })),
];

type Route = ApiRoute;
const apiRoutes = () => allApiRoutes(server.container.app);

const KNOWN_CODES = new Set(Object.keys(ERROR_CODES));
/** valibot's own wording, which a refusal never passes on (http/issue-messages.ts). */
const VALIBOT_WORDING = /^Invalid [a-z ]+: (Expected .+ but r|R)eceived /;

/** The refusal's message and field messages, when it has a JSON body. */
function messagesOf(text: string): unknown[] {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, unknown> };
    return [body.message, ...Object.values(body.errors ?? {})];
  } catch {
    return [];
  }
}

async function expectNoServerError(route: Route, path: string, init: RequestInit, token?: string) {
  const res = await server.fetch(path, {
    ...init,
    method: route.method,
    ...(token ? { token } : {}),
  });
  const text = await res.text();
  const sent = typeof init.body === 'string' ? ` with ${init.body.slice(0, 60)}` : '';
  const where = `${route.method} ${path.slice(0, 120)}${sent} (${token ? 'signed in' : 'guest'})`;
  expect(res.status, `${where}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    for (const message of messagesOf(text)) expect(message, where).not.toMatch(VALIBOT_WORDING);
  }
  if (res.status >= 400 && !route.path.startsWith('/api/auth/sign-')) {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    expect(typeof body.message, where).toBe('string');
    expect(KNOWN_CODES.has(String(body.code)), `${where}: code ${String(body.code)}`).toBe(true);
  }
}

describe('bad input never gets a 500', () => {
  it('knows the routes it covers', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/session' });
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/users' });
    for (const chatRoute of [
      'GET /api/chats',
      'POST /api/chats',
      'GET /api/chats/:id',
      'POST /api/chats/:id/messages',
      'POST /api/chats/:id/read',
      'POST /api/chats/upload',
      'GET /api/chats/attachments/:id',
    ]) {
      const [method, path] = chatRoute.split(' ');
      expect(routes).toContainEqual({ method, path });
    }
  });

  for (const role of ['guest', 'consultant', 'franchisor', 'admin'] as const) {
    it(`answers every route with a clear refusal, not a crash (${role})`, async () => {
      const token = tokens[role];
      for (const route of apiRoutes()) {
        const ids = route.path.includes(':') ? ODD_IDS : [''];
        for (const id of ids) {
          const path = concrete(route.path, id);
          await expectNoServerError(route, `${path}?${ODD_QUERY}`, {}, token);
          if (route.method === 'GET') continue;
          for (const { contentType, body } of BODIES) {
            await expectNoServerError(
              route,
              path,
              { body, headers: { 'content-type': contentType } },
              token,
            );
          }
        }
      }
    }, 120_000);
  }
});
