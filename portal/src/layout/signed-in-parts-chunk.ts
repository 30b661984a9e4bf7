/** What `signed-in-parts.ts` loads as one chunk. */
export { CalendarPrompts } from '../features/calendar-settings/calendar-prompts.tsx';
export { TutorialTour } from '../features/tutorial/tutorial-tour.tsx';
export { NotificationsBell } from './notifications-bell.tsx';
export { ProfileMenu } from './profile-menu.tsx';
