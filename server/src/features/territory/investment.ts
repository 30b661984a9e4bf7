import { INVESTMENT_RANGES, type InvestmentRange } from '@fm/sdk/contracts';
import { and, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { franchise } from '../../db/schema/index.ts';
import { dollarsToCents } from '../../money/cents.ts';

/**
 * When a franchise fits an investment range (Territory Scout's filter).
 *
 * - The franchise's cash required is the closed interval [min, max]; a missing minimum is 0 and a
 *   missing maximum is unbounded, as the cash-required modes of user-area §5 read ("less" is
 *   0..max, "more" is min..∞). A franchise with neither bound states no investment and fits only
 *   "Any".
 * - The ranges read as their labels say: "Less than $200,000" is [0, 200,000), "$200,000 -
 *   $300,000" is [200,000, 300,000] and "More than $400,000" is (400,000, ∞).
 * - A franchise fits when the two intervals overlap, so one spanning $150,000–$250,000 appears under
 *   both "Less than $200,000" and "$200,000 - $300,000".
 *
 * @example cashFitsRange({ min: 150_000, max: 250_000 }, 'lt200k') // true
 */
export function cashFitsRange(
  cash: { min: number | null; max: number | null },
  value: InvestmentRange | undefined,
): boolean {
  const range = rangeOf(value);
  if (!range) return true;
  if (cash.min === null && cash.max === null) return false;
  const min = cash.min ?? 0;
  const max = cash.max ?? Number.POSITIVE_INFINITY;
  const above = range.min === null || (range.max === null ? max > range.min : max >= range.min);
  const below = range.max === null || (range.min === null ? min < range.max : min <= range.max);
  return above && below;
}

const rangeOf = (value: InvestmentRange | undefined) => {
  const range = INVESTMENT_RANGES.find((r) => r.value === value);
  return range && (range.min !== null || range.max !== null) ? range : null;
};

/** `cashFitsRange` as a condition on the `franchise` table (amounts stored in cents); undefined for "Any". */
export function cashFitsRangeSql(value: InvestmentRange | undefined): SQL | undefined {
  const range = rangeOf(value);
  if (!range) return undefined;
  const min = franchise.cashRequiredMinCents;
  const max = franchise.cashRequiredMaxCents;
  const conditions: (SQL | undefined)[] = [or(isNotNull(min), isNotNull(max))];
  if (range.min !== null) {
    const bound = dollarsToCents(range.min);
    conditions.push(
      range.max === null
        ? sql`(${max} is null or ${max} > ${bound})`
        : sql`(${max} is null or ${max} >= ${bound})`,
    );
  }
  if (range.max !== null) {
    const bound = dollarsToCents(range.max);
    conditions.push(
      range.min === null
        ? sql`coalesce(${min}, 0) < ${bound}`
        : sql`coalesce(${min}, 0) <= ${bound}`,
    );
  }
  return and(...conditions);
}
