import {
  EMBED_CONSENT_TTL_MS,
  EMBED_SESSION_MAX_AGE_MS,
  EMBED_SESSION_PREFIX,
  EMBED_SESSION_TTL_MS,
} from '@fm/sdk/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  type EmbedSessionRef,
  SESSION_USER_COLUMNS,
  type SessionUser,
  sessionUserOf,
} from '../../auth/session.ts';
import { hashToken, randomToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { apiKey, embedConsent, embedSession, user } from '../../db/schema/index.ts';

/** A renewed token keeps working this long, for the calls already under way with it. */
export const RENEWAL_GRACE_MS = 60_000;

/** A new token and when it expires. */
export interface IssuedEmbedSession {
  token: string;
  expiresAt: Date;
}

const isEmbedToken = (token: string) => token.startsWith(EMBED_SESSION_PREFIX);

/**
 * Embed sessions (decision 029): issued by the popup's sign-in for a member of the key's franchise, waiting
 * for the visitor's consent the first time per key, then an hour long; renewed only with the
 * current session (and, checked by the middleware, its key), never beyond
 * `EMBED_SESSION_MAX_AGE_MS` after the sign-in. A session resolves only while its key is live and
 * its user is still an active franchisor of the key's franchise, so revoking the key, leaving the
 * franchise or a deactivation ends it at the next call.
 *
 * @example
 * const sessions = createEmbedSessions({ db, now });
 * const { token } = await sessions.issue({ userId, apiKeyId, origin, awaitingConsent: false });
 * const found = await sessions.resolve(token); // { user, session }
 */
export function createEmbedSessions(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const live = and(
    isNull(embedSession.endedAt),
    isNull(apiKey.revokedAt),
    eq(apiKey.kind, 'publishable'),
    eq(user.franchiseId, apiKey.franchiseId),
    eq(user.role, 'franchisor'),
    eq(user.isDeleted, false),
    eq(user.isDeactivated, false),
    sql`coalesce(${user.banned}, 0) = 0`,
  );
  // The row's own id is the embed session's; the signed-in user's id comes back as `userId`.
  const { id: userId, ...userColumns } = SESSION_USER_COLUMNS;
  const columns = {
    id: embedSession.id,
    keyId: embedSession.apiKeyId,
    origin: embedSession.origin,
    expiresAt: embedSession.expiresAt,
    startedAt: embedSession.startedAt,
    renewedAt: embedSession.renewedAt,
    userId,
    ...userColumns,
  };
  const find = (awaitingConsent: boolean) =>
    db
      .select(columns)
      .from(embedSession)
      .innerJoin(user, eq(user.id, embedSession.userId))
      .innerJoin(apiKey, eq(apiKey.id, embedSession.apiKeyId))
      .where(
        and(
          eq(embedSession.tokenHash, sql.placeholder('hash')),
          gt(embedSession.expiresAt, sql.placeholder('now')),
          eq(embedSession.awaitingConsent, awaitingConsent),
          live,
        ),
      )
      .prepare();
  const findActive = find(false);
  const findAwaiting = find(true);

  type Row = NonNullable<Awaited<ReturnType<typeof findActive.get>>>;
  const toUser = (row: Row): SessionUser => sessionUserOf({ ...row, id: row.userId });
  const toRef = (row: Row): EmbedSessionRef => ({
    id: row.id,
    keyId: row.keyId,
    expiresAt: row.expiresAt,
    startedAt: row.startedAt,
    renewedAt: row.renewedAt,
  });

  async function issue(input: {
    userId: string;
    apiKeyId: string;
    origin: string;
    awaitingConsent: boolean;
    startedAt?: Date;
  }): Promise<IssuedEmbedSession> {
    const t = now();
    const startedAt = input.startedAt ?? t;
    const ttl = input.awaitingConsent ? EMBED_CONSENT_TTL_MS : EMBED_SESSION_TTL_MS;
    const expiresAt = new Date(
      Math.min(t.getTime() + ttl, startedAt.getTime() + EMBED_SESSION_MAX_AGE_MS),
    );
    const token = `${EMBED_SESSION_PREFIX}${randomToken()}`;
    // The visitor's lapsed sessions through this key are of no further use: keep the table small.
    await db
      .delete(embedSession)
      .where(
        and(
          eq(embedSession.userId, input.userId),
          eq(embedSession.apiKeyId, input.apiKeyId),
          lt(embedSession.expiresAt, t),
        ),
      );
    await db.insert(embedSession).values({
      tokenHash: hashToken(token),
      userId: input.userId,
      apiKeyId: input.apiKeyId,
      origin: input.origin,
      awaitingConsent: input.awaitingConsent,
      startedAt,
      createdAt: t,
      expiresAt,
    });
    return { token, expiresAt };
  }

  return {
    issue,

    /** The active session (consented, unexpired, key live, user a member) of a token, or null. */
    async resolve(token: string): Promise<{ user: SessionUser; session: EmbedSessionRef } | null> {
      if (!isEmbedToken(token)) return null;
      const row = await findActive.get({ hash: hashToken(token), now: now().getTime() });
      return row ? { user: toUser(row), session: toRef(row) } : null;
    },

    /** Whether this user has allowed this key (asked once per key). */
    async hasConsent(userId: string, apiKeyId: string): Promise<boolean> {
      const row = await db.query.embedConsent.findFirst({
        where: and(eq(embedConsent.userId, userId), eq(embedConsent.apiKeyId, apiKeyId)),
      });
      return row !== undefined;
    },

    /**
     * The visitor allows the key of a session awaiting consent: the consent is stored (user + key)
     * and the session becomes an active one of a full hour. Null for any other token.
     */
    async consent(token: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
      if (!isEmbedToken(token)) return null;
      const t = now();
      const row = await findAwaiting.get({ hash: hashToken(token), now: t.getTime() });
      if (!row) return null;
      const expiresAt = new Date(t.getTime() + EMBED_SESSION_TTL_MS);
      await db
        .insert(embedConsent)
        .values({ userId: row.userId, apiKeyId: row.keyId, origin: row.origin, createdAt: t })
        .onConflictDoNothing();
      const claimed = await db
        .update(embedSession)
        .set({ awaitingConsent: false, startedAt: t, expiresAt })
        .where(and(eq(embedSession.id, row.id), eq(embedSession.awaitingConsent, true)));
      if (claimed.rowsAffected === 0) return null;
      return { user: toUser(row), expiresAt };
    },

    /** Whether a call with this session should renew it: in its second half, not yet renewed. */
    dueForRenewal(session: EmbedSessionRef): boolean {
      const left = session.expiresAt.getTime() - now().getTime();
      return session.renewedAt === null && left < EMBED_SESSION_TTL_MS / 2;
    },

    /**
     * A new token for the same sign-in (origin and start carried over); the old one keeps working
     * for {@link RENEWAL_GRACE_MS} (calls already under way). Null when the sign-in is older than
     * the maximum age or this token was renewed already (another call of the page won).
     */
    async renew(session: EmbedSessionRef, userId: string): Promise<IssuedEmbedSession | null> {
      const t = now();
      if (t.getTime() >= session.startedAt.getTime() + EMBED_SESSION_MAX_AGE_MS) return null;
      const old = await db.query.embedSession.findFirst({
        where: eq(embedSession.id, session.id),
      });
      if (!old) return null;
      const claimed = await db
        .update(embedSession)
        .set({
          renewedAt: t,
          expiresAt: new Date(
            Math.min(session.expiresAt.getTime(), t.getTime() + RENEWAL_GRACE_MS),
          ),
        })
        .where(
          and(
            eq(embedSession.id, session.id),
            isNull(embedSession.renewedAt),
            isNull(embedSession.endedAt),
          ),
        );
      if (claimed.rowsAffected === 0) return null;
      return issue({
        userId,
        apiKeyId: session.keyId,
        origin: old.origin,
        awaitingConsent: false,
        startedAt: session.startedAt,
      });
    },

    /** Signs the session out (the token stops working at once). */
    async end(sessionId: string): Promise<void> {
      await db
        .update(embedSession)
        .set({ endedAt: now() })
        .where(and(eq(embedSession.id, sessionId), isNull(embedSession.endedAt)));
    },
  };
}

export type EmbedSessions = ReturnType<typeof createEmbedSessions>;
