/** Display formats shared by the portal's pages. */

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
