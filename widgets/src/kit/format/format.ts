import { ACTIVATION_EXPIRY_FORMAT } from '@fm/sdk/contracts';
import { format } from 'date-fns';
import { dateTimeFormat } from './intl.ts';
import { setViewerTimeZone, viewerTimeZone } from './viewer-zone.ts';

export { setViewerTimeZone, viewerTimeZone };

/** Display formats shared by the portal, the admin app and the widgets. */

/**
 * How a dollar amount shows its cents: `'auto'` only when there are any (`$50`, `$12.50`; prices,
 * rates, the meetings pages), `'always'` (`$50.00`; the payments pages' ledgers), `'none'` rounded
 * to whole dollars (`$150,000`; investment figures in lists).
 */
export type CentsShown = 'auto' | 'always' | 'none';

const DOLLARS: Record<CentsShown, Intl.NumberFormatOptions> = {
  auto: { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 },
  always: {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  },
  none: { style: 'currency', currency: 'USD', maximumFractionDigits: 0 },
};

/**
 * Each made at its first use: the first number formatter a page makes loads the locale's number
 * data (about 40 ms on a throttled phone), which a page that shows no amount never needs.
 */
const dollarFormats: Partial<Record<CentsShown, Intl.NumberFormat>> = {};

/**
 * Dollars as the API sends them (numbers with at most two decimals): the one money format of the
 * portal, the admin app and the widgets.
 *
 * @example
 * ```ts
 * formatDollars(50); // '$50'
 * formatDollars(12.5); // '$12.50'
 * formatDollars(1234.5, 'always'); // '$1,234.50'
 * formatDollars(150000, 'none'); // '$150,000'
 * ```
 */
export function formatDollars(amount: number, cents: CentsShown = 'auto'): string {
  dollarFormats[cents] ??= new Intl.NumberFormat('en-US', DOLLARS[cents]);
  const text = dollarFormats[cents]!.format(amount);
  // "$12.5" reads oddly: show cents in full whenever there are any.
  return cents === 'auto' && /\.\d$/.test(text) ? `${text}0` : text;
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

const viewerZone = viewerTimeZone;

function dateTimeParts(date: Date, zone: string, zoneName: boolean): Intl.DateTimeFormatPart[] {
  return dateTimeFormat({
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(zoneName ? { timeZoneName: 'short' } : {}),
  }).formatToParts(date);
}

/**
 * An instant as the spec writes dates (`d MMM, yyyy, h:mm aaa`, DATE_TIME_FORMAT; admin-panel §9,
 * user-area §9) in a time zone — the viewer's unless one is given; an unknown zone falls back to
 * the viewer's. `zoneName` adds the zone's short name (`EST`). `'—'` when there is no instant.
 * The one date-time format of the portal, the admin app and the widgets.
 *
 * @example
 * ```ts
 * formatDateTime('2025-01-01T15:00:00Z'); // '1 Jan, 2025, 3:00 pm' (viewer in UTC)
 * formatDateTime('2025-01-01T20:00:00Z', 'America/New_York'); // '1 Jan, 2025, 3:00 pm'
 * formatDateTime('2025-01-01T20:00:00Z', 'America/New_York', { zoneName: true }); // '… pm EST'
 * ```
 */
export function formatDateTime(
  iso: string | null | undefined,
  zone?: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  const date = toDate(iso);
  if (!date) return '—';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeParts(date, zone || viewerZone(), zoneName);
  } catch {
    parts = dateTimeParts(date, viewerZone(), zoneName);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('day')} ${part('month')}, ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
  return zoneName ? `${text} ${part('timeZoneName')}` : text;
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
  if (!date) return '—';
  const parts = dateTimeFormat({
    timeZone: viewerZone(),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
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
