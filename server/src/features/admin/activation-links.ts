import { ACTIVATION_TOKEN_TTL_MS, type ActivationLink, PRODUCT_NAME } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { hashToken, randomToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { activationLink } from '../auth/service.ts';
import { createSecretBox } from '../booking/secret-box.ts';
import type { UserRow } from './user-reads.ts';

/**
 * Activation links of accounts an admin created (rule 6). The token's hash is what `POST
 * /api/users/activate` looks up; a copy sealed with a key derived from AUTH_SECRET lets the admin
 * show the same link again until it is used. Issuing a fresh link replaces both, so an old link stops
 * working.
 */
export function createActivationLinks(deps: {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  now: () => Date;
}) {
  const box = createSecretBox(deps.secret, 'activation-links');

  function view(row: UserRow): ActivationLink | null {
    if (row.isVerified || !row.tokenActivation || !row.tokenActivationExpiresAt) return null;
    if (!row.tokenActivationSealed) return null;
    let token: string;
    try {
      token = box.open(row.tokenActivationSealed);
    } catch {
      return null;
    }
    if (hashToken(token) !== row.tokenActivation) return null;
    const role = row.role === 'consultant' ? 'consultant' : 'franchisor';
    return {
      link: activationLink(deps.publicUrl, role, token),
      expiresAt: row.tokenActivationExpiresAt.toISOString(),
      expired: row.tokenActivationExpiresAt.getTime() <= deps.now().getTime(),
    };
  }

  /** Keeps a sealed copy of a token just issued (by the account service) for this user. */
  async function keep(userId: string, token: string): Promise<void> {
    await deps.db
      .update(user)
      .set({ tokenActivationSealed: box.seal(token) })
      .where(eq(user.id, userId));
  }

  /** A fresh link for a not yet activated account; the previous one stops working. Mails it. */
  async function reissue(row: UserRow): Promise<ActivationLink> {
    const token = randomToken();
    const expiresAt = new Date(deps.now().getTime() + ACTIVATION_TOKEN_TTL_MS);
    await deps.db
      .update(user)
      .set({
        tokenActivation: hashToken(token),
        tokenActivationSealed: box.seal(token),
        tokenActivationExpiresAt: expiresAt,
      })
      .where(eq(user.id, row.id));
    const role = row.role === 'consultant' ? 'consultant' : 'franchisor';
    const link = activationLink(deps.publicUrl, role, token);
    await deps.mailer.send({
      to: row.email,
      subject: `Activate your ${PRODUCT_NAME} account`,
      text: `Hello ${row.firstName},\n\nHere is a new link to choose your password:\n${link}\n\nThe link expires on ${expiresAt.toUTCString()}.`,
    });
    return { link, expiresAt: expiresAt.toISOString(), expired: false };
  }

  return { view, keep, reissue };
}

export type ActivationLinkService = ReturnType<typeof createActivationLinks>;
