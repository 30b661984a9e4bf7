/**
 * Every custom element, by tag name, with the code that defines it — loaded only when a page
 * uses the tag (the loader imports it on first sight). A new widget adds one line here.
 */
export const FM_ELEMENT_LOADERS = {
  'fm-profile-card': () => import('./fm-profile-card.ts').then((m) => m.FmProfileCard),
  'fm-consultant-list': () => import('./fm-consultant-list.ts').then((m) => m.FmConsultantList),
  'fm-franchisor-list': () => import('./fm-franchisor-list.ts').then((m) => m.FmFranchisorList),
  'fm-booking-modal': () => import('./fm-booking-modal.ts').then((m) => m.FmBookingModal),
  'fm-chat': () => import('./fm-chat.ts').then((m) => m.FmChat),
  'fm-notifications': () => import('./fm-notifications.ts').then((m) => m.FmNotifications),
  'fm-promotions': () => import('./fm-promotions.ts').then((m) => m.FmPromotions),
} as const satisfies Record<`fm-${string}`, () => Promise<CustomElementConstructor>>;

export type FmTag = keyof typeof FM_ELEMENT_LOADERS;

export const FM_TAGS = Object.keys(FM_ELEMENT_LOADERS) as FmTag[];
