import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from './boot/migrate-database.ts';
import { createContainer } from './container.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { APP_VERSION } from './features/system/routes.ts';
import { makeStaticDirs } from './testing/static-dirs.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { BODY_LIMIT_BYTES: '2048', TRUSTED_ORIGINS: 'https://partner.example' },
  });
});
afterAll(async () => {
  await server.close();
});

describe('the API surface', () => {
  it('reports health with the database checked', async () => {
    const res = await server.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: expect.any(String),
      runtime: `node ${process.versions.node}`,
    });
  });

  it('tells browsers where the realtime server is', async () => {
    const res = await server.fetch('/api/config');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      partyUrl: expect.stringMatching(/^http/),
      version: APP_VERSION,
      payments: { provider: 'ledger', publishableKey: null },
    });
  });

  it('answers unknown API paths with 404 in the error shape, not with the portal', async () => {
    const res = await server.fetch('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const res = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends secure headers: a JSON answer an API’s, a page a document’s', async () => {
    const json = await server.fetch('/api/health');
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(json.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(json.headers.get('x-frame-options')).toBe('DENY');
    expect(json.headers.get('strict-transport-security')).toMatch(
      /^max-age=\d+; includeSubDomains$/,
    );
    const res = await server.fetch('/api/docs');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("form-action 'self'");
    // No scheme-wide wildcard: images come from this origin only.
    expect(csp).toMatch(/img-src 'self' data: blob:;/);
    const hsts = res.headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it('allows CORS only for configured origins and exposes the credential headers', async () => {
    const allowed = await server.fetch('/api/health', {
      headers: { origin: 'https://partner.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('access-control-expose-headers')).toContain('x-access-token');
    const createPreflight = await server.fetch('/api/session', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(createPreflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    );
    const other = await server.fetch('/api/users/profile', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await server.fetch('/api/users/password', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets any origin read public data without credentials (embedded widgets)', async () => {
    const origin = { origin: 'https://shop.example' };
    const profile = await server.fetch('/api/users/profile/someone', { headers: origin });
    expect(profile.headers.get('access-control-allow-origin')).toBe('*');
    const health = await server.fetch('/api/health', { headers: origin });
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the one origin (rule 1)', () => {
  it('serves the portal with client-side fallback, the admin app and the widgets bundle', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fm-static-'));
    const dirs = makeStaticDirs(root);
    writeFileSync(join(dirs.portal, 'index.html'), '<title>portal</title>');
    writeFileSync(join(dirs.admin, 'index.html'), '<title>admin</title>');
    writeFileSync(join(dirs.widgets, 'fm-widgets.js'), 'export {};');
    writeFileSync(join(dirs.widgetsDemo, 'index.html'), '<title>demo</title>');
    const database = await openDatabase({ url: `file:${join(root, 'db.sqlite')}` });
    await migrateDatabase(database.db);
    const { app } = await createContainer({
      env: loadEnv({ LOG_LEVEL: 'silent', SEED: 'none' }),
      database,
      staticDirs: dirs,
    });
    const text = async (path: string) => {
      const res = await app.request(path);
      return { status: res.status, body: await res.text(), res };
    };
    expect((await text('/')).body).toContain('portal');
    expect((await text('/bookings/123')).body).toContain('portal');
    expect((await text('/control-panel')).body).toContain('admin');
    expect((await text('/control-panel/consultants/1')).body).toContain('admin');
    const widgets = await text('/widgets/fm-widgets.js');
    expect(widgets.status).toBe(200);
    expect(widgets.res.headers.get('content-type')).toContain('javascript');
    expect(widgets.res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await text('/widgets/demo.html')).body).toContain('demo');
    expect((await text('/api/nope')).status).toBe(404);
    database.close();
  });
});
