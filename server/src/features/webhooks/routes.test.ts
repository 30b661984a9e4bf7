import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { signInAdmin } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = async <T>(method: string, path: string, token: string, body?: unknown) => {
  const res = await server.fetch(path, {
    method,
    token,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
};

describe('the control panel on a consultant’s webhook endpoint (rule 21)', () => {
  it('changes, rotates and deletes it, each audited on the consultant without the secret', async () => {
    const consultant = await server.signUp('consultant');
    const created = await call<WebhookEndpointWithSecret>(
      'POST',
      '/api/webhooks/endpoints',
      consultant.token,
      { url: 'http://127.0.0.1:9/hook', events: ['payout.paid'] },
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    const admin = await signInAdmin(server);

    const disabled = await call<WebhookEndpoint>(
      'PATCH',
      `/api/admin/webhooks/endpoints/${id}`,
      admin,
      { enabled: false },
    );
    expect(disabled).toMatchObject({ status: 200, body: { enabled: false } });
    const rotated = await call<WebhookEndpointWithSecret>(
      'POST',
      `/api/admin/webhooks/endpoints/${id}/rotate-secret`,
      admin,
    );
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const removed = await call<WebhookEndpoint>(
      'DELETE',
      `/api/admin/webhooks/endpoints/${id}`,
      admin,
    );
    expect(removed).toMatchObject({ status: 200, body: { id } });
    expect(
      (await call<{ data: WebhookEndpoint[] }>('GET', '/api/webhooks/endpoints', consultant.token))
        .body.data,
    ).toEqual([]);

    const trail = await server.container.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, consultant.user.id)));
    expect(trail.map((entry) => entry.action).sort()).toEqual([
      'webhook-endpoint.delete',
      'webhook-endpoint.rotate-secret',
      'webhook-endpoint.update',
    ]);
    const update = trail.find((entry) => entry.action === 'webhook-endpoint.update');
    expect([update?.before?.enabled, update?.after?.enabled]).toEqual([true, false]);
    const written = JSON.stringify(trail);
    expect(written).not.toContain(created.body.secret);
    expect(written).not.toContain(rotated.body.secret);
  });

  it('an unknown endpoint, delivery or franchise is 404 to an admin', async () => {
    const admin = await signInAdmin(server);
    for (const [method, path] of [
      ['PATCH', '/api/admin/webhooks/endpoints/no-such-endpoint'],
      ['POST', '/api/admin/webhooks/endpoints/no-such-endpoint/test'],
      ['GET', '/api/admin/webhooks/endpoints/no-such-endpoint/deliveries'],
      ['POST', '/api/admin/webhooks/deliveries/msg_nope/replay'],
      ['GET', '/api/admin/franchises/no-such-franchise/webhooks/endpoints'],
    ] as const) {
      const answer = await call<{ code: string }>(
        method,
        path,
        admin,
        method === 'GET' ? undefined : {},
      );
      expect([path, answer.status, answer.body.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });
});
