import {
  type AdminSession,
  type CreatedApiKey,
  EMBED_KEY_HEADER,
  type EmbedKeyInfo,
  type Session,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meeting } from '../../db/schema/index.ts';
import { json, signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { book, makeConsultant, makeFranchisor, OFFICE_HOURS } from '../booking/test-fixtures.ts';

// A clock before the real date, so that sessions created now stay valid under it.
const clock = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
const BRAND = 'https://brand.example';
let server: TestServer;
let owner: Awaited<ReturnType<typeof makeFranchisor>>;
let consultant: Awaited<ReturnType<typeof makeConsultant>>;
let key: CreatedApiKey;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  owner = await makeFranchisor(server, { company: 'Embed Bakery' });
  consultant = await makeConsultant(server, {
    settings: { timeZone: 'America/New_York', weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
  });
  key = await createKey([BRAND, 'http://localhost:8790']);
});
afterAll(() => server.close());

async function createKey(allowedOrigins: string[]): Promise<CreatedApiKey> {
  const res = await server.fetch('/api/users/api-keys', {
    method: 'POST',
    token: owner.token,
    body: json({ kind: 'publishable', name: 'Website', allowedOrigins }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiKey;
}

/** A request as a partner page on `origin` sends it, with the embed key. */
const fromPage = (origin: string, path: string, init: RequestInit & { token?: string } = {}) =>
  server.fetch(path, {
    ...init,
    headers: { ...init.headers, origin, ...keyHeader() },
  });
let currentKey = '';
const keyHeader = () => ({ [EMBED_KEY_HEADER]: currentKey || key.key });

describe('an embed key on its origins (rule 18)', () => {
  it('reads the consultant and franchisor lists, the filters and profiles without a user; CORS answers that origin exactly', async () => {
    const list = await fromPage(BRAND, '/api/users?role=consultant');
    expect(list.status).toBe(200);
    const body = (await list.json()) as { consultants: { _id?: string; id?: string }[] };
    expect(body.consultants.length).toBeGreaterThan(0);
    expect(list.headers.get('access-control-allow-origin')).toBe(BRAND);
    // No cookies for a partner page: bearer tokens only.
    expect(list.headers.get('access-control-allow-credentials')).toBeNull();

    expect((await fromPage(BRAND, '/api/users')).status).toBe(200);
    expect((await fromPage(BRAND, '/api/users?role=franchisor')).status).toBe(200);
    expect((await fromPage(BRAND, '/api/users/filters')).status).toBe(200);
    expect((await fromPage(BRAND, `/api/users/profile/${consultant.id}`)).status).toBe(200);
    const slots = await fromPage(
      'http://localhost:8790',
      `/api/booking/consultant/${consultant.id}/slots?date=2026-03-03&timezone=America/New_York`,
    );
    expect(slots.status).toBe(200);
    expect(slots.headers.get('access-control-allow-origin')).toBe('http://localhost:8790');
  });

  it("shows a signed-in visitor their own side's list on a partner page, as to any visitor", async () => {
    // The portal refuses a franchisor the franchisor list (403); a brand's page shows it to guests,
    // so signing in there must not take it away.
    expect((await server.fetch('/api/users?role=franchisor', { token: owner.token })).status).toBe(
      403,
    );
    const mine = await fromPage(BRAND, '/api/users?role=franchisor', { token: owner.token });
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as {
      franchisees: { franchise: { company: string } }[];
    };
    expect(body.franchisees.map((f) => f.franchise.company)).toContain('Embed Bakery');
    const other = await fromPage(BRAND, '/api/users?role=consultant', {
      token: consultant.token,
    });
    expect(other.status).toBe(200);
  });

  it('without a key the lists still need a user', async () => {
    const res = await server.fetch('/api/users?role=consultant', { headers: { origin: BRAND } });
    expect(res.status).toBe(401);
  });

  it('answers a preflight for the key header with the origin, without credentials', async () => {
    const res = await server.fetch('/api/users', {
      method: 'OPTIONS',
      headers: {
        origin: BRAND,
        'access-control-request-method': 'GET',
        'access-control-request-headers': `${EMBED_KEY_HEADER},api-version`,
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(BRAND);
    expect(res.headers.get('access-control-allow-headers')).toContain(EMBED_KEY_HEADER);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses other origins — other scheme, port, host, suffix tricks, no origin — with a readable error (rule 7)', async () => {
    for (const origin of [
      'https://brand.example.evil.test',
      'https://evilbrand.example',
      'https://www.brand.example',
      'http://brand.example',
      'https://brand.example:8443',
      'http://localhost:8791',
      'http://127.0.0.1:8790',
      'null',
    ]) {
      const res = await fromPage(origin, '/api/users?role=consultant');
      expect(res.status, origin).toBe(403);
      expect(await res.json(), origin).toEqual({
        code: 'EMBED_ORIGIN_NOT_ALLOWED',
        message: 'This site is not allowed to use this embed key.',
      });
      // The page can read why (its origin is answered, with no data and no credentials).
      if (origin !== 'null') {
        expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      }
    }
    const noOrigin = await server.fetch('/api/users', { headers: keyHeader() });
    expect(noOrigin.status).toBe(403);
  });

  it('an unknown key is refused, and a revoked key stops working at once', async () => {
    currentKey = 'pk_not_a_key';
    const unknown = await fromPage(BRAND, '/api/users');
    expect(unknown.status).toBe(403);
    expect(((await unknown.json()) as { code: string }).code).toBe('EMBED_KEY_INVALID');

    const doomed = await createKey([BRAND]);
    currentKey = doomed.key;
    expect((await fromPage(BRAND, '/api/users')).status).toBe(200);
    const revoke = await server.fetch(`/api/users/api-keys/${doomed.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoke.status).toBe(200);
    const after = await fromPage(BRAND, '/api/users');
    expect(after.status).toBe(403);
    expect(((await after.json()) as { code: string }).code).toBe('EMBED_KEY_INVALID');
    // Even with a signed-in visitor: the key itself is refused.
    const signedIn = await fromPage(BRAND, '/api/session', { token: owner.token });
    expect(signedIn.status).toBe(403);
    const info = await server.fetch(`/api/embed/keys/${doomed.key}`);
    expect(info.status).toBe(404);
    currentKey = '';
  });

  it('tells the sign-in page which origins a live key allows', async () => {
    const res = await server.fetch(`/api/embed/keys/${key.key}`);
    expect(res.status).toBe(200);
    expect((await res.json()) as EmbedKeyInfo).toEqual({
      allowedOrigins: [BRAND, 'http://localhost:8790'],
      franchiseName: 'Embed Bakery',
    });
    expect((await server.fetch('/api/embed/keys/pk_nope')).status).toBe(404);
  });

  it('a booking made through the key records it, for the franchise and for admins', async () => {
    const booked = await fromPage(BRAND, '/api/session', {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      body: json({
        consultantId: consultant.id,
        start: '2026-03-03T15:00:00.000Z',
        end: '2026-03-03T15:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    });
    expect(booked.status).toBe(201);
    expect(booked.headers.get('access-control-allow-origin')).toBe(BRAND);
    const session = (await booked.json()) as Session;
    expect(session.apiKeyId).toBe(key.id);
    const [row] = await server.container.db
      .select()
      .from(meeting)
      .where(eq(meeting.id, session.id));
    expect(row?.apiKeyId).toBe(key.id);

    // The franchise sees it in its meetings, list and detail (on the product, no key).
    const detail = (await (
      await server.fetch(`/api/session/${session.id}`, { token: owner.token })
    ).json()) as Session;
    expect(detail.apiKeyId).toBe(key.id);
    const list = (await (await server.fetch('/api/session', { token: owner.token })).json()) as {
      sessions: Session[];
    };
    expect(list.sessions.find((s) => s.id === session.id)?.apiKeyId).toBe(key.id);

    // Admins see which key, by name.
    const adminToken = await signInAdmin(server);
    const adminDetail = (await (
      await server.fetch(`/api/admin/sessions/${session.id}`, { token: adminToken })
    ).json()) as AdminSession;
    expect(adminDetail.apiKey).toEqual({ id: key.id, name: 'Website', kind: 'publishable' });
    const adminList = (await (
      await server.fetch('/api/admin/sessions', { token: adminToken })
    ).json()) as { sessions: AdminSession[] };
    expect(adminList.sessions.find((s) => s.id === session.id)?.apiKey?.id).toBe(key.id);

    // Booked on the product itself: no key.
    const direct = await book(server, owner.token, {
      consultantId: consultant.id,
      start: '2026-03-03T17:00:00.000Z',
      end: '2026-03-03T17:30:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(direct.status).toBe(201);
    expect(direct.body.apiKeyId).toBeNull();
  });

  it('a refused key books nothing', async () => {
    const before = await server.container.db.select().from(meeting);
    const res = await fromPage('https://brand.example.evil.test', '/api/session', {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      body: json({
        consultantId: consultant.id,
        start: '2026-03-04T15:00:00.000Z',
        end: '2026-03-04T15:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    });
    expect(res.status).toBe(403);
    expect(await server.container.db.select().from(meeting)).toHaveLength(before.length);
  });
});
