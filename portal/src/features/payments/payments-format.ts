import { UNSUBSCRIBED_LABEL } from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';

/**
 * A monthly price: whole dollars without cents.
 *
 * @example formatMonthlyPrice(300); // '$300/month'
 */
export function formatMonthlyPrice(amount: number): string {
  return `${formatDollars(amount)}/month`;
}

/** A card's expiry as MM/YY. */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  canceled: 'Canceled',
};

/** The subscription status as shown: Unsubscribed when there is none (user-area §4). */
export function subscriptionLabel(status: string | null): string {
  return status ? (STATUS_LABELS[status] ?? status) : UNSUBSCRIBED_LABEL;
}

/** Capitalises a status word for a table cell. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
