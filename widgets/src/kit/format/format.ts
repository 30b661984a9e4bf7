import { ACTIVATION_EXPIRY_FORMAT, DATE_TIME_FORMAT } from '@fm/sdk/contracts';
import { format } from 'date-fns';

/** Display formats shared by the portal, the admin app and the widgets. */

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * Dollars as the API sends them (numbers with at most two decimals).
 *
 * @example
 * ```ts
 * formatDollars(50); // '$50'
 * formatDollars(12.5); // '$12.50'
 * ```
 */
export function formatDollars(amount: number): string {
  const text = dollars.format(amount);
  // "$12.5" reads oddly: show cents in full whenever there are any.
  return /\.\d$/.test(text) ? `${text}0` : text;
}

/** Integer cents (how the contract's prices are kept) as dollars. */
export function formatCents(cents: number): string {
  return formatDollars(cents / 100);
}

/** Parses an ISO instant; null for a missing or unreadable one. */
function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant as the spec writes dates (admin-panel §9, `d MMM, yyyy, h:mm aaa`), in the viewer's
 * zone; `'—'` when there is none.
 *
 * @example
 * ```ts
 * formatDateTime('2025-01-01T15:00:00Z'); // '1 Jan, 2025, 3:00 pm' (viewer in UTC)
 * ```
 */
export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? format(date, DATE_TIME_FORMAT) : '—';
}

/**
 * A day without the time, e.g. `1 Jan, 2025`; `'—'` when there is none.
 *
 * @example
 * ```ts
 * formatDate('2025-01-01T15:00:00Z'); // '1 Jan, 2025'
 * ```
 */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? format(date, 'd MMM, yyyy') : '—';
}

/**
 * When an activation link expires, as the admin panel shows it (`d MMM, yyyy, h:mm a`, §6).
 *
 * @example
 * ```ts
 * formatActivationExpiry('2025-01-01T15:00:00Z'); // '1 Jan, 2025, 3:00 PM' (viewer in UTC)
 * ```
 */
export function formatActivationExpiry(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? format(date, ACTIVATION_EXPIRY_FORMAT) : '—';
}
