import {
  AUTH_HEADERS,
  type CreatedApiKey,
  EMBED_KEY_HEADER,
  EMBED_SESSION_PREFIX,
  type EmbedSession,
  ERROR_CODES,
  type Session,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, embedSession, refreshToken, session } from '../../db/schema/index.ts';
import { apiRoutes, concrete, routeKey } from '../../testing/api-routes.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';
import {
  book,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';
import { embedRuleFor } from './embed-scope.ts';
import { RENEWAL_GRACE_MS } from './embed-sessions.ts';

// A clock before the real date, so that account sessions made now stay valid under it; moved
// forward by the tests that need time to pass.
const START = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
let clock = START;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const BRAND = 'https://brand.example';

let server: TestServer;
let owner: Awaited<ReturnType<typeof makeFranchisor>>;
let colleague: Awaited<ReturnType<typeof makeFranchisor>>;
let attacker: Awaited<ReturnType<typeof makeFranchisor>>;
let consultant: Awaited<ReturnType<typeof makeConsultant>>;
let key: CreatedApiKey;
let attackerKey: CreatedApiKey;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  owner = await makeFranchisor(server, { company: 'Embed Bakery' });
  colleague = await makeFranchisor(server, { franchiseId: owner.franchiseId });
  attacker = await makeFranchisor(server, { company: 'Evil Corp' });
  consultant = await makeConsultant(server, {
    settings: { timeZone: 'America/New_York', weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
  });
  key = await createKey(owner.token, [BRAND, 'http://localhost:8790']);
  attackerKey = await createKey(attacker.token, ['https://evil.example']);
});
afterAll(() => server.close());

async function createKey(token: string, allowedOrigins: string[]): Promise<CreatedApiKey> {
  const res = await server.fetch('/api/users/api-keys', {
    method: 'POST',
    token,
    body: json({ kind: 'publishable', name: 'Website', allowedOrigins }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiKey;
}

/** The popup's sign-in (on the product's own origin, no key header). */
const popupSignIn = (email: string, withKey = key, origin = BRAND) =>
  server.fetch('/api/embed/sign-in', {
    method: 'POST',
    body: json({ key: withKey.key, origin, email, password: TEST_PASSWORD }),
  });

/** Signs in through the popup and allows the key when asked: an active embed session. */
async function embedSignIn(email = owner.email, withKey = key, origin = BRAND) {
  const res = await popupSignIn(email, withKey, origin);
  expect(res.status, await res.clone().text()).toBe(200);
  const signedIn = (await res.json()) as EmbedSession;
  if (!signedIn.consentRequired) return signedIn;
  const allowed = await server.fetch('/api/embed/consent', {
    method: 'POST',
    token: signedIn.token,
  });
  expect(allowed.status, await allowed.clone().text()).toBe(200);
  return (await allowed.json()) as EmbedSession;
}

/** A call as the partner page's element makes it: its origin, its key, the embed session. */
const fromElement = (
  path: string,
  token: string,
  init: RequestInit & { key?: string | null; origin?: string } = {},
) => {
  const headers = new Headers(init.headers);
  headers.set('origin', init.origin ?? BRAND);
  const sent = init.key === undefined ? key.key : init.key;
  if (sent) headers.set(EMBED_KEY_HEADER, sent);
  return server.fetch(path, { ...init, headers, token });
};

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('the popup’s sign-in (decision 029)', () => {
  it('yields an embed session, never an account token: no refresh token, no account session', async () => {
    const sessionsBefore = (await server.container.db.select().from(session)).length;
    const refreshBefore = (await server.container.db.select().from(refreshToken)).length;
    const res = await popupSignIn(owner.email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as EmbedSession & { refreshToken?: string };
    expect(body.token.startsWith(EMBED_SESSION_PREFIX)).toBe(true);
    expect(body.refreshToken).toBeUndefined();
    expect(body.user).toMatchObject({ id: owner.id, role: 'franchisor' });
    expect((await server.container.db.select().from(session)).length).toBe(sessionsBefore);
    expect((await server.container.db.select().from(refreshToken)).length).toBe(refreshBefore);
  });

  it('asks for consent once per key: until allowed the token works for nothing else', async () => {
    const first = (await (await popupSignIn(colleague.email)).json()) as EmbedSession;
    expect(first.consentRequired).toBe(true);
    // Not usable before the visitor allows the key.
    expect((await fromElement('/api/chats', first.token)).status).toBe(401);
    const allowed = await server.fetch('/api/embed/consent', {
      method: 'POST',
      token: first.token,
    });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as EmbedSession).consentRequired).toBe(false);
    expect((await fromElement('/api/chats', first.token)).status).toBe(200);
    // Once allowed it is an embed session like any other: the popup's consent call is not one of
    // the elements' calls.
    const twice = await server.fetch('/api/embed/consent', { method: 'POST', token: first.token });
    expect(await codeOf(twice)).toBe('EMBED_SCOPE');

    // The same key again: not asked.
    const again = (await (await popupSignIn(colleague.email)).json()) as EmbedSession;
    expect(again.consentRequired).toBe(false);
    expect((await fromElement('/api/chats', again.token)).status).toBe(200);

    // Another key of the same franchise: asked again (consent is per user and key).
    const other = await createKey(owner.token, ['https://shop.brand.example']);
    const onOther = await popupSignIn(colleague.email, other, 'https://shop.brand.example');
    expect(((await onOther.json()) as EmbedSession).consentRequired).toBe(true);
  });

  it('refuses admins, consultants and members of other franchises, saying why', async () => {
    const adminEmail = `admin-${crypto.randomUUID().slice(0, 8)}@test.example`;
    await server.container.accounts.ensureAdmin(adminEmail, TEST_PASSWORD);
    const sessionsBefore = (await server.container.db.select().from(session)).length;
    const refreshBefore = (await server.container.db.select().from(refreshToken)).length;
    for (const email of [adminEmail, consultant.email]) {
      const res = await popupSignIn(email);
      expect(res.status, email).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Admins and consultants cannot sign in on partner sites. Sign in on Franchise Meet itself.',
      );
    }
    // An attacker's own key reaches only the attacker's own franchise.
    const victim = await popupSignIn(owner.email, attackerKey, 'https://evil.example');
    expect(victim.status).toBe(403);
    expect(((await victim.json()) as { message: string }).message).toBe(
      'Only members of Evil Corp can sign in on this site. Use Franchise Meet itself instead.',
    );
    const outsider = await popupSignIn(attacker.email);
    expect(outsider.status).toBe(403);
    // Nothing was issued to any of them, and no account session was left behind.
    const rows = await server.container.db.select().from(embedSession);
    expect(rows.filter((r) => r.userId === consultant.id || r.userId === attacker.id)).toEqual([]);
    expect((await server.container.db.select().from(session)).length).toBe(sessionsBefore);
    expect((await server.container.db.select().from(refreshToken)).length).toBe(refreshBefore);
  });

  it('refuses a wrong password, a revoked or unknown key and an origin the key does not allow', async () => {
    const wrong = await server.fetch('/api/embed/sign-in', {
      method: 'POST',
      body: json({ key: key.key, origin: BRAND, email: owner.email, password: 'Nope-Nope-1!' }),
    });
    expect(wrong.status).toBe(401);
    expect(await codeOf(wrong)).toBe('INVALID_CREDENTIALS');
    expect(
      await codeOf(
        await popupSignIn(owner.email, { ...key, key: 'pk_not_a_key' } as CreatedApiKey),
      ),
    ).toBe('EMBED_KEY_INVALID');
    expect(await codeOf(await popupSignIn(owner.email, key, 'https://elsewhere.example'))).toBe(
      'EMBED_ORIGIN_NOT_ALLOWED',
    );
  });
});

describe('an embed session (decision 029)', () => {
  it('makes the elements’ calls with its key: lists, slots, booking and cancelling through the key, chats, notifications, promotions, its own realtime room', async () => {
    const { token, user } = await embedSignIn();
    expect((await fromElement('/api/users?role=consultant', token)).status).toBe(200);
    expect((await fromElement('/api/users/filters', token)).status).toBe(200);
    expect((await fromElement(`/api/users/profile/${consultant.id}`, token)).status).toBe(200);
    expect(
      (
        await fromElement(
          `/api/booking/consultant/${consultant.id}/slots?date=2026-03-03&timezone=America/New_York`,
          token,
        )
      ).status,
    ).toBe(200);
    const booked = await fromElement('/api/session', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json({
        consultantId: consultant.id,
        start: '2026-03-03T15:00:00.000Z',
        end: '2026-03-03T15:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const meeting = (await booked.json()) as Session;
    expect(meeting.apiKeyId).toBe(key.id);
    expect((await fromElement('/api/chats', token)).status).toBe(200);
    expect((await fromElement('/api/chats/messages/unread-count', token)).status).toBe(200);
    expect((await fromElement('/api/users/notifications', token)).status).toBe(200);
    expect((await fromElement('/api/users/promotions', token)).status).toBe(200);
    const ticket = await fromElement('/api/realtime/ticket', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json({ room: `user-${user.id}` }),
    });
    expect(ticket.status, await ticket.clone().text()).toBe(200);
    const cancelled = await fromElement(`/api/session/${meeting.id}`, token, { method: 'DELETE' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  });

  it('is refused with 403 EMBED_SCOPE by every other route: the account, admin and API-key routes among them', async () => {
    const { token } = await embedSignIn();
    for (const [method, path] of [
      ['PATCH', '/api/users'],
      ['GET', '/api/users/profile'],
      ['PATCH', '/api/users/password'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/users/api-keys'],
      ['GET', '/api/users/api-keys'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/users/payment-method'],
    ] as const) {
      const res = await fromElement(path, token, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: json({ firstName: 'Mallory' }) }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json(), `${method} ${path}`).toEqual({
        code: 'EMBED_SCOPE',
        message: ERROR_CODES.EMBED_SCOPE.message,
      });
    }
    // Every mounted route the elements do not call, in process.
    const app = server.container.app;
    const refused: string[] = [];
    for (const route of apiRoutes(app)) {
      const path = concrete(route.path, 'x');
      if (embedRuleFor(route.method, path)) continue;
      const res = await app.request(`http://localhost${path}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${token}`,
          origin: BRAND,
          [EMBED_KEY_HEADER]: key.key,
          'content-type': 'application/json',
        },
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body: '{}' }),
      });
      const code = res.status === 403 ? await codeOf(res) : String(res.status);
      if (code !== 'EMBED_SCOPE') refused.push(`${routeKey(route)}: ${code}`);
    }
    expect(refused).toEqual([]);
    // Inside the allowed routes, what is not the elements' own: a meeting room's ticket, and a
    // meeting booked without the key.
    const room = await fromElement('/api/realtime/ticket', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json({ room: 'meeting-1' }),
    });
    expect(await codeOf(room)).toBe('EMBED_SCOPE');
    const direct = await book(server, owner.token, {
      consultantId: consultant.id,
      start: '2026-03-03T17:00:00.000Z',
      end: '2026-03-03T17:30:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(direct.status).toBe(201);
    const cancel = await fromElement(`/api/session/${direct.body.id}`, token, { method: 'DELETE' });
    expect(await codeOf(cancel)).toBe('EMBED_SCOPE');
  });

  it('never works without its key, nor with another key, nor from an origin the key does not allow', async () => {
    const { token } = await embedSignIn();
    const bare = await fromElement('/api/chats', token, { key: null });
    expect(bare.status).toBe(403);
    expect(await codeOf(bare)).toBe('EMBED_SCOPE');
    // Another live key of the same franchise, on its own allowed origin.
    const sibling = await createKey(owner.token, [BRAND]);
    const other = await fromElement('/api/chats', token, { key: sibling.key });
    expect(other.status).toBe(403);
    expect(await codeOf(other)).toBe('EMBED_SCOPE');
    const elsewhere = await fromElement('/api/chats', token, { origin: 'https://evil.example' });
    expect(await codeOf(elsewhere)).toBe('EMBED_ORIGIN_NOT_ALLOWED');
    // A refresh token buys nothing for it either: there is none, and an account's is not taken.
    const noRefresh = await fromElement('/api/chats', token, {
      key: null,
      headers: { [AUTH_HEADERS.refreshToken]: 'anything' },
    });
    expect(noRefresh.status).toBe(403);
  });

  it('ends when its key is revoked', async () => {
    const doomed = await createKey(owner.token, [BRAND]);
    const { token } = await embedSignIn(owner.email, doomed);
    expect((await fromElement('/api/chats', token, { key: doomed.key })).status).toBe(200);
    const revoke = await server.fetch(`/api/users/api-keys/${doomed.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoke.status).toBe(200);
    expect(await codeOf(await fromElement('/api/chats', token, { key: doomed.key }))).toBe(
      'EMBED_KEY_INVALID',
    );
    // Without the key header it signs nobody in either.
    expect((await server.fetch('/api/chats', { token })).status).toBe(401);
    const rows = await server.container.db
      .select()
      .from(embedSession)
      .where(eq(embedSession.apiKeyId, doomed.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.endedAt !== null)).toBe(true);
  });

  it('signs out through the account’s sign-out call: the token stops working at once', async () => {
    const { token } = await embedSignIn();
    const out = await fromElement('/api/auth/sign-out', token, { method: 'POST' });
    expect(out.status).toBe(200);
    expect((await fromElement('/api/chats', token)).status).toBe(401);
  });

  it('expires after an hour, and renews only inside the embed: with its key and the current session', async () => {
    clock = START;
    const { token, expiresAt } = await embedSignIn();
    expect(new Date(expiresAt).getTime() - clock.getTime()).toBe(60 * MINUTE);

    // The renewal call needs the key and an embed session: not an account's token, not without the key.
    const renew = (t: string, init: { key?: string | null } = {}) =>
      fromElement('/api/embed/session/renew', t, { method: 'POST', ...init });
    expect(await codeOf(await renew(token, { key: null }))).toBe('EMBED_SCOPE');
    expect((await renew(owner.token)).status).toBe(401);
    expect((await server.fetch('/api/embed/session/renew', { method: 'POST' })).status).toBe(401);

    // In its first half no call renews it; in its second half an element's call does, in
    // `x-access-token`, and the old token works a minute more.
    later(10 * MINUTE);
    const early = await fromElement('/api/chats', token);
    expect(early.headers.get(AUTH_HEADERS.newAccessToken)).toBeNull();
    later(25 * MINUTE);
    const sliding = await fromElement('/api/chats', token);
    expect(sliding.status).toBe(200);
    const renewed = sliding.headers.get(AUTH_HEADERS.newAccessToken);
    expect(renewed?.startsWith(EMBED_SESSION_PREFIX)).toBe(true);
    expect(sliding.headers.get(AUTH_HEADERS.newRefreshToken)).toBeNull();
    expect((await fromElement('/api/chats', token)).status).toBe(200);
    later(RENEWAL_GRACE_MS + 1);
    expect((await fromElement('/api/chats', token)).status).toBe(401);
    expect((await fromElement('/api/chats', renewed ?? '')).status).toBe(200);

    // The explicit renewal: a new token, the old one ends after the grace.
    const explicit = await renew(renewed ?? '');
    expect(explicit.status).toBe(200);
    const next = (await explicit.json()) as EmbedSession;
    expect(next.token).not.toBe(renewed);
    expect(new Date(next.expiresAt).getTime() - clock.getTime()).toBe(60 * MINUTE);

    // Unused for an hour: expired, and nothing renews it any more.
    later(61 * MINUTE);
    expect((await fromElement('/api/chats', next.token)).status).toBe(401);
    expect((await renew(next.token)).status).toBe(401);
  });

  it('does not outlive its sign-in by more than twelve hours, however often it is renewed', async () => {
    clock = START;
    let { token, expiresAt } = await embedSignIn();
    // Renewed every 50 minutes: the 14th renewal, 700 minutes in, reaches the twelfth hour.
    for (let renewal = 1; renewal <= 14; renewal += 1) {
      later(50 * MINUTE);
      const res = await fromElement('/api/embed/session/renew', token, { method: 'POST' });
      expect(res.status, `renewal ${renewal}`).toBe(200);
      ({ token, expiresAt } = (await res.json()) as EmbedSession);
    }
    expect(new Date(expiresAt).getTime()).toBe(START.getTime() + 12 * 60 * MINUTE);
    later(19 * MINUTE);
    expect((await fromElement('/api/chats', token)).status).toBe(200);
    later(2 * MINUTE);
    expect((await fromElement('/api/chats', token)).status).toBe(401);
    expect((await fromElement('/api/embed/session/renew', token, { method: 'POST' })).status).toBe(
      401,
    );
    clock = START;
  });

  it('is refused on a page whose plain-http origin an older key still lists', async () => {
    const legacy = await createKey(owner.token, [BRAND]);
    await server.container.db
      .update(apiKey)
      .set({ allowedOrigins: [BRAND, 'http://brand.example'] })
      .where(eq(apiKey.id, legacy.id));
    const res = await server.fetch('/api/users', {
      headers: { origin: 'http://brand.example', [EMBED_KEY_HEADER]: legacy.key },
    });
    expect(await codeOf(res)).toBe('EMBED_ORIGIN_NOT_ALLOWED');
    expect(await codeOf(await popupSignIn(owner.email, legacy, 'http://brand.example'))).toBe(
      'EMBED_ORIGIN_NOT_ALLOWED',
    );
  });
});
