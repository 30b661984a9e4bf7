/**
 * A stored value as a form shows it: numbers and texts as text, nothing as ''.
 *
 * @example
 * ```ts
 * formText(250000); // '250000'
 * formText(null); // ''
 * ```
 */
export function formText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
