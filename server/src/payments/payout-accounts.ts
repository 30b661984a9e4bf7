import type { PayoutAccount, PayoutReturnPage } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultantProfile, user } from '../db/schema/index.ts';
import { refreshCompleteness } from '../features/profile/completeness.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './context.ts';
import type { PayoutAccountStatus } from './provider.ts';

/**
 * Where Stripe's hosted onboarding sends the consultant back to: the portal page they started from
 * (`?payouts=return`, or `?payouts=refresh` when the link expired).
 */
const RETURN_PAGES: Record<PayoutReturnPage, string> = {
  payments: '/payments',
  'payment-details': '/my-profile/payment-details',
};
export const payoutReturnPath = (page: PayoutReturnPage = 'payments') =>
  `${RETURN_PAGES[page]}?payouts=return`;
export const payoutRefreshPath = (page: PayoutReturnPage = 'payments') =>
  `${RETURN_PAGES[page]}?payouts=refresh`;

/**
 * Keeps what the provider now says of a consultant's account (still the same account), and the
 * Payment Details step that follows it (ticked when ready, unticked when restricted).
 * @example await keepAccountStatus(db, { consultantId, accountId, status: 'ready', at: now() });
 */
export async function keepAccountStatus(
  db: Db,
  a: { consultantId: string; accountId: string; status: PayoutAccountStatus; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(consultantProfile)
      .set({ payoutAccountStatus: a.status, updatedAt: a.at })
      .where(
        and(
          eq(consultantProfile.userId, a.consultantId),
          eq(consultantProfile.payoutAccountId, a.accountId),
        ),
      );
    await refreshCompleteness(tx, a.consultantId);
  });
}

/**
 * Consultants' payout accounts (decision 016): Stripe Connect express accounts created
 * on the consultant's request, onboarded on Stripe's hosted pages, their status kept from
 * `account.updated` (and read again when the consultant comes back). The built-in provider
 * simulates it: the account is ready at once. Whenever an account is seen to be ready, the payouts
 * that waited for it are paid (`onReady`, after the status is committed).
 */
export function createPayoutAccounts(
  ctx: PaymentsContext,
  deps: {
    publicUrl: string;
    /** Pays what waited for this consultant's account (payouts.payWaiting). */
    onReady?: (consultantId: string) => Promise<unknown>;
  },
) {
  const { db } = ctx;

  /**
   * The account is ready: its waiting payouts go out now. A failure is logged, not answered — the
   * consultant's request succeeded, and the hourly run retries the payouts under the same keys.
   */
  async function payWaiting(consultantId: string): Promise<void> {
    try {
      await deps.onReady?.(consultantId);
    } catch (error) {
      ctx.logger.error('paying waiting payouts failed', error);
    }
  }

  async function profileOf(consultantId: string) {
    return db
      .select({
        accountId: consultantProfile.payoutAccountId,
        status: consultantProfile.payoutAccountStatus,
        email: user.email,
      })
      .from(user)
      .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
      .where(eq(user.id, consultantId))
      .get();
  }

  async function store(
    consultantId: string,
    accountId: string,
    status: PayoutAccount['status'],
  ): Promise<void> {
    if (status === 'none') return;
    const at = ctx.now();
    // The Payment Details step follows the account: ticked the moment it is ready.
    await db.transaction(async (tx) => {
      await tx
        .insert(consultantProfile)
        .values({
          userId: consultantId,
          payoutAccountId: accountId,
          payoutAccountStatus: status,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: consultantProfile.userId,
          set: { payoutAccountId: accountId, payoutAccountStatus: status, updatedAt: at },
        });
      await refreshCompleteness(tx, consultantId);
    });
    if (status === 'ready') await payWaiting(consultantId);
  }

  /**
   * `POST /api/users/payouts/connect`: the account (created once) and a fresh onboarding link
   * (Stripe's links are single-use and short-lived, so each visit gets a new one).
   */
  async function connect(
    consultantId: string,
    returnTo: PayoutReturnPage = 'payments',
  ): Promise<{ url: string }> {
    const profile = await profileOf(consultantId);
    if (!profile) throw new AppError('NOT_FOUND');
    const { accountId, url } = await ctx.provider.payoutAccountLink({
      consultantId,
      email: profile.email,
      accountId: profile.accountId ?? null,
      returnUrl: `${deps.publicUrl}${payoutReturnPath(returnTo)}`,
      refreshUrl: `${deps.publicUrl}${payoutRefreshPath(returnTo)}`,
    });
    const status =
      profile.accountId === accountId && profile.status
        ? profile.status
        : await ctx.provider.readPayoutAccount(accountId);
    await store(consultantId, accountId, status);
    return { url };
  }

  /**
   * `GET /api/users/payouts/account`: the status kept from webhooks; an account not ready yet is
   * read again from the provider (the consultant may just be back from onboarding, before the
   * webhook).
   */
  async function status(consultantId: string): Promise<PayoutAccount> {
    const profile = await profileOf(consultantId);
    if (!profile?.accountId) return { status: 'none' };
    if (profile.status === 'ready') return { status: 'ready' };
    const fresh = await ctx.provider.readPayoutAccount(profile.accountId);
    if (fresh !== profile.status) {
      await keepAccountStatus(db, {
        consultantId,
        accountId: profile.accountId,
        status: fresh,
        at: ctx.now(),
      });
      if (fresh === 'ready') await payWaiting(consultantId);
    }
    return { status: fresh };
  }

  return { connect, status };
}

export type PayoutAccounts = ReturnType<typeof createPayoutAccounts>;
