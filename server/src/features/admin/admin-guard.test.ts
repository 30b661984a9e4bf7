import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Admin routes answer only admins (admin-panel §6): every route mounted under
 * `/api/admin`, with any method, answers 401 to a guest and 403 ADMIN_ONLY to a franchisor and a
 * consultant, before it reads an id or a body.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const concrete = (path: string) => path.replace(/:[^/]+/g, 'some-id').replace(/\*$/, 'anything');

describe('admin guard', () => {
  it('refuses every admin route to guests (401) and to franchisors and consultants (403)', async () => {
    const routes = server.container.app.routes.filter(
      (r) => r.path.startsWith('/api/admin') && r.method !== 'ALL',
    );
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    // Every call of admin-panel §7 is there (plus ours).
    expect(unique.length).toBeGreaterThanOrEqual(30);
    const franchisor = (await server.signUp('franchisor')).token;
    const consultant = (await server.signUp('consultant')).token;
    for (const route of unique) {
      const path = concrete(route.path);
      const init = (token?: string) => ({
        method: route.method,
        ...(token ? { token } : {}),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const guest = await server.fetch(path, init());
      expect(guest.status, `${route.method} ${path} as guest`).toBe(401);
      for (const [who, token] of [
        ['franchisor', franchisor],
        ['consultant', consultant],
      ] as const) {
        const res = await server.fetch(path, init(token));
        expect(res.status, `${route.method} ${path} as ${who}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
      }
    }
  });
});
