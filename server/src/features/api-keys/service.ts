import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
  PUBLISHABLE_KEY_PREFIX,
  SECRET_KEY_PREFIX,
} from '@fm/sdk/contracts';
import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { apiKey, franchise, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';

type ApiKeyRow = typeof apiKey.$inferSelect;

/** SHA-256 (hex) of a key: keys are long random strings, so a fast hash is the right one. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: the prefix and 32 random bytes (256 bits) in base64url. */
const newKey = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Last use is written at most this often per key (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60_000;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  franchiseId: row.franchiseId,
  kind: row.kind,
  name: row.name,
  prefix: row.prefix,
  publishableKey: row.publishableKey,
  allowedOrigins: row.allowedOrigins,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A live secret key as the authentication middleware sees it. */
export interface SecretKey {
  id: string;
  franchiseId: string;
  scopes: readonly ApiKeyScope[];
}

/** A live publishable key: what the embed side needs (origins and owner). */
export interface PublishableKey {
  id: string;
  franchiseId: string;
  allowedOrigins: readonly string[];
}

/**
 * A franchise's API keys (D18): create (the secret shown once), list, revoke, and the look-ups the
 * request path needs. Ownership is checked by the caller passing the franchise id it may act for.
 *
 * @example
 * const keys = createApiKeyService({ db, now });
 * const { key } = await keys.create(franchiseId, { kind: 'secret', name: 'CRM', scopes: ['meetings:write'] }, userId);
 */
export function createApiKeyService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  const findLive = (hash: string, kind: 'secret' | 'publishable') =>
    db.query.apiKey.findFirst({
      where: and(eq(apiKey.keyHash, hash), eq(apiKey.kind, kind), isNull(apiKey.revokedAt)),
    });

  return {
    async list(franchiseId: string): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(apiKey)
        .where(eq(apiKey.franchiseId, franchiseId))
        .orderBy(desc(apiKey.createdAt));
      return rows.map(toApiKey);
    },

    async create(
      franchiseId: string,
      input: CreateApiKeyInput,
      createdByUserId: string,
    ): Promise<CreatedApiKey> {
      const parsed = parseInput(CreateApiKeyInputSchema, input);
      const owner = await db.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) });
      if (!owner) throw new AppError('NOT_FOUND');
      const secret = parsed.kind === 'secret';
      const key = newKey(secret ? SECRET_KEY_PREFIX : PUBLISHABLE_KEY_PREFIX);
      const [row] = await db
        .insert(apiKey)
        .values({
          franchiseId,
          kind: parsed.kind,
          name: parsed.name,
          keyHash: hashKey(key),
          prefix: `${key.slice(0, secret ? 7 : 11)}…`,
          publishableKey: secret ? null : key,
          allowedOrigins: secret ? [] : [...new Set(parsed.allowedOrigins)],
          scopes: secret ? [...new Set(parsed.scopes)] : [],
          createdByUserId,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new AppError('INTERNAL_ERROR');
      return { ...toApiKey(row), key };
    },

    /** Revokes a key of this franchise (404 for another franchise's); revoking twice is harmless. */
    async revoke(franchiseId: string, id: string): Promise<ApiKey> {
      const row = await db.query.apiKey.findFirst({
        where: and(eq(apiKey.id, id), eq(apiKey.franchiseId, franchiseId)),
      });
      if (!row) throw new AppError('NOT_FOUND');
      if (row.revokedAt) return toApiKey(row);
      const [revoked] = await db
        .update(apiKey)
        .set({ revokedAt: now() })
        .where(eq(apiKey.id, id))
        .returning();
      return toApiKey(revoked ?? row);
    },

    /** The live secret key with this value, or null. */
    async findSecret(key: string): Promise<SecretKey | null> {
      if (!key.startsWith(SECRET_KEY_PREFIX)) return null;
      const row = await findLive(hashKey(key), 'secret');
      return row
        ? { id: row.id, franchiseId: row.franchiseId, scopes: row.scopes as ApiKeyScope[] }
        : null;
    },

    /** The live publishable key with this value, or null (for the embed side, D18). */
    async findPublishable(key: string): Promise<PublishableKey | null> {
      if (!key.startsWith(PUBLISHABLE_KEY_PREFIX)) return null;
      const row = await findLive(hashKey(key), 'publishable');
      return row
        ? { id: row.id, franchiseId: row.franchiseId, allowedOrigins: row.allowedOrigins }
        : null;
    },

    /** Records a use; writes at most once a minute per key. */
    async touch(id: string): Promise<void> {
      const at = now();
      await db
        .update(apiKey)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKey.id, id),
            or(
              isNull(apiKey.lastUsedAt),
              lt(apiKey.lastUsedAt, new Date(at.getTime() - TOUCH_EVERY_MS)),
            ),
          ),
        );
    },

    /**
     * Who a secret key acts as: the franchise's billing contact, else its earliest active
     * franchisor member; null when the franchise has no active member.
     */
    async actingUser(franchiseId: string): Promise<SessionUser | null> {
      const owner = await db.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) });
      if (!owner) return null;
      const members = await db
        .select({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          isVerified: user.isVerified,
          franchiseId: user.franchiseId,
        })
        .from(user)
        .where(
          and(
            eq(user.franchiseId, franchiseId),
            eq(user.role, 'franchisor'),
            eq(user.isDeleted, false),
            eq(user.isDeactivated, false),
            or(isNull(user.banned), eq(user.banned, false)),
          ),
        )
        .orderBy(asc(user.createdAt));
      return members.find((m) => m.id === owner.billingContactUserId) ?? members[0] ?? null;
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
