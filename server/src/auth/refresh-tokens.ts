import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshToken } from '../db/schema/index.ts';
import { hashToken, randomToken } from './tokens.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Parallel requests may present a just-rotated token; within this window it still buys an access token. */
export const ROTATION_GRACE_MS = 30 * 1000;

export type RotationResult =
  | { status: 'rotated'; userId: string; refreshToken: string }
  | { status: 'grace'; userId: string }
  | { status: 'invalid' };

/**
 * Long-lived refresh tokens with rotation and reuse detection: presenting a rotated token after the
 * grace window revokes its whole family (a stolen token stops working for everyone).
 */
export function createRefreshTokens(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function issue(userId: string, familyId: string = crypto.randomUUID()): Promise<string> {
    const token = randomToken();
    await db.insert(refreshToken).values({
      id: crypto.randomUUID(),
      userId,
      tokenHash: hashToken(token),
      familyId,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  }

  async function rotate(token: string): Promise<RotationResult> {
    const row = await db.query.refreshToken.findFirst({
      where: eq(refreshToken.tokenHash, hashToken(token)),
    });
    const t = now().getTime();
    if (!row || row.expiresAt.getTime() <= t) return { status: 'invalid' };
    if (row.revokedAt) {
      const inGrace =
        row.revokedReason === 'rotated' && t - row.revokedAt.getTime() < ROTATION_GRACE_MS;
      if (inGrace) return { status: 'grace', userId: row.userId };
      if (row.revokedReason === 'rotated') await revokeFamily(row.familyId);
      return { status: 'invalid' };
    }
    // Only one concurrent request wins the rotation; the others fall into the grace path.
    const claimed = await db
      .update(refreshToken)
      .set({ revokedAt: now(), revokedReason: 'rotated' })
      .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.revokedAt)));
    if (claimed.rowsAffected === 0) return { status: 'grace', userId: row.userId };
    return {
      status: 'rotated',
      userId: row.userId,
      refreshToken: await issue(row.userId, row.familyId),
    };
  }

  async function revoke(token: string): Promise<void> {
    const row = await db.query.refreshToken.findFirst({
      where: eq(refreshToken.tokenHash, hashToken(token)),
    });
    if (row) await revokeFamily(row.familyId);
  }

  /** Ends every token of a family, including rotated ones still inside their grace window. */
  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshToken)
      .set({ revokedAt: now(), revokedReason: 'revoked' })
      .where(eq(refreshToken.familyId, familyId));
  }

  async function revokeAllForUser(userId: string): Promise<void> {
    await db
      .update(refreshToken)
      .set({ revokedAt: now(), revokedReason: 'revoked' })
      .where(eq(refreshToken.userId, userId));
  }

  return { issue, rotate, revoke, revokeAllForUser };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
