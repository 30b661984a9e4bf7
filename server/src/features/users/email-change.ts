import { timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CHANGE_CONFIRM_TTL_MS,
  EMAIL_CHANGE_PAGE_PATH,
  EMAIL_CHANGE_UNDO_TTL_MS,
  type EmailChangeResult,
  ERROR_CODES,
  FIELD_MESSAGES,
  PRODUCT_NAME,
} from '@fm/sdk/contracts';
import { and, desc, eq, gt, gte, like, lte, ne } from 'drizzle-orm';
import * as v from 'valibot';
import type { Auth } from '../../auth/auth.ts';
import type { RefreshTokens } from '../../auth/refresh-tokens.ts';
import type { SessionUser } from '../../auth/session.ts';
import { hashToken, randomToken } from '../../auth/tokens.ts';
import type { Db, Tx } from '../../db/client.ts';
import { account, session, user, verification } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';

/**
 * A change of e-mail waits in better-auth's `verification` table (no table of its own): one row for
 * the link mailed to the new address and one for the undo link mailed to the old one. The
 * identifier names the kind and the account (so an account's rows are found through the index);
 * the value holds both addresses and the SHA-256 of the link's secret, never the secret itself.
 */
const CONFIRM = 'email-change-confirm:';
const UNDO = 'email-change-undo:';
/** better-auth's password-reset rows: `reset-password:<token>` → the user's id. */
const RESET_PASSWORD = 'reset-password:';

const LinkValueSchema = v.object({
  oldEmail: v.string(),
  newEmail: v.string(),
  tokenHash: v.string(),
});
type LinkValue = v.InferOutput<typeof LinkValueSchema>;

function readValue(text: string): LinkValue | null {
  try {
    const parsed = v.safeParse(LinkValueSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A link's token is `<row id>.<secret>`: the id finds the row, the secret proves the mailbox. */
const linkToken = (rowId: string, secret: string) => `${rowId}.${secret}`;

/** Where the two e-mails point: the portal's page, which asks the API to confirm or undo. */
export const emailChangeLink = (publicUrl: string, kind: 'confirm' | 'undo', token: string) =>
  `${publicUrl}${EMAIL_CHANGE_PAGE_PATH}?${kind}=${encodeURIComponent(token)}`;

const greeting = (firstName: string) => `Hello${firstName ? ` ${firstName}` : ''},`;

/**
 * The new e-mail an account is waiting to confirm, or null. A pending change made for another
 * address than the account's current one (an admin changed it meanwhile) is no longer pending.
 */
export async function findPendingEmail(
  db: Db,
  owner: { id: string; email: string },
  at: Date,
): Promise<string | null> {
  const row = await db.query.verification.findFirst({
    where: and(eq(verification.identifier, CONFIRM + owner.id), gt(verification.expiresAt, at)),
    orderBy: desc(verification.createdAt),
  });
  const value = row ? readValue(row.value) : null;
  return value && value.oldEmail === owner.email ? value.newEmail : null;
}

export interface EmailChangeDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  refreshTokens: RefreshTokens;
  /** Closes the sockets of an account whose change was undone. */
  realtime: Pick<RealtimePublisher, 'disconnectUser'>;
  limiter: RateLimiter;
  /** Password attempts per account and rate-limit window. */
  attempts: number;
  publicUrl: string;
  now: () => Date;
}

/**
 * Changing one's own e-mail: the current password is needed, the change takes effect only
 * when the link mailed to the new address is opened, and the old address gets a link that undoes it
 * for 7 days (also after it took effect) and ends every session, since the account may have been
 * taken over. Links are single use. Admins editing a user in the control panel do not come here.
 *
 * @example
 * await emailChanges.check(current, 'new@example.com', currentPassword); // refusals first
 * await emailChanges.start(current, 'new@example.com'); // the pending change and both e-mails
 * await emailChanges.confirm(tokenFromTheNewMailbox); // { ok: true, email: 'new@example.com' }
 */
export function createEmailChangeService(deps: EmailChangeDeps) {
  const { db, now } = deps;

  async function refuseTaken(tx: Pick<Db, 'query'>, email: string, ownerId: string) {
    const taken = await tx.query.user.findFirst({
      where: and(eq(user.email, email), ne(user.id, ownerId)),
      columns: { id: true },
    });
    if (taken) {
      throw new AppError('EMAIL_EXISTS', {
        errors: { email: ERROR_CODES.EMAIL_EXISTS.message },
      });
    }
  }

  /**
   * Refuses a change of `current`'s e-mail to `email` before anything is written: no or a wrong
   * current password (400, attempts limited per account), or an address another account has (409).
   */
  async function check(
    current: SessionUser,
    email: string,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (!currentPassword) {
      throw new AppError('CURRENT_PASSWORD_REQUIRED', {
        errors: { currentPassword: FIELD_MESSAGES.passwordRequired },
      });
    }
    // A stolen token must not become a way to guess the password.
    await deps.limiter.hit(`email-change:${current.id}`, deps.attempts);
    const ctx = await deps.auth.$context;
    const credential = await db.query.account.findFirst({
      where: and(eq(account.userId, current.id), eq(account.providerId, 'credential')),
    });
    const ok =
      !!credential?.password &&
      (await ctx.password.verify({ hash: credential.password, password: currentPassword }));
    if (!ok) {
      throw new AppError('WRONG_PASSWORD', {
        errors: { currentPassword: ERROR_CODES.WRONG_PASSWORD.message },
      });
    }
    await refuseTaken(db, email, current.id);
  }

  /**
   * Records the change as pending (replacing one not confirmed yet) and queues the confirmation
   * link to `email` and the undo link to the current address, in one transaction. Call `check` first.
   */
  async function start(current: SessionUser, email: string): Promise<void> {
    const at = now();
    const confirm = { id: crypto.randomUUID(), secret: randomToken() };
    const undo = { id: crypto.randomUUID(), secret: randomToken() };
    /** A link's row: both addresses and the hash of its secret, valid for `ttlMs`. */
    const linkRow = (prefix: string, link: { id: string; secret: string }, ttlMs: number) => ({
      id: link.id,
      identifier: prefix + current.id,
      value: JSON.stringify({
        oldEmail: current.email,
        newEmail: email,
        tokenHash: hashToken(link.secret),
      } satisfies LinkValue),
      expiresAt: new Date(at.getTime() + ttlMs),
      createdAt: at,
      updatedAt: at,
    });
    const confirmLink = emailChangeLink(
      deps.publicUrl,
      'confirm',
      linkToken(confirm.id, confirm.secret),
    );
    const undoLink = emailChangeLink(deps.publicUrl, 'undo', linkToken(undo.id, undo.secret));
    await db.transaction(async (tx) => {
      await tx.delete(verification).where(eq(verification.identifier, CONFIRM + current.id));
      await tx
        .delete(verification)
        .where(
          and(eq(verification.identifier, UNDO + current.id), lte(verification.expiresAt, at)),
        );
      await tx
        .insert(verification)
        .values([
          linkRow(CONFIRM, confirm, EMAIL_CHANGE_CONFIRM_TTL_MS),
          linkRow(UNDO, undo, EMAIL_CHANGE_UNDO_TTL_MS),
        ]);
      await deps.mailer.send(
        {
          to: email,
          subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
          text: `${greeting(current.firstName)}\n\nYou asked to use this address for your ${PRODUCT_NAME} account. Open this link within 24 hours to confirm it:\n${confirmLink}\n\nUntil you do, your account keeps ${current.email}. If you did not ask for this, ignore this e-mail.`,
        },
        { tx },
      );
      await deps.mailer.send(
        {
          to: current.email,
          subject: `Your ${PRODUCT_NAME} e-mail address is being changed`,
          text: `${greeting(current.firstName)}\n\nSomeone signed in to your ${PRODUCT_NAME} account asked to change its e-mail address from ${current.email} to ${email}. The change takes effect when it is confirmed from the new address.\n\nIf this was not you, open this link within 7 days to keep ${current.email}, even if the change has taken effect. It also signs your account out everywhere:\n${undoLink}\n\nThen choose a new password with "Forgot password" on the sign-in page.`,
        },
        { tx },
      );
    });
  }

  /** The row a link's token names, checked: its kind, its secret, then its expiry. */
  async function findLink(kind: string, token: string) {
    const dot = token.indexOf('.');
    const id = dot > 0 ? token.slice(0, dot) : '';
    const secret = dot > 0 ? token.slice(dot + 1) : '';
    const row = id
      ? await db.query.verification.findFirst({ where: eq(verification.id, id) })
      : undefined;
    const value = row?.identifier.startsWith(kind) ? readValue(row.value) : null;
    if (!row || !value || !secret || !sameHash(value.tokenHash, hashToken(secret))) {
      throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    }
    if (row.expiresAt.getTime() <= now().getTime()) throw new AppError('EMAIL_CHANGE_LINK_EXPIRED');
    return { ...value, id: row.id, identifier: row.identifier, createdAt: row.createdAt };
  }

  /** Takes the link's row in `tx`: a second use of the same link finds nothing. */
  async function claim(tx: Tx, link: { id: string; identifier: string }) {
    const claimed = await tx
      .delete(verification)
      .where(and(eq(verification.id, link.id), eq(verification.identifier, link.identifier)));
    if (claimed.rowsAffected === 0) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
  }

  async function ownerOf(tx: Tx, identifier: string, kind: string) {
    const owner = await tx.query.user.findFirst({
      where: eq(user.id, identifier.slice(kind.length)),
    });
    if (!owner || owner.isDeleted) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    return owner;
  }

  /**
   * `POST /api/users/email-change/confirm`: the link from the new mailbox; the account's e-mail
   * becomes the new address, if that is still free (409 otherwise). Works once.
   */
  async function confirm(token: string): Promise<EmailChangeResult> {
    const link = await findLink(CONFIRM, token);
    try {
      await db.transaction(async (tx) => {
        const owner = await ownerOf(tx, link.identifier, CONFIRM);
        // Made for an address the account no longer has (an admin changed it meanwhile).
        if (owner.email !== link.oldEmail) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
        await refuseTaken(tx, link.newEmail, owner.id);
        await claim(tx, link);
        await tx
          .update(user)
          .set({ email: link.newEmail, emailVerified: true })
          .where(eq(user.id, owner.id));
      });
    } catch (error) {
      // Another account took the address between the check and the write.
      if (isUniqueViolation(error)) throw new AppError('EMAIL_EXISTS');
      throw error;
    }
    return { ok: true, email: link.newEmail };
  }

  /**
   * `POST /api/users/email-change/undo`: the link from the old mailbox, within 7 days. The account
   * gets the old address back (also after the change took effect), any pending change and any
   * password-reset link are dropped, and every session ends. Undo links of later changes go too:
   * whoever made them cannot take the address back with them; earlier ones stay.
   */
  async function undo(token: string): Promise<EmailChangeResult> {
    const link = await findLink(UNDO, token);
    let ownerId = '';
    try {
      await db.transaction(async (tx) => {
        const owner = await ownerOf(tx, link.identifier, UNDO);
        ownerId = owner.id;
        await claim(tx, link);
        await tx
          .delete(verification)
          .where(
            and(
              eq(verification.identifier, UNDO + owner.id),
              gte(verification.createdAt, link.createdAt),
            ),
          );
        await tx.delete(verification).where(eq(verification.identifier, CONFIRM + owner.id));
        // Reset links may have been mailed to the address being undone.
        await tx
          .delete(verification)
          .where(
            and(
              like(verification.identifier, `${RESET_PASSWORD}%`),
              eq(verification.value, owner.id),
            ),
          );
        if (owner.email !== link.oldEmail) {
          await refuseTaken(tx, link.oldEmail, owner.id);
          await tx.update(user).set({ email: link.oldEmail }).where(eq(user.id, owner.id));
        }
        await tx.delete(session).where(eq(session.userId, owner.id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_EXISTS');
      throw error;
    }
    await deps.refreshTokens.revokeAllForUser(ownerId);
    await deps.realtime.disconnectUser(ownerId);
    return { ok: true, email: link.oldEmail };
  }

  return { check, start, confirm, undo };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
