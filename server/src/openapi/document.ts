import {
  API_VERSION,
  API_VERSION_HEADER,
  ErrorBodySchema,
  IDEMPOTENCY_HEADER,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGE_ID_PREFIX,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  webhookEventSchema,
} from '@fm/sdk/contracts';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import {
  documentedErrors,
  ERROR_ANSWERS,
  type ErrorStatus,
  honoursIdempotencyKey,
} from './error-answers.ts';
import { type Access, ROUTE_DOCS, type RouteDoc, TAG_DESCRIPTIONS } from './registry.ts';

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
  member: [{ bearer: [] }],
  franchisor: [{ bearer: [] }],
  consultant: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  internal: [{ internal: [] }],
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'No sign-in needed.',
  user: 'Any signed-in user.',
  member:
    'Franchisors (for their franchise) and consultants (for themselves); admins use the control panel’s routes.',
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
      ...Object.fromEntries(
        documentedErrors(method, path, doc).map((code) => [
          String(code),
          { $ref: `#/components/responses/${ERROR_ANSWERS[code].name}` },
        ]),
      ),
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
  if (honoursIdempotencyKey(method, path)) {
    (op.parameters as Json[]).push({ $ref: '#/components/parameters/IdempotencyKey' });
  }
  return op;
}

/** One documented error status: its meaning and the one error shape (rule 7). */
const errorAnswer = (code: ErrorStatus): Json => ({
  description: ERROR_ANSWERS[code].description,
  ...(code === 429
    ? {
        headers: {
          'retry-after': {
            description: 'Seconds until the limit resets.',
            schema: { type: 'integer', minimum: 1 },
          },
        },
      }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The tag of webhook endpoints' operations and of the events sent to them. */
const WEBHOOK_TAG = 'Webhooks';

/**
 * OpenAPI 3.1's `webhooks`: per event type (rule 21), the POST our servers make to a registered
 * endpoint, with the body schema from the contract and the Standard Webhooks headers.
 */
function webhookEvents(): Record<string, Json> {
  const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
  const delivery =
    `Sent to each enabled endpoint subscribed to this event, signed as the Standard Webhooks specification says: verify it with any Standard Webhooks library (\`standardwebhooks\`, or the SDK's \`verifyWebhook\`) and the endpoint's \`whsec_…\` secret. ` +
    `Delivered at least once: an answer other than 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} s (redirects are not followed) is retried ${WEBHOOK_RETRY_DELAYS_SECONDS.length} times over about ${Math.round(total / 8_640) / 10} days with the same \`webhook-id\`, so de-duplicate on it.`;
  const header = (name: string, description: string, schema: Json): Json => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  const parameters = [
    header(
      WEBHOOK_HEADERS.id,
      'The delivery’s id: the same on every retry and replay; receivers de-duplicate on it.',
      {
        type: 'string',
        pattern: `^${WEBHOOK_MESSAGE_ID_PREFIX}`,
        examples: ['msg_2Yk1bq8m0d3Vx7Tn'],
      },
    ),
    header(
      WEBHOOK_HEADERS.timestamp,
      'When this attempt was signed, in seconds since 1970 (UTC); refuse one far from your clock.',
      { type: 'string', pattern: '^[0-9]+$', examples: ['1767225600'] },
    ),
    header(
      WEBHOOK_HEADERS.signature,
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the secret; after a rotation, a space-separated signature for each secret still valid.',
      {
        type: 'string',
        pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$',
        examples: ['v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='],
      },
    ),
    header(
      API_VERSION_HEADER,
      'The API version whose contract this body follows: within one version, payloads only gain fields.',
      { type: 'string', examples: [API_VERSION] },
    ),
  ];
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook${type
            .split(/[._]/)
            .map((part) => part[0]?.toUpperCase() + part.slice(1))
            .join('')}`,
          summary: WEBHOOK_EVENTS[type],
          description: delivery,
          tags: [WEBHOOK_TAG],
          security: [],
          parameters,
          requestBody: {
            required: true,
            description: 'The event: `{ type, timestamp, data }`, `data` as `type` says.',
            content: {
              'application/json': { schema: schemaOf(webhookEventSchema(type), 'output') },
            },
          },
          responses: {
            '200': {
              description:
                'Received. Any 2xx answer ends the delivery; answer quickly and do the work afterwards.',
            },
            default: {
              description: 'Any other answer, or none in time: the delivery is retried later.',
            },
          },
        },
      },
    ]),
  );
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
  const used = new Set([...Object.values(ROUTE_DOCS).map((d) => d.tag), WEBHOOK_TAG]);
  const tags = [
    ...Object.keys(TAG_DESCRIPTIONS).filter((name) => used.has(name)),
    ...[...used].filter((name) => !(name in TAG_DESCRIPTIONS)),
  ].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
  const errorStatuses = new Set<ErrorStatus>();
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item as Record<string, { responses: Json }>)) {
      for (const code of Object.keys(op.responses)) {
        if (code in ERROR_ANSWERS) errorStatuses.add(Number(code) as ErrorStatus);
      }
    }
  }
  const errorResponses = Object.fromEntries(
    [...errorStatuses]
      .sort((a, b) => a - b)
      .map((code) => [ERROR_ANSWERS[code].name, errorAnswer(code)]),
  );
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Franchise Meet API',
      version: API_VERSION,
      description:
        'Every answer carries `api-version` and `x-request-id`. Errors have one shape: `{ message, code, errors? }`. ' +
        'Within a dated version changes are additive; breaking changes get a new dated version and the previous one is served for at least 12 months. ' +
        'Authenticate with `Authorization: Bearer <access token>` (a person, from sign-in) or `Bearer sk_…` (a franchise’s secret API key, limited to its scopes). ' +
        'POSTs that create or charge honour `Idempotency-Key`. ' +
        'Every operation lists the error statuses it can answer with; `webhooks` lists the events sent to registered endpoints.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    webhooks: webhookEvents(),
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
        ...errorResponses,
        Error: {
          description: 'An unexpected error, in the one shape of every error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: schemaOf(ErrorBodySchema, 'output'),
      },
    },
  };
  return { document, undocumented, stale };
}
