import {
  type AuthResult,
  EMBED_SIGN_IN_TEXT,
  type EmbedKeyInfo,
  type EmbedSession,
  EmbedSignInInputSchema,
  isSecureEmbedOrigin,
  normalizeOrigin,
  originAllowed,
} from '@fm/sdk/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv, SessionUser } from '../../auth/session.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { apiKey, franchise, refreshToken, session, user } from '../../db/schema/index.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { hashKey } from '../api-keys/service.ts';
import type { AccountService } from '../auth/service.ts';
import type { EmbedSessions } from './embed-sessions.ts';

const bearer = (c: Context) => {
  const [scheme, value] = (c.req.header('authorization') ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
};

const answer = (
  u: Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>,
  issued: { token: string; expiresAt: Date },
  consentRequired: boolean,
): EmbedSession => ({
  token: issued.token,
  expiresAt: issued.expiresAt.toISOString(),
  user: { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role },
  consentRequired,
});

/**
 * `/api/embed` (rule 18, decision 029), the product's side of a partner page's sign-in:
 * - `GET /keys/{key}` (public; the key is public too): the origins a live publishable key allows
 *   and its franchise's name, for the portal's `/embed/sign-in` popup, which answers only to one
 *   of those origins. 404 for an unknown or revoked key.
 * - `POST /sign-in {key, origin, email, password}` (the popup): checks the key and the page's
 *   origin first, then the credentials with every rule and limit of an account's sign-in, and
 *   keeps no account session. Only a franchisor of the key's franchise gets through (admins and
 *   consultants, and members of other franchises, 403 with a message saying so); the answer is an
 *   embed session — awaiting the visitor's consent (`consentRequired`) the first time per key.
 * - `POST /consent` (the popup, `Authorization: Bearer` the awaiting session): the visitor allows
 *   the key; stored per user and key, and the session becomes usable.
 * - `POST /session/renew` (the elements, with the embed session and its key): a new token for the
 *   same sign-in; the embed scope has already checked the key.
 *
 * @example
 * api.route('/embed', embedRoutes({ db, accounts, sessions, trustProxy: false }));
 */
export function embedRoutes(deps: {
  db: Db;
  accounts: Pick<AccountService, 'signIn'>;
  sessions: EmbedSessions;
  trustProxy: boolean;
}) {
  const { db, sessions } = deps;

  const liveKey = async (value: string) => {
    const [row] = await db
      .select({
        id: apiKey.id,
        franchiseId: apiKey.franchiseId,
        allowedOrigins: apiKey.allowedOrigins,
        franchiseName: franchise.company,
      })
      .from(apiKey)
      .innerJoin(franchise, eq(franchise.id, apiKey.franchiseId))
      .where(
        and(
          eq(apiKey.keyHash, hashKey(value)),
          eq(apiKey.kind, 'publishable'),
          isNull(apiKey.revokedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  };

  /** The account session a sign-in makes is never handed out here: it goes at once. */
  const discard = async (account: AuthResult) => {
    await db.delete(session).where(eq(session.token, account.token));
    await db
      .delete(refreshToken)
      .where(eq(refreshToken.tokenHash, hashToken(account.refreshToken)));
  };

  return new Hono<AppEnv>()
    .get('/keys/:key', async (c) => {
      const row = await liveKey(c.req.param('key'));
      if (!row)
        throw new AppError('NOT_FOUND', {
          message: 'This embed key is not valid or has been revoked.',
        });
      const info: EmbedKeyInfo = {
        allowedOrigins: row.allowedOrigins,
        franchiseName: row.franchiseName,
      };
      return c.json(info);
    })
    .post('/sign-in', validate('json', EmbedSignInInputSchema), async (c) => {
      const input = c.req.valid('json');
      const key = await liveKey(input.key);
      if (!key) throw new AppError('EMBED_KEY_INVALID');
      const origin = normalizeOrigin(input.origin);
      if (!origin || !originAllowed(key.allowedOrigins, origin) || !isSecureEmbedOrigin(origin)) {
        throw new AppError('EMBED_ORIGIN_NOT_ALLOWED');
      }
      const account = await deps.accounts.signIn(
        { email: input.email, password: input.password },
        clientIp(c, deps.trustProxy),
      );
      await discard(account);
      const member = await db.query.user.findFirst({ where: eq(user.id, account.user.id) });
      if (!member || member.banned) throw new AppError('ACCOUNT_DEACTIVATED');
      if (member.role !== 'franchisor') {
        throw new AppError('FORBIDDEN', { message: EMBED_SIGN_IN_TEXT.rolesRefused });
      }
      if (member.franchiseId !== key.franchiseId) {
        throw new AppError('FORBIDDEN', {
          message: EMBED_SIGN_IN_TEXT.membersOnly(key.franchiseName),
        });
      }
      const consented = await sessions.hasConsent(member.id, key.id);
      const issued = await sessions.issue({
        userId: member.id,
        apiKeyId: key.id,
        origin,
        awaitingConsent: !consented,
      });
      return c.json(answer(member, issued, !consented));
    })
    .post('/consent', async (c) => {
      const token = bearer(c);
      const consented = token ? await sessions.consent(token) : null;
      if (!token || !consented) {
        throw new AppError('UNAUTHORIZED', {
          message: 'This sign-in has expired. Please sign in again.',
        });
      }
      return c.json(answer(consented.user, { token, expiresAt: consented.expiresAt }, false));
    })
    .post('/session/renew', async (c) => {
      const current = c.get('embedSession');
      const who = c.get('user');
      if (!current || !who) throw new AppError('UNAUTHORIZED');
      const renewed = await sessions.renew(current, who.id);
      if (!renewed) {
        throw new AppError('UNAUTHORIZED', {
          message: 'This sign-in can no longer be renewed. Please sign in again.',
        });
      }
      return c.json(answer(who, renewed, false));
    });
}
