import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from './client.ts';
import { fixtures, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  vi.unstubAllGlobals();
});

describe('createClient', () => {
  it('reads the credentials synchronously from its store, in memory by default', async () => {
    server.route('POST /api/auth/sign-in/email', () => ({ json: fixtures.authResult() }));
    const api = createClient({ baseUrl: server.baseUrl });
    expect(api.credentials()).toBeNull();
    await api.auth.signIn({ email: 'ada@example.com', password: 'x' });
    expect(api.credentials()).toEqual(fixtures.authResult());

    const store = memoryTokenStore();
    const other = createClient({ baseUrl: server.baseUrl, tokenStore: store });
    store.set(fixtures.authResult('mine'));
    expect(other.credentials()?.token).toBe('mine');
  });

  it('sends through a custom fetch', async () => {
    server.route('GET /api/config', () => ({ json: { partyUrl: 'ws://p', version: '1' } }));
    const seen: string[] = [];
    const api = createClient({
      baseUrl: server.baseUrl,
      fetch: (input, init) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    await api.config();
    expect(seen).toEqual([`${server.baseUrl}/config`]);
  });

  it("accepts '/api' in a browser page and refuses it without one", async () => {
    expect(() => createClient({ baseUrl: '/api' })).toThrow(/absolute URL/);
    server.route('GET /api/health', () => ({
      json: { status: 'ok', database: 'ok', version: '1', runtime: 'node 24.21.0' },
    }));
    vi.stubGlobal('location', {
      href: `${server.baseUrl.replace('/api', '')}/control-panel/users`,
    });
    await expect(createClient({ baseUrl: '/api' }).health()).resolves.toMatchObject({
      status: 'ok',
    });
  });
});
