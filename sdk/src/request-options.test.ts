import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { API_VERSION, API_VERSION_HEADER, IDEMPOTENCY_HEADER } from './contracts/index.ts';
import { isApiError } from './errors.ts';
import { fixtures, startTestApiServer, type TestApiServer } from './test-api-server.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const signedIn = () =>
  createClient({
    baseUrl: server.baseUrl,
    tokenStore: memoryTokenStore({ token: 't', refreshToken: 'r', user: fixtures.user }),
  });

const notification = (n: number) => ({
  id: `n${n}`,
  type: 'meeting',
  message: `Notification ${n}`,
  link: null,
  isRead: false,
  createdAt: '2026-03-02T12:00:00.000Z',
  avatar: null,
  firstName: null,
  lastName: null,
});

/** 7 notifications served 3 per page, as the API pages them. */
function serveSevenNotifications() {
  server.route('GET /api/users/notifications', (request) => {
    const url = new URL(request.url, 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    const limit = Number(url.searchParams.get('limit') ?? '3');
    const all = Array.from({ length: 7 }, (_, i) => notification(i + 1));
    return {
      json: {
        total: all.length,
        unreadCount: 7,
        page,
        limit,
        data: all.slice((page - 1) * limit, page * limit),
      },
    };
  });
}

describe('the last argument of every call: { signal, timeout, headers }', () => {
  it('sends the given headers and the API version the SDK was built for', async () => {
    server.route('GET /api/health', () => ({
      json: { status: 'ok', database: 'ok', version: '1', runtime: 'node 24.21.0' },
    }));
    await createClient({ baseUrl: server.baseUrl }).health({
      headers: { 'x-request-id': 'job-42' },
    });
    const [request] = server.requestsTo('GET /api/health');
    expect(request?.headers['x-request-id']).toBe('job-42');
    expect(request?.headers[API_VERSION_HEADER]).toBe(API_VERSION);
  });

  it('a signal cancels the call: it rejects with NETWORK_ERROR and nothing waits for the answer', async () => {
    server.route(
      'GET /api/session/m1',
      () => new Promise((resolve) => setTimeout(() => resolve({ json: {} }), 5_000)),
    );
    const controller = new AbortController();
    const started = Date.now();
    const call = signedIn().meetings.get('m1', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('NETWORK_ERROR');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a timeout abandons a slow call', async () => {
    server.route(
      'GET /api/users/notifications',
      () => new Promise((resolve) => setTimeout(() => resolve({ json: {} }), 5_000)),
    );
    const error = await signedIn()
      .notifications.list({}, { timeout: 100 })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('NETWORK_ERROR');
  });

  it('a caller-chosen Idempotency-Key replaces the generated one (safe across process restarts)', async () => {
    server.route('POST /api/chats', () => ({ status: 500, json: { message: 'x' } }));
    await signedIn()
      .messages.create(
        { participants: ['c1'] },
        { headers: { 'Idempotency-Key': 'order-1234-booking' } },
      )
      .catch(() => undefined);
    const sent = server.requestsTo('POST /api/chats');
    expect(sent.length).toBe(3); // the call and its two retries
    expect(new Set(sent.map((r) => r.headers[IDEMPOTENCY_HEADER]))).toEqual(
      new Set(['order-1234-booking']),
    );
  });
});

describe('list calls: one page when awaited, every item with for await', () => {
  it('awaiting gives the page asked for, as before', async () => {
    serveSevenNotifications();
    const page = await signedIn().notifications.list({ page: 2, limit: 3 });
    expect(page.data.map((n) => n.id)).toEqual(['n4', 'n5', 'n6']);
    expect(server.requestsTo('GET /api/users/notifications')).toHaveLength(1);
  });

  it('for await walks every item of every page, from the page asked for, one request per page', async () => {
    serveSevenNotifications();
    const ids: string[] = [];
    for await (const n of signedIn().notifications.list({ limit: 3 })) ids.push(n.id);
    expect(ids).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7']);
    expect(
      server
        .requestsTo('GET /api/users/notifications')
        .map((r) => new URL(r.url, 'http://x').searchParams.get('page')),
    ).toEqual([null, '2', '3']);
  });

  it('breaking out of the loop fetches no further page; pages() gives whole pages', async () => {
    serveSevenNotifications();
    const api = signedIn();
    for await (const n of api.notifications.list({ limit: 3 })) {
      if (n.id === 'n2') break;
    }
    expect(server.requestsTo('GET /api/users/notifications')).toHaveLength(1);

    const sizes: number[] = [];
    for await (const page of api.notifications.list({ page: 2, limit: 3 }).pages()) {
      sizes.push(page.data.length);
    }
    expect(sizes).toEqual([3, 1]);
  });

  it('a failing page rejects the loop with the ApiError', async () => {
    let calls = 0;
    server.route('GET /api/users/notifications', () => {
      calls += 1;
      return calls === 1
        ? {
            json: {
              total: 4,
              unreadCount: 0,
              page: 1,
              limit: 2,
              data: [notification(1), notification(2)],
            },
          }
        : { status: 403, json: { message: 'Forbidden', code: 'FORBIDDEN' } };
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const n of signedIn().notifications.list({ limit: 2 })) seen.push(n.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['n1', 'n2']);
    expect(isApiError(error) && error.status).toBe(403);
  });
});
