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

/**
 * A whole number with en-US digit groups, as `Intl.NumberFormat('en-US')` writes it.
 *
 * The kit writes numbers and amounts itself rather than with `Intl.NumberFormat` (decision 034):
 * a page's first number formatter loads the locale's number data, 25–40 ms of a phone's main
 * thread (100–170 ms under Lighthouse's 4× slowdown) in the hydration of every public page that
 * shows a rate or a price. `format.test.ts` checks every format against `Intl.NumberFormat`.
 *
 * @example
 * formatNumber(1234567); // '1,234,567'
 */
export function formatNumber(count: number): string {
  const [whole] = roundedDecimal(Math.abs(count), 0);
  return `${isNegative(count) ? '-' : ''}${groupDigits(whole)}`;
}

/** Whether a number is written with a minus sign (-0 is, as Intl writes it). */
const isNegative = (value: number): boolean => value < 0 || Object.is(value, -0);

/** Digits with a comma before each group of three from the right. */
const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A non-negative amount as its whole part and its fraction rounded to `places` digits, half away
 * from zero, on its decimal text: what Intl rounds (0.015 is $0.02), where `toFixed` would round
 * its binary value (0.01499… is $0.01). The shift is made in the text (`0.015e2` reads as 1.5),
 * exact for the figures the kit shows (below 2^53 / 100, with up to a few decimals).
 */
function roundedDecimal(value: number, places: number): [whole: string, fraction: string] {
  const scale = 10 ** places;
  // Below a millionth the text is exponential ("1e-7"), and the amount rounds to nothing anyway.
  const shifted = value < 1e-6 ? 0 : Math.round(Number(`${value}e${places}`));
  const fraction = places ? String(shifted % scale).padStart(places, '0') : '';
  return [String(Math.floor(shifted / scale)), fraction];
}

/**
 * Dollars as the API sends them (numbers with at most two decimals): the one money format of the
 * portal, the admin app and the widgets, as `Intl.NumberFormat('en-US', { style: 'currency',
 * currency: 'USD' })` writes them (see {@link formatNumber} for why not with it).
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
  const [whole, fraction] = roundedDecimal(Math.abs(amount), cents === 'none' ? 0 : 2);
  const shown = cents === 'auto' && fraction === '00' ? '' : fraction;
  return `${isNegative(amount) ? '-' : ''}$${groupDigits(whole)}${shown ? `.${shown}` : ''}`;
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
