import { describe, expect, it } from 'vitest';
import { createAdminApi } from './admin.ts';
import { fixtures, rejection, useTestClient } from './test-api-server.ts';

const t = useTestClient({ token: 'tok', refreshToken: 'ref', user: fixtures.user });

const key = {
  id: 'key/1',
  franchiseId: 'f/1',
  kind: 'secret',
  name: 'Support',
  prefix: 'sk_4f9a',
  publishableKey: null,
  scopes: ['discovery:read'],
  allowedOrigins: [],
  createdAt: '2026-01-05T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  creatorLeft: false,
};

describe('the control panel calls that the published client does not carry', () => {
  it("manage one franchise's API keys on its own path", async () => {
    t.server.route('GET /api/admin/franchises/f%2F1/api-keys', () => ({ json: { data: [key] } }));
    t.server.route('DELETE /api/admin/franchises/f%2F1/api-keys/key%2F1', () => ({
      json: { ...key, revokedAt: '2026-01-06T10:00:00.000Z' },
    }));
    const keys = createAdminApi(t.api).franchiseApiKeys('f/1');
    await expect(keys.list()).resolves.toEqual([key]);
    await expect(keys.revoke('key/1')).resolves.toMatchObject({ id: 'key/1' });
    expect(t.server.requestsTo('DELETE /api/admin/franchises/f%2F1/api-keys/key%2F1')).toHaveLength(
      1,
    );
    expect(t.server.requestsTo('GET /api/users/api-keys')).toEqual([]);
  });

  it('run the manual payment processing once per call, and surface a refusal', async () => {
    t.server.route('POST /api/users/cron-manual-trigger', () => ({
      json: { charged: 2, failed: 1, skipped: 0 },
    }));
    const admin = createAdminApi(t.api);
    await expect(admin.runManualProcessing()).resolves.toEqual({
      charged: 2,
      failed: 1,
      skipped: 0,
    });
    const [sent] = t.server.requestsTo('POST /api/users/cron-manual-trigger');
    expect(sent?.headers['idempotency-key']).toMatch(/\S/);

    t.server.route('POST /api/users/cron-manual-trigger', () => ({
      status: 403,
      json: { message: 'You do not have permission to access this page.', code: 'ADMIN_ONLY' },
    }));
    const error = await rejection(admin.runManualProcessing());
    expect(error.code).toBe('ADMIN_ONLY');
    expect(error.message).toBe(
      'Error processing payments: You do not have permission to access this page.',
    );
  });
});
