import { lazy } from 'react';

/**
 * The frame's parts only a signed-in user sees (the bell, the profile menu, the guided tour, the
 * calendar prompts), in a chunk of their own: a guest's page (rule 22's public pages above all)
 * neither loads nor evaluates their code (a dropdown menu with its positioning library, the
 * notifications drawer, the tour). For a signed-in visitor the first-page script preloads it
 * (entry-pages.ts names its module) and `main.tsx` starts loading it at once.
 */
export const loadSignedInParts = () => import('./signed-in-parts-chunk.ts');

export const NotificationsBell = lazy(async () => ({
  default: (await loadSignedInParts()).NotificationsBell,
}));
export const ProfileMenu = lazy(async () => ({ default: (await loadSignedInParts()).ProfileMenu }));
export const TutorialTour = lazy(async () => ({
  default: (await loadSignedInParts()).TutorialTour,
}));
export const CalendarPrompts = lazy(async () => ({
  default: (await loadSignedInParts()).CalendarPrompts,
}));
