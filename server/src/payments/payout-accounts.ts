import type { PayoutAccount, PayoutReturnPage } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { consultantProfile, user } from '../db/schema/index.ts';
import { refreshCompleteness } from '../features/profile/completeness.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './context.ts';

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

/** The account monthly payouts are transferred to: only one the provider calls ready. */
export async function payoutDestination(
  executor: Db | Tx,
  consultantId: string,
): Promise<string | null> {
  const row = await executor
    .select({
      accountId: consultantProfile.payoutAccountId,
      status: consultantProfile.payoutAccountStatus,
    })
    .from(consultantProfile)
    .where(eq(consultantProfile.userId, consultantId))
    .get();
  return row?.accountId && row.status === 'ready' ? row.accountId : null;
}

/**
 * Consultants' payout accounts (issue 14.6, decision 016): Stripe Connect express accounts created
 * on the consultant's request, onboarded on Stripe's hosted pages, their status kept from
 * `account.updated` (and read again when the consultant comes back). The built-in provider
 * simulates it: the account is ready at once.
 */
export function createPayoutAccounts(ctx: PaymentsContext, deps: { publicUrl: string }) {
  const { db } = ctx;

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
      const accountId = profile.accountId;
      await db.transaction(async (tx) => {
        await tx
          .update(consultantProfile)
          .set({ payoutAccountStatus: fresh, updatedAt: ctx.now() })
          .where(
            and(
              eq(consultantProfile.userId, consultantId),
              eq(consultantProfile.payoutAccountId, accountId),
            ),
          );
        await refreshCompleteness(tx, consultantId);
      });
    }
    return { status: fresh };
  }

  return { connect, status };
}

export type PayoutAccounts = ReturnType<typeof createPayoutAccounts>;
