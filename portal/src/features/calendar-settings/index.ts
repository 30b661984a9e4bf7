/** Calendar settings (issue 5, UI): the availability page, the connect modal and the reconnect prompts. */
export { CalendarPrompts } from './calendar-prompts.tsx';
export { CalendarSettingsPage } from './calendar-settings-page.tsx';
export { ConnectCalendarDialog } from './connect-calendar-dialog.tsx';
