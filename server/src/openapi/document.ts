import {
  API_VERSION,
  API_VERSION_HEADER,
  ErrorBodySchema,
  IDEMPOTENCY_HEADER,
} from '@fm/sdk/contracts';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { type Access, ROUTE_DOCS, type RouteDoc } from './registry.ts';

/** A mounted route as Hono lists it (`app.routes`). */
export interface MountedRoute {
  method: string;
  path: string;
}

type Json = Record<string, unknown>;

const schemaOf = (schema: v.GenericSchema, typeMode: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, {
    errorMode: 'ignore',
    typeMode,
  }) as JsonSchema & Json;
  return rest as Json;
};

/** `/api/users/:id` → `/api/users/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The documented routes among Hono's: `/api`, a real method, no wildcards; unique. */
export function apiRoutes(
  routes: readonly MountedRoute[],
): { method: string; path: string; key: string }[] {
  const seen = new Map<string, { method: string; path: string; key: string }>();
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*'))
      continue;
    const path = openApiPath(route.path);
    const key = `${route.method} ${path}`;
    if (!seen.has(key)) seen.set(key, { method: route.method, path, key });
  }
  return [...seen.values()];
}

const SECURITY: Record<Access, Json[]> = {
  public: [],
  user: [{ bearer: [] }],
  franchisor: [{ bearer: [] }],
  consultant: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  internal: [{ internal: [] }],
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'No sign-in needed.',
  user: 'Any signed-in user.',
  franchisor: 'Franchisors.',
  consultant: 'Consultants.',
  admin: 'Admins.',
  internal: 'Our own services only (realtime rooms, Stripe).',
};

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api/, '')
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

function parameters(path: string, doc: RouteDoc | undefined): Json[] {
  const params: Json[] = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (doc?.query) {
    const query = schemaOf(doc.query, 'input') as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const array = schema.type === 'array';
      params.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        schema,
        ...(array ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return params;
}

function operation(method: string, path: string, doc: RouteDoc | undefined): Json {
  if (!doc) {
    return {
      summary: 'Undocumented',
      tags: ['Undocumented'],
      operationId: operationId(method, path),
      responses: { default: { description: 'Undocumented' } },
    };
  }
  const status = String(doc.status ?? 200);
  const success: Json = {
    description: 'Success',
    headers: {
      [API_VERSION_HEADER]: { $ref: '#/components/headers/ApiVersion' },
      'x-request-id': { $ref: '#/components/headers/RequestId' },
    },
  };
  if (doc.response === 'file') {
    success.content = {
      [doc.produces ?? 'application/octet-stream']: {
        schema: { type: 'string', format: 'binary' },
      },
    };
  } else if (doc.response) {
    success.content = { 'application/json': { schema: schemaOf(doc.response, 'output') } };
  }
  const description = [
    ACCESS_TEXT[doc.access],
    doc.scope ? `Secret API keys need the \`${doc.scope}\` scope.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const op: Json = {
    operationId: operationId(method, path),
    summary: doc.summary,
    description,
    tags: [doc.tag],
    parameters: parameters(path, doc),
    security: SECURITY[doc.access],
    responses: {
      [status]: success,
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
  if (doc.scope) op['x-api-key-scope'] = doc.scope;
  if (doc.bodyType === 'multipart') {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object' } } },
    };
  } else if (doc.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(doc.body, 'input') } },
    };
  }
  if (method === 'POST' && /Idempotency-Key/.test(doc.summary)) {
    (op.parameters as Json[]).push({ $ref: '#/components/parameters/IdempotencyKey' });
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of the API: every mounted `/api` route (from Hono's `app.routes`) with
 * the contract's valibot schemas (through `@valibot/to-json-schema`) from `ROUTE_DOCS`.
 * `undocumented` lists mounted routes without an entry; `stale` lists entries without a route.
 *
 * @example
 * const { document } = buildOpenApiDocument(app.routes);
 */
export function buildOpenApiDocument(routes: readonly MountedRoute[]) {
  const mounted = apiRoutes(routes);
  const paths: Record<string, Json> = {};
  const undocumented: string[] = [];
  for (const { method, path, key } of mounted) {
    const doc = ROUTE_DOCS[key];
    if (!doc) undocumented.push(key);
    paths[path] ??= {};
    (paths[path] as Json)[method.toLowerCase()] = operation(method, path, doc);
  }
  const keys = new Set(mounted.map((r) => r.key));
  const stale = Object.keys(ROUTE_DOCS).filter((key) => !keys.has(key));
  const tags = [...new Set(Object.values(ROUTE_DOCS).map((d) => d.tag))].map((name) => ({ name }));
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Franchise Meet API',
      version: API_VERSION,
      description:
        'Every answer carries `api-version` and `x-request-id`. Errors have one shape: `{ message, code, errors? }`. ' +
        'Within a dated version changes are additive; breaking changes get a new dated version and the previous one is served for at least 12 months. ' +
        'Authenticate with `Authorization: Bearer <access token>` (a person, from sign-in) or `Bearer sk_…` (a franchise’s secret API key, limited to its scopes). ' +
        'POSTs that create or charge honour `Idempotency-Key`.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session access token, or a secret API key (`sk_…`).',
        },
        internal: {
          type: 'http',
          scheme: 'bearer',
          description: 'The realtime room server’s shared secret, or Stripe’s signature.',
        },
      },
      headers: {
        ApiVersion: {
          description: 'The dated API version this answer was served with.',
          schema: { type: 'string', example: API_VERSION },
        },
        RequestId: {
          description: 'The id of this request in the logs; quote it to support.',
          schema: { type: 'string' },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'Any unique string of 8–255 visible characters; the first answer is replayed for 24 hours.',
          schema: { type: 'string', minLength: 8, maxLength: 255 },
        },
      },
      responses: {
        Error: {
          description: 'An error in the one shape of every error',
          content: { 'application/json': { schema: schemaOf(ErrorBodySchema, 'output') } },
        },
      },
    },
  };
  return { document, undocumented, stale };
}
