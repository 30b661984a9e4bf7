import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_TEXT,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
  isSecureEmbedOrigin,
  PUBLISHABLE_KEY_PREFIX,
  SECRET_KEY_PREFIX,
  type UpdateApiKeyInput,
  UpdateApiKeyInputSchema,
} from '@fm/sdk/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  ACCOUNT_STANDING_COLUMNS,
  SESSION_USER_COLUMNS,
  type SessionUser,
  sessionUserOf,
} from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { apiKey, embedSession, franchise, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';

type ApiKeyRow = typeof apiKey.$inferSelect;

/** SHA-256 (hex) of a key: keys are long random strings, so a fast hash is the right one. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: the prefix and 32 random bytes (256 bits) in base64url. */
const newKey = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Last use is written at most this often per key (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60_000;

const toApiKey = (row: ApiKeyRow, creatorLeft = false): ApiKey => ({
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
  creatorLeft,
});

/**
 * Refuses an embed key's origin that is not `https://` (plain `http://` only for localhost and
 * 127.0.0.1, decision 029) with 422 and a message at `allowedOrigins`, naming the first such origin.
 */
function requireSecureOrigins(origins: readonly string[]): void {
  const insecure = origins.find((origin) => !isSecureEmbedOrigin(origin));
  if (insecure === undefined) return;
  const message = API_KEY_TEXT.insecureOrigin(insecure);
  throw new AppError('RULE_VIOLATION', { message, errors: { allowedOrigins: message } });
}

type KeyCreator = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: SessionUser['role'];
  isVerified: boolean;
  franchiseId: string | null;
  isDeleted: boolean;
  isDeactivated: boolean;
  banned: boolean | null;
};

/** Whether a key made by `creator` may act for `franchiseId`: an active member of it, or an admin. */
function actsFor(creator: KeyCreator | undefined, franchiseId: string): boolean {
  if (!creator || creator.isDeleted || creator.isDeactivated || creator.banned) return false;
  return (
    creator.role === 'admin' ||
    (creator.role === 'franchisor' && creator.franchiseId === franchiseId)
  );
}

/** A live secret key as the authentication middleware sees it. */
export interface SecretKey {
  id: string;
  franchiseId: string;
  scopes: readonly ApiKeyScope[];
  createdByUserId: string | null;
}

/** A live publishable key: what the embed side needs (origins and owner). */
export interface PublishableKey {
  id: string;
  franchiseId: string;
  allowedOrigins: readonly string[];
}

/**
 * A franchise's API keys (rule 18): create (the secret shown once), list, revoke, and the look-ups the
 * request path needs. Ownership is checked by the caller passing the franchise id it may act for.
 *
 * @example
 * const keys = createApiKeyService({ db, now });
 * const { key } = await keys.create(franchiseId, { kind: 'secret', name: 'CRM', scopes: ['meetings:write'] }, userId);
 */
export function createApiKeyService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** The accounts among `ids` with what decides whether a key may act as them. */
  const membersAndAdmins = async (ids: readonly (string | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return [];
    return db
      .select({ ...SESSION_USER_COLUMNS, ...ACCOUNT_STANDING_COLUMNS })
      .from(user)
      .where(inArray(user.id, wanted));
  };

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
      const creators = new Map(
        (await membersAndAdmins(rows.map((r) => r.createdByUserId))).map((u) => [u.id, u]),
      );
      return rows.map((row) =>
        toApiKey(
          row,
          row.kind === 'secret' &&
            !actsFor(creators.get(row.createdByUserId ?? ''), row.franchiseId),
        ),
      );
    },

    async create(
      franchiseId: string,
      input: CreateApiKeyInput,
      createdByUserId: string,
    ): Promise<CreatedApiKey> {
      const parsed = parseInput(CreateApiKeyInputSchema, input);
      if (parsed.kind === 'publishable') requireSecureOrigins(parsed.allowedOrigins);
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

    /**
     * Edits a live key of this franchise (404 for another franchise's): its name, and a
     * publishable key's allowed origins, checked as at creation (422 for an origin that is not
     * `https://`). A revoked key, or origins for a secret key, is 422.
     */
    async update(franchiseId: string, id: string, input: UpdateApiKeyInput): Promise<ApiKey> {
      const parsed = parseInput(UpdateApiKeyInputSchema, input);
      const row = await db.query.apiKey.findFirst({
        where: and(eq(apiKey.id, id), eq(apiKey.franchiseId, franchiseId)),
      });
      if (!row) throw new AppError('NOT_FOUND');
      if (row.revokedAt) {
        throw new AppError('RULE_VIOLATION', { message: 'A revoked key cannot be edited.' });
      }
      if (parsed.allowedOrigins !== undefined) {
        if (row.kind !== 'publishable') {
          const message = 'Only a publishable key has allowed origins.';
          throw new AppError('RULE_VIOLATION', { message, errors: { allowedOrigins: message } });
        }
        requireSecureOrigins(parsed.allowedOrigins);
      }
      const changes = {
        ...(parsed.name !== undefined ? { name: parsed.name } : {}),
        ...(parsed.allowedOrigins !== undefined
          ? { allowedOrigins: [...new Set(parsed.allowedOrigins)] }
          : {}),
      };
      if (Object.keys(changes).length === 0) return toApiKey(row);
      const [updated] = await db.update(apiKey).set(changes).where(eq(apiKey.id, id)).returning();
      return toApiKey(updated ?? row);
    },

    /**
     * Revokes a key of this franchise (404 for another franchise's); revoking twice is harmless.
     * The embed sessions made through a publishable key end with it (decision 029).
     */
    async revoke(franchiseId: string, id: string): Promise<ApiKey> {
      const row = await db.query.apiKey.findFirst({
        where: and(eq(apiKey.id, id), eq(apiKey.franchiseId, franchiseId)),
      });
      if (!row) throw new AppError('NOT_FOUND');
      if (row.revokedAt) return toApiKey(row);
      const at = now();
      const [revoked] = await db
        .update(apiKey)
        .set({ revokedAt: at })
        .where(eq(apiKey.id, id))
        .returning();
      await db
        .update(embedSession)
        .set({ endedAt: at })
        .where(and(eq(embedSession.apiKeyId, id), isNull(embedSession.endedAt)));
      return toApiKey(revoked ?? row);
    },

    /** The live secret key with this value, or null. */
    async findSecret(key: string): Promise<SecretKey | null> {
      if (!key.startsWith(SECRET_KEY_PREFIX)) return null;
      const row = await findLive(hashKey(key), 'secret');
      return row
        ? {
            id: row.id,
            franchiseId: row.franchiseId,
            scopes: row.scopes as ApiKeyScope[],
            createdByUserId: row.createdByUserId,
          }
        : null;
    },

    /** The live publishable key with this value, or null (for the embed side, rule 18). */
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
    /**
     * Who a secret key acts as: the member who created it, while they belong to its franchise and
     * are active (null once they left or were deactivated: the key stops working). A key an admin
     * made for a franchise acts as the franchise's billing contact, never as the admin.
     */
    async keyActor(key: SecretKey): Promise<SessionUser | null> {
      const [creator] = await membersAndAdmins([key.createdByUserId]);
      if (creator?.role === 'admin') return this.actingUser(key.franchiseId);
      return creator && actsFor(creator, key.franchiseId) ? sessionUserOf(creator) : null;
    },

    async actingUser(franchiseId: string): Promise<SessionUser | null> {
      const owner = await db.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) });
      if (!owner) return null;
      const members = await db
        .select(SESSION_USER_COLUMNS)
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
