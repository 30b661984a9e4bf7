import { lazy } from 'react';

/**
 * The frame's parts only a signed-in user sees (the bell, the profile menu, the guided tour, the
 * calendar prompts), in a chunk of their own: a guest's page (rule 22's public pages above all)
 * neither loads nor evaluates their code (a dropdown menu with its positioning library, the
 * notifications drawer, the tour). For a signed-in visitor the first-page script preloads it
 * (entry-pages.ts names its module) and `main.tsx` starts loading it at once.
 */
export const loadSignedInParts = () => import('./signed-in-parts-chunk.ts');

type Parts = Awaited<ReturnType<typeof loadSignedInParts>>;

/** One of the parts, as a component that loads the chunk when it first renders. */
const part = <Name extends keyof Parts>(name: Name) =>
  lazy(async () => ({ default: (await loadSignedInParts())[name] }));

export const NotificationsBell = part('NotificationsBell');
export const ProfileMenu = part('ProfileMenu');
export const TutorialTour = part('TutorialTour');
export const CalendarPrompts = part('CalendarPrompts');
