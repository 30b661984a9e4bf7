import { DATE_TIME_FORMAT, UNSUBSCRIBED_LABEL } from '@fm/sdk/contracts';
import { format } from 'date-fns';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Dollars with cents, as the payments pages show amounts.
 *
 * @example formatMoney(1234.5); // '$1,234.50'
 */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

/**
 * A monthly price: whole dollars without cents.
 *
 * @example formatMonthlyPrice(300); // '$300/month'
 */
export function formatMonthlyPrice(amount: number): string {
  const text = Number.isInteger(amount)
    ? `$${amount.toLocaleString('en-US')}`
    : formatMoney(amount);
  return `${text}/month`;
}

/**
 * An instant in the spec's date format (admin-panel §9), in the viewer's zone.
 *
 * @example formatDateTime('2025-01-01T15:00:00Z'); // '1 Jan, 2025, 3:00 pm' (in UTC)
 */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, DATE_TIME_FORMAT);
}

/** A date without the time, e.g. a subscription's period end. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'd MMM, yyyy');
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
