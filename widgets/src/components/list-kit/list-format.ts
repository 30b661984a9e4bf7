import { formatDollars, formatNumber } from '../../kit/format/format.ts';

/**
 * Whole dollars as lists show them.
 *
 * @example
 * formatMoney(150000); // '$150,000'
 */
export function formatMoney(dollars: number): string {
  return formatDollars(dollars, 'none');
}

/**
 * A franchise's investment (cash required) as "$min – $max", or the one bound that is known.
 *
 * @example
 * formatInvestment(100000, 150000); // '$100,000 – $150,000'
 * formatInvestment(null, 80000); // 'Up to $80,000'
 * formatInvestment(250000, null); // '$250,000+'
 */
export function formatInvestment(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) {
    return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;
  }
  if (max !== null) return `Up to ${formatMoney(max)}`;
  if (min !== null) return `${formatMoney(min)}+`;
  return null;
}

/**
 * "1 consultant" / "1,028 consultants".
 *
 * @example
 * formatCount(1028, 'consultant', 'consultants'); // '1,028 consultants'
 */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
