import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { fixtures, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('config and health', () => {
  it('get config and health without sending credentials', async () => {
    server.route('GET /api/config', () => ({
      json: { partyUrl: 'ws://localhost:1999', version: '1.0.0' },
    }));
    server.route('GET /api/health', () => ({
      json: { status: 'ok', database: 'ok', version: '1.0.0', runtime: 'node 24.21.0' },
    }));
    const api = createClient({
      baseUrl: server.baseUrl,
      tokenStore: memoryTokenStore({ token: 't', refreshToken: 'r', user: fixtures.user }),
    });
    await expect(api.config()).resolves.toEqual({
      partyUrl: 'ws://localhost:1999',
      version: '1.0.0',
    });
    await expect(api.health()).resolves.toEqual({
      status: 'ok',
      database: 'ok',
      version: '1.0.0',
      runtime: 'node 24.21.0',
    });
    for (const request of server.requests) expect(request.headers.authorization).toBeUndefined();
  });

  it('report an unhealthy answer with the operation text', async () => {
    server.route('GET /api/health', () => ({
      status: 503,
      json: { message: 'The service is temporarily unavailable', code: 'SERVICE_UNAVAILABLE' },
    }));
    const api = createClient({ baseUrl: server.baseUrl });
    await expect(api.health()).rejects.toThrow(
      'Error checking server health: The service is temporarily unavailable',
    );
  });
});
