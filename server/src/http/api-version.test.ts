import { API_VERSION, API_VERSION_HEADER } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('api-version', () => {
  it('is on every API answer: success, error and not found', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/users/profile', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await server.fetch(path);
      expect(res.status).toBe(status);
      expect(res.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    }
  });

  it('serves the version a request names, and refuses one it does not serve with 400', async () => {
    const same = await server.fetch('/api/health', {
      headers: { [API_VERSION_HEADER]: API_VERSION },
    });
    expect(same.status).toBe(200);
    expect(same.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);

    const unknown = await server.fetch('/api/health', {
      headers: { [API_VERSION_HEADER]: '1999-01-01' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    expect(await unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { [API_VERSION_HEADER]: expect.stringContaining('1999-01-01') },
    });
  });
});
