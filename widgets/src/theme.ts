/** The colour schemes every widget supports, chosen with the `theme` attribute. */
export const WIDGET_THEMES = ['light', 'dark'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/**
 * Reads a `theme` attribute value; anything unknown falls back to `light`.
 *
 * @example
 * parseTheme('dark'); // 'dark'
 * parseTheme(undefined); // 'light'
 */
export function parseTheme(value: string | null | undefined): WidgetTheme {
  return value === 'dark' ? 'dark' : 'light';
}
