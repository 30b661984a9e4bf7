import { AUTH_HEADERS, EMBED_SESSION_PREFIX, type Role } from '@fm/sdk/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { Auth } from './auth.ts';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';
import type { RefreshTokens } from './refresh-tokens.ts';

/** The signed-in user as every route sees it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isVerified: boolean;
  franchiseId: string | null;
}

/** The columns of a {@link SessionUser}, for every query that signs someone in. */
export const SESSION_USER_COLUMNS = {
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  isVerified: user.isVerified,
  franchiseId: user.franchiseId,
};

/**
 * The {@link SessionUser} of a row carrying its fields (a user row, a joined row): only those, so
 * no other column of the row travels with the signed-in user.
 * @example const viewer = sessionUserOf(await db.query.user.findFirst({ where }));
 */
export const sessionUserOf = (row: SessionUser): SessionUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  isVerified: row.isVerified,
  franchiseId: row.franchiseId,
});

/** Whether an account may act at all: the columns every credential's check reads. */
export const ACCOUNT_STANDING_COLUMNS = {
  isDeleted: user.isDeleted,
  isDeactivated: user.isDeactivated,
  banned: user.banned,
};

/**
 * An embed session a request came with (decision 029): the credentials a partner page's elements hold,
 * bound to one publishable key and scoped to the elements' calls (features/embed/embed-scope.ts).
 */
export interface EmbedSessionRef {
  id: string;
  /** The publishable key it was made through: every call must carry that key. */
  keyId: string;
  expiresAt: Date;
  startedAt: Date;
  renewedAt: Date | null;
}

/** How the session middleware finds the user of an embed session token (`fmes_…`). */
export type EmbedSessionResolver = (
  token: string,
) => Promise<{ user: SessionUser; session: EmbedSessionRef } | null>;

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    sessionToken: string | null;
    /** The publishable embed key a request was admitted with (rule 18), if any. */
    embedAccess?: { keyId: string; franchiseId: string; origin: string } | undefined;
    /** The embed session that signed the request in (decision 029), if it was one. */
    embedSession?: EmbedSessionRef | undefined;
    /** The secret API key that authenticated the request, if any. */
    apiKeyId?: string | undefined;
  };
};

const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
};

/**
 * Resolves credentials on every API request (rule 6): the bearer access token (a better-auth session,
 * sliding), else a valid `refresh-token` buys a new session whose tokens go back in response headers.
 * Deleted, deactivated and banned accounts are never signed in. An embed session token (`fmes_…`,
 * decision 029) is resolved by `embedSessions` and marks the request (`embedSession`), so the embed scope
 * that follows keeps it to the elements' calls; it never falls back to a refresh token.
 */
export function createSessionMiddleware(deps: {
  db: Db;
  auth: Auth;
  refreshTokens: RefreshTokens;
  now: () => Date;
  /** Embed sessions (decision 029); without it an embed token signs nobody in. */
  embedSessions?: EmbedSessionResolver | undefined;
}): MiddlewareHandler<AppEnv> {
  const { db, now } = deps;
  const findByToken = db
    .select({
      expiresAt: session.expiresAt,
      ...SESSION_USER_COLUMNS,
      ...ACCOUNT_STANDING_COLUMNS,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(
        eq(session.token, sql.placeholder('token')),
        gt(session.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare();

  const active = (row: { isDeleted: boolean; isDeactivated: boolean; banned: boolean | null }) =>
    !row.isDeleted && !row.isDeactivated && !row.banned;

  async function fromAccessToken(token: string): Promise<SessionUser | null> {
    const t = now();
    const row = await findByToken.get({ token, now: t.getTime() });
    if (!row || !active(row)) return null;
    const slideAfter =
      row.expiresAt.getTime() - (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
    if (t.getTime() > slideAfter) {
      await db
        .update(session)
        .set({ expiresAt: new Date(t.getTime() + SESSION_TTL_SECONDS * 1000) })
        .where(eq(session.token, token));
    }
    return sessionUserOf(row);
  }

  async function fromRefreshToken(
    c: Context<AppEnv>,
    refresh: string,
  ): Promise<SessionUser | null> {
    const result = await deps.refreshTokens.rotate(refresh);
    if (result.status === 'invalid') return null;
    const row = await db.query.user.findFirst({ where: eq(user.id, result.userId) });
    if (!row || !active(row)) return null;
    const ctx = await deps.auth.$context;
    const created = await ctx.internalAdapter.createSession(row.id);
    c.header(AUTH_HEADERS.newAccessToken, created.token);
    if (result.status === 'rotated') c.header(AUTH_HEADERS.newRefreshToken, result.refreshToken);
    c.set('sessionToken', created.token);
    return sessionUserOf(row);
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('sessionToken', null);
    const token = bearerToken(c.req.header('authorization'));
    const refresh = c.req.header(AUTH_HEADERS.refreshToken);
    let current: SessionUser | null = null;
    if (token?.startsWith(EMBED_SESSION_PREFIX)) {
      const embedded = deps.embedSessions ? await deps.embedSessions(token) : null;
      c.set('user', embedded?.user ?? null);
      c.set('embedSession', embedded?.session);
      await next();
      return;
    }
    if (token) {
      current = await fromAccessToken(token);
      if (current) c.set('sessionToken', token);
    }
    if (!current && refresh) current = await fromRefreshToken(c, refresh);
    c.set('user', current);
    await next();
  });
}

/** The signed-in user, or 401 in rule 7's shape. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const current = c.get('user');
  if (!current) throw new AppError('UNAUTHORIZED');
  return current;
}

/** Route guard: 401 without credentials, 403 for other roles. */
export const requireRole = (...roles: Role[]): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const current = requireUser(c);
    if (!roles.includes(current.role)) {
      throw new AppError(
        roles.includes('admin') && roles.length === 1 ? 'ADMIN_ONLY' : 'FORBIDDEN',
      );
    }
    await next();
  });

/** Route guard: any signed-in user. */
export const signedIn: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});
