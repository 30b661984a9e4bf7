/**
 * The widgets as React components, for the portal, the admin app and Storybook.
 * The custom elements (`<fm-profile-card>`, …) are the `./elements` entry.
 */
export { FmClientProvider, type FmClientProviderProps, useFmClient } from './client-context.tsx';
export * from './components/profile-card/index.ts';
export { parseTheme, WIDGET_THEMES, type WidgetTheme } from './theme.ts';
export { toWidgetError, type WidgetError } from './widget-error.ts';
