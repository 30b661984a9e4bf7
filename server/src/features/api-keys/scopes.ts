import type { ApiKeyScope } from '@fm/sdk/contracts';

/**
 * What a secret key may call: method + path → the scope it needs. `null` means any live key may
 * call it (health and configuration). A call not listed here is refused to every key.
 */
const RULES: readonly { method: string; path: RegExp; scope: ApiKeyScope | null }[] = [
  { method: 'GET', path: /^\/api\/(health|config)$/, scope: null },
  { method: 'GET', path: /^\/api\/users$/, scope: 'discovery:read' },
  { method: 'GET', path: /^\/api\/users\/filters$/, scope: 'discovery:read' },
  { method: 'GET', path: /^\/api\/users\/ai-franchisees-search$/, scope: 'discovery:read' },
  { method: 'GET', path: /^\/api\/users\/profile\/[^/]+$/, scope: 'discovery:read' },
  {
    method: 'GET',
    path: /^\/api\/territory\/states(\/[^/]+\/franchisees)?$/,
    scope: 'discovery:read',
  },
  {
    method: 'GET',
    path: /^\/api\/booking\/consultant\/[^/]+\/(slots|availability)$/,
    scope: 'discovery:read',
  },
  { method: 'GET', path: /^\/api\/session(\/[^/]+)?$/, scope: 'meetings:read' },
  { method: 'POST', path: /^\/api\/session$/, scope: 'meetings:write' },
  { method: 'DELETE', path: /^\/api\/session\/[^/]+$/, scope: 'meetings:write' },
  { method: 'POST', path: /^\/api\/session\/[^/]+\/review$/, scope: 'meetings:write' },
  // Rule 21: the franchise's webhook endpoints, their deliveries and replays.
  { method: 'GET', path: /^\/api\/webhooks\//, scope: 'webhooks:manage' },
  { method: 'POST', path: /^\/api\/webhooks\//, scope: 'webhooks:manage' },
  { method: 'PATCH', path: /^\/api\/webhooks\//, scope: 'webhooks:manage' },
  { method: 'DELETE', path: /^\/api\/webhooks\//, scope: 'webhooks:manage' },
];

/**
 * The scope a call needs from a secret key: a scope, `null` (any key), or `undefined` when no key
 * may make this call.
 *
 * @example
 * scopeFor('POST', '/api/session'); // 'meetings:write'
 * scopeFor('PATCH', '/api/users'); // undefined
 */
export function scopeFor(method: string, path: string): ApiKeyScope | null | undefined {
  const rule = RULES.find((r) => r.method === method && r.path.test(path));
  return rule ? rule.scope : undefined;
}
