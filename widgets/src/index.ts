/**
 * The widgets as React components, for the portal, the admin app and Storybook.
 * The custom elements (`<fm-profile-card>`, `<fm-consultant-list>`, …) are the `./elements` entry.
 */
export { FmClientProvider, type FmClientProviderProps, useFmClient } from './client-context.tsx';
export * from './components/booking-modal/index.ts';
export * from './components/chat/index.ts';
export * from './components/consultant-list/index.ts';
export * from './components/franchisor-list/index.ts';
export * from './components/list-kit/index.ts';
export * from './components/meeting-room/index.ts';
export * from './components/notifications/index.ts';
export * from './components/profile-card/index.ts';
export * from './components/promotions/index.ts';
export * from './components/reschedule/index.ts';
export * from './components/restricted-action/index.ts';
export { parseTheme, WIDGET_THEMES, type WidgetTheme } from './theme.ts';
export { toWidgetError, type WidgetError } from './widget-error.ts';
