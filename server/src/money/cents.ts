/**
 * Money is stored and computed in integer cents and crosses the API in dollars (rule 10).
 * @example centsToDollars(4999) // 49.99
 */
export const centsToDollars = (cents: number | null): number | null =>
  cents === null ? null : cents / 100;

/**
 * Dollars from the API (at most two decimals) to integer cents, without float drift.
 * @example dollarsToCents(49.99) // 4999
 */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
