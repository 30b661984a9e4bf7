import { API_VERSION, userRoomId } from '@fm/sdk/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../features/booking/test-fixtures.ts';
import { signInAdmin } from '../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { apiRoutes, buildOpenApiDocument } from './document.ts';

// A clock before the real date, so that sessions created now stay valid under it.
const clock = new Date('2026-03-02T12:00:00Z'); // Monday, 07:00 in New York
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

type Response = { $ref?: string; content?: Record<string, { schema: object }> };
type Operation = { tags: string[]; responses: Record<string, Response> };
type Document = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; schemas: Record<string, object> };
};

describe('the OpenAPI document (/api/openapi.json)', () => {
  it('is valid OpenAPI 3.1', async () => {
    const res = await server.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every mounted /api route, and nothing that is not mounted', () => {
    const { undocumented, stale, document } = buildOpenApiDocument(server.container.app.routes);
    expect(undocumented, 'routes without an entry in openapi/registry.ts').toEqual([]);
    expect(stale, 'entries in openapi/registry.ts without a route').toEqual([]);
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBe(apiRoutes(server.container.app.routes).length);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('has a readable reference page under the page CSP (script from self, no CDN)', async () => {
    const page = await server.fetch('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/reference.js"></script>');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await server.fetch('/api/docs/reference.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain("fetch('/api/openapi.json')");
  });
});

describe('documented answers agree with real ones', () => {
  it('a representative call per domain answers what its documented schema says', async () => {
    const document = (await (await server.fetch('/api/openapi.json')).json()) as Document;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const templates = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    }));
    const checked = new Map<string, number>();

    /** Calls the API and validates the answer against the document; answers the body. */
    async function call<T = Record<string, unknown>>(
      method: string,
      path: string,
      options: { token?: string; body?: unknown; status?: number } = {},
    ): Promise<T> {
      const res = await server.fetch(path, {
        method,
        ...(options.token ? { token: options.token } : {}),
        ...(options.body !== undefined ? { body: json(options.body) } : {}),
      });
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBe(options.status ?? 200);
      expect(res.headers.get('api-version')).toBe(API_VERSION);
      const bare = path.split('?')[0] ?? path;
      const template = templates.find((t) => t.pattern.test(bare))?.template;
      const op = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
      if (!op) throw new Error(`${method} ${bare} is not in the document`);
      // Error answers are shared ones (`#/components/responses/…`) in a shared shape.
      const named = (ref: string) => ref.split('/').pop() ?? '';
      const answer = op.responses[String(res.status)];
      const response = answer?.$ref ? document.components.responses[named(answer.$ref)] : answer;
      const found = response?.content?.['application/json']?.schema as
        | { $ref?: string }
        | undefined;
      const schema = found?.$ref ? document.components.schemas[named(found.$ref)] : found;
      if (!schema)
        throw new Error(`${method} ${template} documents no JSON answer for ${res.status}`);
      const body: unknown = text ? JSON.parse(text) : undefined;
      const validate = ajv.compile(schema);
      expect(validate(body), `${method} ${template} ${JSON.stringify(validate.errors)}`).toBe(true);
      const tag = op.tags[0] ?? '';
      checked.set(tag, (checked.get(tag) ?? 0) + 1);
      return body as T;
    }

    // System and auth
    await call('GET', '/api/health');
    await call('GET', '/api/config');
    const password = 'Doc-Pass-2025!';
    const signedUp = await call<{ token: string; user: { id: string; email: string } }>(
      'POST',
      '/api/auth/sign-up/email',
      {
        body: {
          email: `doc-${Date.now()}@test.example`,
          password,
          firstName: 'Doc',
          lastName: 'User',
          role: 'franchisor',
          ageConfirmed: true,
        },
      },
    );
    await call('POST', '/api/auth/sign-in/email', {
      body: { email: signedUp.user.email, password },
    });
    await call('GET', '/api/auth/me', { token: signedUp.token });

    // A consultant with hours and a subscribed franchisor with a card
    const consultant = await makeConsultant(server, {
      settings: { timeZone: 'America/New_York', weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
    });
    const franchisor = await makeFranchisor(server, { company: 'Doc Bakery' });

    // Profile
    await call('GET', '/api/users/profile', { token: franchisor.token });
    await call('GET', '/api/users/profile', { token: consultant.token });
    await call('GET', `/api/users/profile/${consultant.id}`);
    await call('GET', '/api/profile', { token: franchisor.token });

    // Calendar
    await call('GET', '/api/users/calendars', { token: consultant.token });
    await call('GET', '/api/users/calendars/feed', { token: consultant.token });

    // Discovery
    await call('GET', '/api/users?role=consultant', { token: franchisor.token });
    await call('GET', '/api/users?role=franchisor', { token: consultant.token });
    await call('GET', '/api/users/filters', { token: franchisor.token });
    await call('POST', '/api/users/favorite-consultant', {
      token: franchisor.token,
      body: { consultantId: consultant.id },
    });
    await call('GET', '/api/users/ai-franchisees-search?q=bakery%20in%20Texas', {
      token: consultant.token,
    });
    await call('GET', '/api/territory/states', { token: franchisor.token });
    await call('GET', '/api/territory/states/TX/franchisees', { token: franchisor.token });

    // Payments
    await call('GET', '/api/users/payment-method', { token: franchisor.token });
    await call('GET', '/api/users/subscription', { token: franchisor.token });
    await call('GET', '/api/users/payments', { token: franchisor.token });
    await call('GET', '/api/users/payments-total', { token: franchisor.token });
    await call('GET', '/api/users/payments-graph', { token: franchisor.token });
    await call('GET', '/api/users/payouts', { token: consultant.token });

    // Meetings
    const slots = await call<{ days: { slots: { start: string; end: string }[] }[] }>(
      'GET',
      `/api/booking/consultant/${consultant.id}/slots?date=2026-03-03&timezone=America/New_York`,
    );
    await call(
      'GET',
      `/api/booking/consultant/${consultant.id}/availability?month=2026-03&timezone=America/New_York`,
    );
    const slot = slots.days[0]?.slots[0];
    if (!slot) throw new Error('no slot');
    const meeting = await call<{ id: string }>('POST', '/api/session', {
      token: franchisor.token,
      status: 201,
      body: { consultantId: consultant.id, ...slot, timeZone: 'America/New_York' },
    });
    await call('GET', '/api/session', { token: franchisor.token });
    await call('GET', `/api/session/${meeting.id}`, { token: consultant.token });

    // Chats
    const chat = await call<{ id: string }>('POST', '/api/chats', {
      token: franchisor.token,
      status: 201,
      body: { participants: [consultant.id] },
    });
    await call('POST', `/api/chats/${chat.id}/messages`, {
      token: franchisor.token,
      status: 201,
      body: { text: 'Hello' },
    });
    await call('GET', '/api/chats', { token: consultant.token });
    await call('GET', `/api/chats/${chat.id}`, { token: consultant.token });
    await call('GET', '/api/chats/messages/unread-count', { token: consultant.token });
    await call('POST', `/api/chats/${chat.id}/read`, { token: consultant.token });

    // Notifications, promotions, realtime
    await call('GET', '/api/users/notifications', { token: consultant.token });
    await call('GET', '/api/users/promotions', { token: franchisor.token });
    await call('POST', '/api/realtime/ticket', {
      token: franchisor.token,
      body: { room: userRoomId(franchisor.id) },
    });

    // API keys
    const key = await call<{ id: string }>('POST', '/api/users/api-keys', {
      token: franchisor.token,
      status: 201,
      body: { kind: 'secret', name: 'Docs', scopes: ['meetings:read'] },
    });
    await call('GET', '/api/users/api-keys', { token: franchisor.token });
    await call('DELETE', `/api/users/api-keys/${key.id}`, { token: franchisor.token });

    // Webhooks (rule 21): plain http to loopback is allowed outside production.
    const hook = await call<{ id: string }>('POST', '/api/webhooks/endpoints', {
      token: franchisor.token,
      status: 201,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['meeting.booked'] },
    });
    await call('GET', '/api/webhooks/endpoints', { token: franchisor.token });
    const delivery = await call<{ id: string }>('POST', `/api/webhooks/endpoints/${hook.id}/test`, {
      token: franchisor.token,
      status: 201,
      body: {},
    });
    await call('GET', `/api/webhooks/endpoints/${hook.id}/deliveries`, { token: franchisor.token });
    await call('POST', `/api/webhooks/deliveries/${delivery.id}/replay`, {
      token: franchisor.token,
    });

    // Admin
    const admin = await signInAdmin(server);
    await call('GET', '/api/admin/dashboard', { token: admin });
    await call('GET', '/api/admin/users?role=consultant', { token: admin });
    await call('GET', `/api/admin/users/${consultant.id}`, { token: admin });
    await call('GET', '/api/admin/franchises', { token: admin });
    await call('GET', `/api/admin/franchises/${franchisor.franchiseId}`, { token: admin });
    await call('GET', '/api/admin/sessions', { token: admin });
    await call('GET', `/api/admin/sessions/${meeting.id}`, { token: admin });
    await call('GET', '/api/admin/payments', { token: admin });
    await call('GET', '/api/admin/promotions', { token: admin });
    await call('GET', '/api/admin/brand-names', { token: admin });
    await call('GET', '/api/admin/requests?type=user', { token: admin });
    await call('GET', `/api/admin/franchises/${franchisor.franchiseId}/api-keys`, { token: admin });
    await call('GET', `/api/admin/franchises/${franchisor.franchiseId}/webhooks/endpoints`, {
      token: admin,
    });

    // Errors have their documented shape too.
    await call('GET', '/api/users/profile', { status: 401 });
    await call('GET', '/api/session/no-such-meeting', { token: franchisor.token, status: 404 });
    await call('POST', '/api/webhooks/endpoints', {
      token: franchisor.token,
      status: 400,
      body: { url: 'not a url', events: [] },
    });

    for (const tag of [
      'System',
      'Auth',
      'Profile',
      'Calendar',
      'Discovery',
      'Payments',
      'Meetings',
      'Chats',
      'Notifications',
      'Promotions',
      'Realtime',
      'API keys',
      'Webhooks',
      'Admin',
    ]) {
      expect(checked.get(tag) ?? 0, `answers checked for ${tag}`).toBeGreaterThan(0);
    }
  });
});
