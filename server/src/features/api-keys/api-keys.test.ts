import {
  API_KEY_TEXT,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
  type Session,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../auth/session.ts';
import { apiKey, auditLog, user } from '../../db/schema/index.ts';
import { AppError, errorResponse } from '../../http/errors.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { json, makeConsultant, makeFranchisor, OFFICE_HOURS } from '../booking/test-fixtures.ts';
import { apiKeyAuthentication } from './authenticate.ts';
import { createApiKeyService, hashKey } from './service.ts';

// A clock before the real date, so that sessions created now stay valid under it.
const clock = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const create = async (token: string, body: unknown, path = '/api/users/api-keys') => {
  const res = await server.fetch(path, { method: 'POST', token, body: json(body) });
  return {
    status: res.status,
    body: (await res.json()) as CreatedApiKey & { code?: string; errors?: Record<string, string> },
  };
};
const withKey = (key: string, path: string, init: RequestInit = {}) =>
  server.fetch(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${key}` } });

describe('API keys of a franchise (/api/users/api-keys)', () => {
  it('a member creates a secret key shown once and stored hashed, and a publishable key that stays readable', async () => {
    const owner = await makeFranchisor(server, { company: 'Keys Bakery' });
    const secret = await create(owner.token, {
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
    });
    expect(secret.status).toBe(201);
    expect(secret.body.key).toMatch(/^sk_[\w-]{40,}$/);
    expect(secret.body).toMatchObject({
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
      publishableKey: null,
      revokedAt: null,
    });
    expect(secret.body.key.startsWith(secret.body.prefix.replace('…', ''))).toBe(true);

    const publishable = await create(owner.token, {
      kind: 'publishable',
      name: 'Website',
      allowedOrigins: ['https://WWW.Keys-Bakery.example:443', 'http://localhost:5173'],
    });
    expect(publishable.status).toBe(201);
    expect(publishable.body.key).toMatch(/^pk_/);
    expect(publishable.body.allowedOrigins).toEqual([
      'https://www.keys-bakery.example',
      'http://localhost:5173',
    ]);

    const rows = await server.container.db
      .select()
      .from(apiKey)
      .where(eq(apiKey.franchiseId, owner.franchiseId));
    const secretRow = rows.find((r) => r.kind === 'secret');
    expect(secretRow?.keyHash).toBe(hashKey(secret.body.key));
    expect(JSON.stringify(rows)).not.toContain(secret.body.key);

    const list = (await (
      await server.fetch('/api/users/api-keys', { token: owner.token })
    ).json()) as ApiKeyList;
    expect(list.data.map((k) => k.name).sort()).toEqual(['CRM', 'Website']);
    expect(JSON.stringify(list)).not.toContain(secret.body.key);
    expect(list.data.find((k) => k.kind === 'publishable')?.publishableKey).toBe(
      publishable.body.key,
    );
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const owner = await makeFranchisor(server);
    for (const body of [
      { kind: 'publishable', name: 'Site', allowedOrigins: [] },
      { kind: 'publishable', name: 'Site', allowedOrigins: ['https://brand.example/shop'] },
      { kind: 'publishable', name: 'Site', allowedOrigins: ['*'] },
      { kind: 'secret', name: 'CRM', scopes: ['admin:all'] },
      { kind: 'secret', name: ' ', scopes: ['meetings:read'] },
      { kind: 'other', name: 'x' },
    ]) {
      const res = await create(owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const rows = await server.container.db
      .select()
      .from(apiKey)
      .where(eq(apiKey.franchiseId, owner.franchiseId));
    expect(rows).toEqual([]);
  });

  it('allows only https:// origins (plain http:// only for localhost and 127.0.0.1): 422 with a field message, at creation and on edit (decision 029)', async () => {
    const owner = await makeFranchisor(server);
    for (const origin of ['http://evil.example', 'http://192.168.1.20:8080', 'http://[::2]']) {
      const res = await create(owner.token, {
        kind: 'publishable',
        name: 'Site',
        allowedOrigins: ['https://brand.example', origin],
      });
      expect(res.status, origin).toBe(422);
      expect(res.body.code).toBe('RULE_VIOLATION');
      expect(res.body.errors?.allowedOrigins).toBe(
        `${origin} is not allowed: use https:// (plain http:// only for localhost and 127.0.0.1).`,
      );
    }
    // The admin's create follows the same rule.
    const adminToken = await signInAdmin(server);
    const byAdmin = await create(
      adminToken,
      { kind: 'publishable', name: 'Site', allowedOrigins: ['http://evil.example'] },
      `/api/admin/franchises/${owner.franchiseId}/api-keys`,
    );
    expect(byAdmin.status).toBe(422);
    expect(
      await server.container.db
        .select()
        .from(apiKey)
        .where(eq(apiKey.franchiseId, owner.franchiseId)),
    ).toEqual([]);

    const local = await create(owner.token, {
      kind: 'publishable',
      name: 'Dev',
      allowedOrigins: ['http://localhost:5173', 'http://127.0.0.1:8790', 'https://brand.example'],
    });
    expect(local.status).toBe(201);

    // Edit: a new name and origins, checked as at creation.
    const edit = (
      body: unknown,
      path = `/api/users/api-keys/${local.body.id}`,
      token = owner.token,
    ) => server.fetch(path, { method: 'PATCH', token, body: json(body) });
    const insecure = await edit({ allowedOrigins: ['http://evil.example'] });
    expect(insecure.status).toBe(422);
    expect(
      ((await insecure.json()) as { errors: Record<string, string> }).errors.allowedOrigins,
    ).toBe(
      'http://evil.example is not allowed: use https:// (plain http:// only for localhost and 127.0.0.1).',
    );
    const edited = await edit({ name: 'Shop', allowedOrigins: ['https://Shop.Brand.example'] });
    expect(edited.status).toBe(200);
    expect((await edited.json()) as ApiKey).toMatchObject({
      name: 'Shop',
      allowedOrigins: ['https://shop.brand.example'],
    });
    const byAdminEdit = await edit(
      { allowedOrigins: ['http://evil.example'] },
      `/api/admin/franchises/${owner.franchiseId}/api-keys/${local.body.id}`,
      adminToken,
    );
    expect(byAdminEdit.status).toBe(422);
    const adminEdited = await edit(
      { allowedOrigins: ['https://brand.example'] },
      `/api/admin/franchises/${owner.franchiseId}/api-keys/${local.body.id}`,
      adminToken,
    );
    expect(adminEdited.status).toBe(200);
    // Another franchise's key is not found; a secret key has no origins.
    const other = await makeFranchisor(server);
    expect((await edit({ name: 'Mine' }, undefined, other.token)).status).toBe(404);
    const secret = await create(owner.token, {
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
    });
    expect(
      (
        await edit(
          { allowedOrigins: ['https://brand.example'] },
          `/api/users/api-keys/${secret.body.id}`,
        )
      ).status,
    ).toBe(422);
  });

  it('only franchisors with a franchise manage keys, and only their own franchise', async () => {
    const consultant = await makeConsultant(server);
    expect((await server.fetch('/api/users/api-keys', { token: consultant.token })).status).toBe(
      403,
    );
    expect((await server.fetch('/api/users/api-keys')).status).toBe(401);
    const lone = await server.signUp('franchisor');
    const refused = await create(lone.token, {
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
    });
    expect(refused.status).toBe(422);

    const owner = await makeFranchisor(server);
    const colleague = await makeFranchisor(server, { franchiseId: owner.franchiseId });
    const stranger = await makeFranchisor(server);
    const { body: key } = await create(owner.token, {
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
    });
    const strangersTry = await server.fetch(`/api/users/api-keys/${key.id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(strangersTry.status).toBe(404);
    const strangersList = (await (
      await server.fetch('/api/users/api-keys', { token: stranger.token })
    ).json()) as ApiKeyList;
    expect(strangersList.data).toEqual([]);
    // Any member of the franchise may revoke it.
    const revoked = await server.fetch(`/api/users/api-keys/${key.id}`, {
      method: 'DELETE',
      token: colleague.token,
    });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as ApiKey).revokedAt).toBe(clock.toISOString());
  });
});

describe('a secret key authenticates a backend (Authorization: Bearer sk_…)', () => {
  it('books and lists within its scopes, as the franchise, and records its last use', async () => {
    const consultant = await makeConsultant(server, {
      settings: { timeZone: 'America/New_York', weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
    });
    const owner = await makeFranchisor(server, { company: 'Backend Bakery' });
    const { body: key } = await create(owner.token, {
      kind: 'secret',
      name: 'Booking bot',
      scopes: ['meetings:read', 'meetings:write', 'discovery:read'],
    });

    const slots = await withKey(
      key.key,
      `/api/booking/consultant/${consultant.id}/slots?date=2026-03-03&timezone=America/New_York`,
    );
    expect(slots.status).toBe(200);
    // Sent as the SDK sends it, with an Idempotency-Key: the booking still records its key.
    const booked = await withKey(key.key, '/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: json({
        consultantId: consultant.id,
        start: '2026-03-03T15:00:00.000Z',
        end: '2026-03-03T15:30:00.000Z',
        timeZone: 'America/New_York',
      }),
    });
    expect(booked.status).toBe(201);
    const meeting = (await booked.json()) as Session;
    expect(meeting.franchisor.id).toBe(owner.id);
    expect(meeting.franchise?.company).toBe('Backend Bakery');
    expect(meeting.apiKeyId).toBe(key.id);

    const list = await withKey(key.key, '/api/session');
    expect(((await list.json()) as { sessions: Session[] }).sessions.map((s) => s.id)).toEqual([
      meeting.id,
    ]);

    const [row] = await server.container.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(row?.lastUsedAt?.toISOString()).toBe(clock.toISOString());
  });

  it('acts as the member who created it, and stops when they leave or are deactivated; the list says so', async () => {
    const owner = await makeFranchisor(server, { company: 'Creator Co' });
    const colleague = await makeFranchisor(server, { franchiseId: owner.franchiseId });
    const keyOf = async (token: string, name: string) =>
      (await create(token, { kind: 'secret', name, scopes: ['meetings:read'] })).body;
    const ownersKey = await keyOf(owner.token, 'Owner script');
    const colleaguesKey = await keyOf(colleague.token, 'Colleague script');
    expect((await withKey(ownersKey.key, '/api/session')).status).toBe(200);
    expect((await withKey(colleaguesKey.key, '/api/session')).status).toBe(200);

    // The colleague leaves the franchise: their key stops, the owner's goes on.
    await server.container.db
      .update(user)
      .set({ franchiseId: null })
      .where(eq(user.id, colleague.id));
    const stopped = await withKey(colleaguesKey.key, '/api/session');
    expect(stopped.status).toBe(401);
    expect(await stopped.json()).toMatchObject({
      code: 'API_KEY_INVALID',
      message: API_KEY_TEXT.keyStopped,
    });
    expect((await withKey(ownersKey.key, '/api/session')).status).toBe(200);
    const listed = (await (
      await server.fetch('/api/users/api-keys', { token: owner.token })
    ).json()) as ApiKeyList;
    const byId = new Map(listed.data.map((k) => [k.id, k]));
    expect(byId.get(colleaguesKey.id)?.creatorLeft).toBe(true);
    expect(byId.get(ownersKey.id)?.creatorLeft).toBe(false);

    // The owner deactivated: their key stops too.
    await server.container.db
      .update(user)
      .set({ isDeactivated: true })
      .where(eq(user.id, owner.id));
    expect((await withKey(ownersKey.key, '/api/session')).status).toBe(401);
  });

  it('answers 403 outside its scopes and for calls no key may make, 401 when unknown or revoked', async () => {
    const owner = await makeFranchisor(server);
    const { body: reader } = await create(owner.token, {
      kind: 'secret',
      name: 'Reader',
      scopes: ['meetings:read'],
    });

    const book = await withKey(reader.key, '/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(book.status).toBe(403);
    expect(await book.json()).toMatchObject({ code: 'API_KEY_SCOPE_MISSING' });
    for (const [method, path] of [
      ['GET', '/api/users/profile'],
      ['GET', '/api/users/api-keys'],
      ['POST', '/api/users/api-keys'],
      ['PATCH', '/api/users'],
      ['GET', '/api/admin/dashboard'],
    ] as const) {
      const res = await withKey(reader.key, path, {
        method,
        ...(method === 'GET'
          ? {}
          : { body: '{}', headers: { 'content-type': 'application/json' } }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'API_KEY_SCOPE_MISSING' });
    }
    expect((await withKey(reader.key, '/api/session')).status).toBe(200);

    const unknown = await withKey('sk_not-a-real-key-0000000000000000000000000000', '/api/session');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'API_KEY_INVALID' });

    await server.fetch(`/api/users/api-keys/${reader.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect((await withKey(reader.key, '/api/session')).status).toBe(401);
  });

  it('a publishable key is not a credential for a backend', async () => {
    const owner = await makeFranchisor(server);
    const { body: pk } = await create(owner.token, {
      kind: 'publishable',
      name: 'Site',
      allowedOrigins: ['https://site.example'],
    });
    expect((await withKey(pk.key, '/api/session')).status).toBe(401);
  });

  it('is rate-limited per key', async () => {
    const owner = await makeFranchisor(server);
    const { body: key } = await create(owner.token, {
      kind: 'secret',
      name: 'Busy',
      scopes: ['meetings:read'],
    });
    const { db } = server.container;
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('user', null);
        await next();
      })
      .use(
        '*',
        apiKeyAuthentication({
          keys: createApiKeyService({ db, now: () => clock }),
          limiter: createRateLimiter({ db, windowMs: 60_000 }),
          perMinute: 2,
        }),
      )
      .get('/api/session', (c) => c.json({ as: c.get('user')?.id }))
      .onError((error, c) =>
        errorResponse(c, error instanceof AppError ? error : new AppError('INTERNAL_ERROR')),
      );
    const call = () =>
      app.request('/api/session', { headers: { authorization: `Bearer ${key.key}` } });
    expect((await call()).status).toBe(200);
    expect(await (await call()).json()).toEqual({ as: owner.id });
    const third = await call();
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('admins manage any franchise’s keys (/api/admin/franchises/{id}/api-keys)', () => {
  it('creates, lists and revokes with an audit entry; unknown franchises are 404; members cannot use it', async () => {
    const admin = await signInAdmin(server);
    const owner = await makeFranchisor(server);
    const base = `/api/admin/franchises/${owner.franchiseId}/api-keys`;
    const created = await create(
      admin,
      { kind: 'secret', name: 'Support', scopes: ['discovery:read'] },
      base,
    );
    expect(created.status).toBe(201);
    const list = (await (await server.fetch(base, { token: admin })).json()) as ApiKeyList;
    expect(list.data.map((k) => k.id)).toEqual([created.body.id]);
    // The franchise's own members see it too.
    const own = (await (
      await server.fetch('/api/users/api-keys', { token: owner.token })
    ).json()) as ApiKeyList;
    expect(own.data.map((k) => k.id)).toEqual([created.body.id]);

    const revoked = await server.fetch(`${base}/${created.body.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(revoked.status).toBe(200);
    const trail = await server.container.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, owner.franchiseId));
    expect(trail.map((t) => t.action).sort()).toEqual(['api-key.create', 'api-key.revoke']);
    expect(JSON.stringify(trail)).not.toContain(created.body.key);

    expect(
      (await server.fetch('/api/admin/franchises/no-such-franchise/api-keys', { token: admin }))
        .status,
    ).toBe(404);
    const asMember = await server.fetch(base, { token: owner.token });
    expect(asMember.status).toBe(403);
  });
});
