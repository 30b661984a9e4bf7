import {
  ACTIVATION_TOKEN_TTL_MS,
  type ActivateInput,
  type AuthResult,
  type AuthUser,
  type ChangePasswordInput,
  PRODUCT_NAME,
  type Role,
  type SignInInput,
  type SignUpInputSchema,
} from '@fm/sdk/contracts';
import { APIError } from 'better-auth/api';
import { and, eq, gt, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Auth } from '../../auth/auth.ts';
import { withNewUserFields } from '../../auth/auth.ts';
import type { RefreshTokens } from '../../auth/refresh-tokens.ts';
import type { SessionUser } from '../../auth/session.ts';
import { hashToken, randomToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { account, session, user, verification } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import {
  type BackoffRule,
  createFailureBackoff,
  type FailureBackoff,
} from '../../http/failure-backoff.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { createEmailChangeService } from '../users/email-change.ts';

type SignUp = v.InferOutput<typeof SignUpInputSchema>;

export interface AccountServiceDeps {
  db: Db;
  auth: Auth;
  refreshTokens: RefreshTokens;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  limits: { signIn: number; signUp: number };
  now: () => Date;
  /** Closes a user's sockets when their sessions end (sign-out, password change or reset). */
  realtime: Pick<RealtimePublisher, 'disconnectUser'>;
}

const toAuthUser = (u: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
});

/** Activation links: consultants and franchisors have their own pages (user-area §2). */
export const activationLink = (publicUrl: string, role: Role, token: string) =>
  `${publicUrl}/${role === 'franchisor' ? 'activate-profile-franchisor' : 'activate-profile'}?token=${encodeURIComponent(token)}`;

/**
 * Rules 5 and 6 on top of better-auth: sign-up with a role (never admin) and the 18+ rule,
 * sign-in refusing deleted and deactivated accounts, refresh tokens, activation links, password changes.
 */
/** Per-address limits over all accounts, as a multiple of the per address-and-account one. */
const ADDRESS_FACTOR = 10;
const FORGOT_ADDRESS_FACTOR = 3;

/**
 * An account guessed at from many addresses: its wrong passwords make the next try wait, 1 s
 * doubling to a minute, after the first `RATE_LIMIT_SIGN_IN` of them; a right one clears it. Whoever
 * types wrong passwords never locks the owner out for longer than a minute.
 */
export const signInBackoff = (free: number): BackoffRule => ({
  free,
  baseMs: 1_000,
  maxMs: 60_000,
  forgetMs: 60 * 60_000,
});
/** Reset mails to one inbox: two at once, then spaced a minute doubling to fifteen. */
export const RESET_MAIL_BACKOFF: BackoffRule = {
  free: 2,
  baseMs: 60_000,
  maxMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
};

/** A backoff whose keys are `{prefix}:{key}`. */
function prefixed(prefix: string, backoff: FailureBackoff): FailureBackoff {
  return {
    check: (key) => backoff.check(`${prefix}:${key}`),
    count: (key) => backoff.count(`${prefix}:${key}`),
    clear: (key) => backoff.clear(`${prefix}:${key}`),
  };
}

/**
 * What the admin bootstrap found at `ADMIN_EMAIL`: the admin is ready, or the address belongs to an
 * account that is not an admin, which was left as it is (rule 4: never promoted).
 */
export type AdminBootstrapOutcome =
  | { outcome: 'ready' }
  | { outcome: 'held-by-non-admin'; userId: string; role: Role };

export function createAccountService(deps: AccountServiceDeps) {
  const { db, auth, refreshTokens, now } = deps;
  // Changing one's own e-mail needs the password and both mailboxes.
  const emailChanges = createEmailChangeService({
    db,
    auth,
    mailer: deps.mailer,
    refreshTokens,
    realtime: deps.realtime,
    limiter: deps.limiter,
    attempts: deps.limits.signIn,
    publicUrl: deps.publicUrl,
    now,
  });

  const signInFailures = prefixed(
    'sign-in',
    createFailureBackoff({ db, now, rule: signInBackoff(deps.limits.signIn) }),
  );
  const resetMails = prefixed(
    'reset-mail',
    createFailureBackoff({ db, now, rule: RESET_MAIL_BACKOFF }),
  );

  /** Counts a hit on every key; the first one over its limit refuses the call (429). */
  async function hitAll(keys: readonly (readonly [string, number])[]): Promise<void> {
    for (const [key, max] of keys) await deps.limiter.hit(key, max);
  }

  const findUserByEmail = (email: string) =>
    db.query.user.findFirst({ where: eq(user.email, email.toLowerCase()) });

  async function createSessionFor(userId: string): Promise<string> {
    const ctx = await auth.$context;
    const created = await ctx.internalAdapter.createSession(userId);
    return created.token;
  }

  async function credentialsFor(
    u: Parameters<typeof toAuthUser>[0],
    token: string,
  ): Promise<AuthResult> {
    return { token, refreshToken: await refreshTokens.issue(u.id), user: toAuthUser(u) };
  }

  async function signUp(input: SignUp, ip: string): Promise<AuthResult> {
    if (input.role === 'admin') throw new AppError('ROLE_NOT_ALLOWED');
    await deps.limiter.hit(`sign-up:${ip}`, deps.limits.signUp);
    if (await findUserByEmail(input.email)) {
      throw new AppError('EMAIL_EXISTS', {
        errors: { email: 'An account with this email already exists' },
      });
    }
    let created: { token: string | null; user: { id: string } };
    try {
      created = await withNewUserFields(
        {
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
          isVerified: true,
          ageConfirmedAt: now(),
        },
        () =>
          auth.api.signUpEmail({
            body: {
              email: input.email,
              password: input.password,
              name: `${input.firstName} ${input.lastName}`,
            },
          }),
      );
    } catch (error) {
      // A concurrent sign-up with the same e-mail loses on the unique index.
      if (error instanceof APIError) throw new AppError('EMAIL_EXISTS');
      throw error;
    }
    const stored = await db.query.user.findFirst({ where: eq(user.id, created.user.id) });
    if (!stored) throw new AppError('INTERNAL_ERROR');
    return credentialsFor(stored, created.token ?? (await createSessionFor(stored.id)));
  }

  async function signIn(input: SignInInput, ip: string): Promise<AuthResult> {
    const email = input.email.toLowerCase();
    await hitAll([
      [`sign-in:${ip}:${email}`, deps.limits.signIn],
      // One address trying many accounts.
      [`sign-in-address:${ip}`, deps.limits.signIn * ADDRESS_FACTOR],
    ]);
    // One account guessed at from many addresses: growing pauses, never a lock-out.
    await signInFailures.check(email);
    let token: string;
    try {
      const result = await auth.api.signInEmail({ body: { email, password: input.password } });
      token = result.token;
    } catch (error) {
      if (error instanceof APIError) {
        await signInFailures.count(email);
        throw new AppError('INVALID_CREDENTIALS');
      }
      throw error;
    }
    await signInFailures.clear(email);
    const stored = await findUserByEmail(email);
    if (!stored || stored.isDeleted || stored.isDeactivated) {
      await db.delete(session).where(eq(session.token, token));
      throw new AppError(
        stored?.isDeactivated && !stored.isDeleted ? 'ACCOUNT_DEACTIVATED' : 'ACCOUNT_DELETED',
      );
    }
    return credentialsFor(stored, token);
  }

  async function signOut(
    sessionToken: string | null,
    refreshToken: string | undefined,
  ): Promise<void> {
    const signedIn = sessionToken
      ? await db.query.session.findFirst({ where: eq(session.token, sessionToken) })
      : undefined;
    if (sessionToken) await db.delete(session).where(eq(session.token, sessionToken));
    if (refreshToken) await refreshTokens.revoke(refreshToken);
    if (signedIn) await deps.realtime.disconnectUser(signedIn.userId);
  }

  async function activate(input: ActivateInput, ip: string): Promise<AuthResult> {
    await deps.limiter.hit(`activate:${ip}`, deps.limits.signIn);
    const tokenHash = hashToken(input.token);
    const invited = await db.query.user.findFirst({ where: eq(user.tokenActivation, tokenHash) });
    if (!invited || invited.isDeleted) throw new AppError('ACTIVATION_TOKEN_INVALID');
    if (invited.isDeactivated) throw new AppError('ACCOUNT_DEACTIVATED');
    if (
      !invited.tokenActivationExpiresAt ||
      invited.tokenActivationExpiresAt.getTime() <= now().getTime()
    ) {
      throw new AppError('ACTIVATION_TOKEN_EXPIRED');
    }
    const ctx = await auth.$context;
    const passwordHash = await ctx.password.hash(input.password);
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(user)
        .set({
          isVerified: true,
          tokenActivation: null,
          tokenActivationExpiresAt: null,
          emailVerified: true,
        })
        .where(and(eq(user.id, invited.id), eq(user.tokenActivation, tokenHash)));
      if (claimed.rowsAffected === 0) throw new AppError('ACTIVATION_TOKEN_INVALID');
      await upsertCredential(tx, invited.id, passwordHash);
    });
    return credentialsFor(invited, await createSessionFor(invited.id));
  }

  async function upsertCredential(
    tx: Pick<Db, 'query' | 'insert' | 'update'>,
    userId: string,
    passwordHash: string,
  ): Promise<void> {
    const existing = await tx.query.account.findFirst({
      where: and(eq(account.userId, userId), eq(account.providerId, 'credential')),
    });
    if (existing) {
      await tx.update(account).set({ password: passwordHash }).where(eq(account.id, existing.id));
    } else {
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now(),
        updatedAt: now(),
      });
    }
  }

  /** Verifies the current password, stores the new one and ends every other session. */
  async function changePassword(
    current: SessionUser,
    sessionToken: string | null,
    input: ChangePasswordInput,
  ): Promise<{ refreshToken: string }> {
    const ctx = await auth.$context;
    const credential = await db.query.account.findFirst({
      where: and(eq(account.userId, current.id), eq(account.providerId, 'credential')),
    });
    const ok =
      !!credential?.password &&
      (await ctx.password.verify({ hash: credential.password, password: input.oldPassword }));
    if (!ok) {
      throw new AppError('WRONG_PASSWORD', {
        errors: { oldPassword: 'The current password is incorrect' },
      });
    }
    await upsertCredential(db, current.id, await ctx.password.hash(input.password));
    await db
      .delete(session)
      .where(
        sessionToken
          ? and(eq(session.userId, current.id), ne(session.token, sessionToken))
          : eq(session.userId, current.id),
      );
    await refreshTokens.revokeAllForUser(current.id);
    await deps.realtime.disconnectUser(current.id);
    return { refreshToken: await refreshTokens.issue(current.id) };
  }

  async function forgotPassword(email: string, ip: string): Promise<void> {
    // Reset mails are limited per account too, so nobody can flood one inbox from many addresses.
    const account = email.toLowerCase();
    await hitAll([
      [`forgot:${ip}:${account}`, deps.limits.signIn],
      [`forgot-address:${ip}`, deps.limits.signIn * FORGOT_ADDRESS_FACTOR],
    ]);
    await resetMails.check(account);
    await resetMails.count(account);
    const stored = await findUserByEmail(email);
    if (!stored || stored.isDeleted || stored.isDeactivated) return;
    await auth.api.requestPasswordReset({ body: { email: stored.email, redirectTo: '/' } });
  }

  async function resetPassword(token: string, password: string): Promise<void> {
    const pending = await db.query.verification.findFirst({
      where: and(
        eq(verification.identifier, `reset-password:${token}`),
        gt(verification.expiresAt, now()),
      ),
    });
    try {
      await auth.api.resetPassword({ body: { newPassword: password, token } });
    } catch (error) {
      if (error instanceof APIError) throw new AppError('RESET_TOKEN_INVALID');
      throw error;
    }
    if (pending) {
      await refreshTokens.revokeAllForUser(pending.value);
      await deps.realtime.disconnectUser(pending.value);
    }
  }

  /**
   * An admin-created account: no password until its owner follows the expiring link (rule 6).
   * Returns the raw token once; only its hash is stored.
   */
  async function createInvitedUser(input: {
    email: string;
    firstName: string;
    lastName: string;
    role: Exclude<Role, 'admin'>;
    franchiseId?: string | null;
  }): Promise<{ userId: string; token: string; link: string; expiresAt: Date }> {
    if (await findUserByEmail(input.email)) throw new AppError('EMAIL_EXISTS');
    const token = randomToken();
    const expiresAt = new Date(now().getTime() + ACTIVATION_TOKEN_TTL_MS);
    const userId = crypto.randomUUID();
    await db.insert(user).values({
      id: userId,
      name: `${input.firstName} ${input.lastName}`,
      email: input.email.toLowerCase(),
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      franchiseId: input.franchiseId ?? null,
      isVerified: false,
      tokenActivation: hashToken(token),
      tokenActivationExpiresAt: expiresAt,
    });
    const link = activationLink(deps.publicUrl, input.role, token);
    await deps.mailer.send({
      to: input.email,
      subject: `Activate your ${PRODUCT_NAME} account`,
      text: `Hello ${input.firstName},\n\nAn account was created for you. Choose your password here:\n${link}\n\nThe link expires on ${expiresAt.toUTCString()}.`,
    });
    return { userId, token, link, expiresAt };
  }

  /**
   * Rule 4: an admin with exactly these credentials exists after start (created, or its password
   * reset). It never promotes an existing non-admin: whoever registered the address first would
   * otherwise become an admin at the next restart. Such an account is left as it is and reported
   * in the answer, so that the server still starts (anyone could otherwise keep it from starting
   * by registering the address). A reset password ends the admin's sessions.
   */
  async function ensureAdmin(email: string, password: string): Promise<AdminBootstrapOutcome> {
    const ctx = await auth.$context;
    const existing = await findUserByEmail(email);
    if (existing && existing.role !== 'admin') {
      return { outcome: 'held-by-non-admin', userId: existing.id, role: existing.role };
    }
    const credential = existing
      ? await db.query.account.findFirst({
          where: and(eq(account.userId, existing.id), eq(account.providerId, 'credential')),
        })
      : undefined;
    const unchanged =
      !!credential?.password &&
      (await ctx.password.verify({ hash: credential.password, password }));
    const passwordHash = unchanged ? null : await ctx.password.hash(password);
    await db.transaction(async (tx) => {
      const id = existing?.id ?? crypto.randomUUID();
      if (existing) {
        await tx
          .update(user)
          .set({ isVerified: true, isDeleted: false, isDeactivated: false, banned: false })
          .where(eq(user.id, id));
        if (passwordHash) await tx.delete(session).where(eq(session.userId, id));
      } else {
        await tx.insert(user).values({
          id,
          name: 'Admin',
          email: email.toLowerCase(),
          role: 'admin',
          firstName: 'Admin',
          lastName: '',
          isVerified: true,
          emailVerified: true,
        });
      }
      if (passwordHash) await upsertCredential(tx, id, passwordHash);
    });
    if (existing && passwordHash) await refreshTokens.revokeAllForUser(existing.id);
    return { outcome: 'ready' };
  }

  return {
    signUp,
    signIn,
    signOut,
    activate,
    changePassword,
    forgotPassword,
    resetPassword,
    createInvitedUser,
    ensureAdmin,
    toAuthUser,
    emailChanges,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
