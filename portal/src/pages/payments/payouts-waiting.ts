import type { Payout, PayoutAccountStatus } from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';

/**
 * What the consultant's Payments page says of payouts still waiting (`pending`): how many, how
 * much, and why — they go out as soon as the payout account is ready. `account` is the
 * payout account's status, or null when it is not known. Null when nothing waits.
 *
 * @example payoutsWaitingText(payouts, 'onboarding');
 * // '2 payouts totalling $240.00 are waiting for your payout account to be ready. They will be sent as soon as it is ready.'
 */
export function payoutsWaitingText(
  payouts: readonly Payout[],
  account: PayoutAccountStatus | null,
): string | null {
  const waiting = payouts.filter((p) => p.status === 'pending');
  if (waiting.length === 0) return null;
  // Summed in cents: dollar amounts with two decimals do not add up exactly as floats.
  const cents = waiting.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
  const one = waiting.length === 1;
  const what = one
    ? `1 payout of ${formatDollars(cents / 100, 'always')} is`
    : `${waiting.length} payouts totalling ${formatDollars(cents / 100, 'always')} are`;
  const they = one ? 'It' : 'They';
  switch (account) {
    case 'ready':
      return `${what} being sent to your payout account.`;
    case 'none':
      return `${what} waiting for a payout account. ${they} will be sent as soon as you connect one.`;
    case 'onboarding':
    case 'restricted':
      return `${what} waiting for your payout account to be ready. ${they} will be sent as soon as it is ready.`;
    default:
      return `${what} waiting to be sent.`;
  }
}
