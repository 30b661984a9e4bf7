import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { isApiError } from './errors.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API keys through the SDK', () => {
  it('a member creates a secret key; a backend client with apiKey calls within its scopes only; revoked, it is refused', async () => {
    const account = await server.signUp('franchisor');
    const member = createClient({
      baseUrl: `${server.url}/api`,
      tokenStore: memoryTokenStore(account),
    });
    await member.profile.update({ franchise: { company: 'SDK Keys Co' } });

    const created = await member.apiKeys.create({
      kind: 'secret',
      name: 'CRM',
      scopes: ['meetings:read'],
    });
    expect(created.key).toMatch(/^sk_/);
    expect((await member.apiKeys.list()).map((k) => [k.name, k.publishableKey])).toEqual([
      ['CRM', null],
    ]);

    const backend = createClient({ baseUrl: `${server.url}/api`, apiKey: created.key });
    const page = await backend.meetings.list();
    expect(page.total).toBe(0);
    const outside = await backend.discovery.searchConsultants().catch((e: unknown) => e);
    expect(isApiError(outside) && [outside.status, outside.code]).toEqual([
      403,
      'API_KEY_SCOPE_MISSING',
    ]);
    expect(backend.credentials()).toBeNull();

    const refused = await member.apiKeys
      .create({ kind: 'publishable', name: 'Site', allowedOrigins: ['https://brand.example/shop'] })
      .catch((e: unknown) => e);
    expect(isApiError(refused) && refused.errors).toHaveProperty(['allowedOrigins.0']);

    await member.apiKeys.revoke(created.id);
    const revoked = await backend.meetings.list().catch((e: unknown) => e);
    expect(isApiError(revoked) && [revoked.status, revoked.code]).toEqual([401, 'API_KEY_INVALID']);
  });
});
