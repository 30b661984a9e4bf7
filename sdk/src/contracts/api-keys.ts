import * as v from 'valibot';
import { normalizeOrigin } from './embed.ts';

/**
 * A franchise's API keys (rule 18). Publishable embed keys (`pk_…`) are public: they let the
 * origins they name read public data and open the sign-in popup. Secret keys (`sk_…`) authenticate
 * a partner's backend as `Authorization: Bearer sk_…`, acting as the franchise's billing contact
 * and limited to their scopes; they are stored hashed and shown once, at creation.
 */
export const API_KEY_KINDS = ['publishable', 'secret'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** What a secret key may do. Every other call answers 403 `API_KEY_SCOPE_MISSING`. */
export const API_KEY_SCOPES = {
  'discovery:read': 'Search consultants and franchisors, read public profiles and free slots',
  'meetings:read': "Read the franchise's meetings",
  'meetings:write': 'Book and cancel meetings (charged to the franchise)',
  'webhooks:manage': "Manage the franchise's webhook endpoints and read their deliveries",
} as const;
export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_VALUES = Object.keys(API_KEY_SCOPES) as [ApiKeyScope, ...ApiKeyScope[]];

export const SECRET_KEY_PREFIX = 'sk_';

/** The texts of the Developers page (portal, my-profile). */
export const API_KEY_TEXT = {
  title: 'Developers',
  intro:
    'API keys let your website embed Franchise Meet (publishable keys) and your own servers book meetings through the API (secret keys).',
  publishableTitle: 'Publishable keys',
  secretTitle: 'Secret keys',
  create: 'Create key',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this key? Anything using it stops working at once.',
  name: 'Name',
  origins: 'Allowed origins',
  originsHelp:
    'One per line, e.g. https://www.your-brand.com (scheme, host and port, exactly; http:// only for localhost).',
  insecureOrigin: (origin: string) =>
    `${origin} is not allowed: use https:// (plain http:// only for localhost and 127.0.0.1).`,
  scopes: 'Scopes',
  lastUsed: 'Last used',
  never: 'Never',
  revoked: 'Revoked',
  creatorLeft:
    'Stopped: whoever created it has left the franchise or was deactivated. Revoke it and create a new key.',
  keyStopped:
    'This API key has stopped working: whoever created it has left the franchise or was deactivated. A member of the franchise can create a new key.',
  shownOnce: 'Copy this secret key now. It will not be shown again.',
  created: 'API key created',
  revokedToast: 'API key revoked',
  empty: 'No keys yet.',
  noFranchise: 'Name your franchise in your profile before creating API keys.',
  // The shared key manager (widgets kit), e.g. on the admin's franchise page.
  section: 'API keys',
  kind: 'Kind',
  kinds: { publishable: 'Publishable', secret: 'Secret' },
  kindChoices: {
    publishable: "Publishable key (the brand's website)",
    secret: "Secret key (the brand's servers)",
  },
  key: 'Key',
  access: 'Allowed origins / scopes',
  createdAt: 'Created',
  status: 'Status',
  active: 'Active',
  secretKey: 'Secret key',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the key and copy it by hand.',
  done: 'Done',
  createFailed: 'Failed to create API key. Please try again.',
  revokeFailed: 'Failed to revoke API key. Please try again.',
} as const;

const NameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please input a name'),
  v.maxLength(80, 'Use at most 80 characters'),
);

const OriginSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (origin) => normalizeOrigin(origin) !== null,
    'Use an origin such as https://www.your-brand.com (no path)',
  ),
  v.transform((origin) => normalizeOrigin(origin) ?? origin),
);

const OriginsSchema = v.pipe(
  v.array(OriginSchema),
  v.minLength(1, 'Add at least one allowed origin'),
  v.maxLength(20, 'Use at most 20 origins'),
);

/**
 * `POST /api/users/api-keys` (and the admin's `POST /api/admin/franchises/{id}/api-keys`). The
 * server also refuses an origin that is not `https://` (plain `http://` only for localhost and
 * 127.0.0.1) with 422 and a message at `allowedOrigins` (decision 029, `isSecureEmbedOrigin`).
 */
export const CreateApiKeyInputSchema = v.variant('kind', [
  v.object({
    kind: v.literal('publishable'),
    name: NameSchema,
    allowedOrigins: OriginsSchema,
  }),
  v.object({
    kind: v.literal('secret'),
    name: NameSchema,
    scopes: v.pipe(
      v.array(v.picklist(API_KEY_SCOPE_VALUES, 'Unknown scope')),
      v.minLength(1, 'Choose at least one scope'),
    ),
  }),
]);
export type CreateApiKeyInput = v.InferInput<typeof CreateApiKeyInputSchema>;

/**
 * `PATCH /api/users/api-keys/{id}` (and the admin's `PATCH /api/admin/franchises/{id}/api-keys/{keyId}`):
 * a key's new name and, for a publishable key, its new allowed origins (checked as at creation).
 */
export const UpdateApiKeyInputSchema = v.object({
  name: v.optional(NameSchema),
  allowedOrigins: v.optional(OriginsSchema),
});
export type UpdateApiKeyInput = v.InferInput<typeof UpdateApiKeyInputSchema>;

/** A key as listed: never the secret itself. */
export const ApiKeySchema = v.object({
  id: v.string(),
  franchiseId: v.string(),
  kind: v.picklist(API_KEY_KINDS),
  name: v.string(),
  /** The first characters, to recognise a key (`sk_4f9a…`). */
  prefix: v.string(),
  /** The whole key for publishable keys (they are public); null for secret keys. */
  publishableKey: v.nullable(v.string()),
  allowedOrigins: v.array(v.string()),
  scopes: v.array(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
  /**
   * A secret key acts as the member who created it: true once that member has left the franchise
   * or was deactivated, and the key no longer works.
   */
  creatorLeft: v.boolean(),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

export const ApiKeyListSchema = v.object({ data: v.array(ApiKeySchema) });
export type ApiKeyList = v.InferOutput<typeof ApiKeyListSchema>;

/** The answer of a create: the key and, this once, its whole value (`key`). */
export const CreatedApiKeySchema = v.object({ ...ApiKeySchema.entries, key: v.string() });
export type CreatedApiKey = v.InferOutput<typeof CreatedApiKeySchema>;
