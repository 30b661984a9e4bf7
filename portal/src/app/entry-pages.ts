/**
 * The pages people open the portal on, by path, with the module of each (relative to `portal/`).
 * At build, vite.config.ts turns this into a small script that preloads the chunk of the page the
 * browser opened, in parallel with the app's own code, instead of after it (router.tsx loads each
 * page on first visit). A path not listed still works: its chunk then loads right after the app.
 * Public pages (rule 22) are not listed: they paint from the server's HTML, and their code loads
 * after that paint instead of sharing the network with it.
 * router.test.ts checks that every path here is a lazy route of the router.
 */
export const ENTRY_PAGES: Readonly<Record<string, string>> = {
  '/sign-in': 'src/pages/auth/sign-in-page.tsx',
  '/sign-up': 'src/pages/auth/sign-up-page.tsx',
  '/consultants': 'src/pages/find/find-pages.tsx',
  '/franchisors': 'src/pages/find/find-pages.tsx',
  '/bookings': 'src/pages/bookings/my-meetings-page.tsx',
  '/payments': 'src/pages/payments/payments-page.tsx',
  '/dashboard': 'src/pages/dashboard/dashboard-page.tsx',
  '/chats': 'src/pages/chats/chats-page.tsx',
};

/**
 * The module of the frame's signed-in parts (`layout/signed-in-parts.ts` loads it): the same
 * script preloads its chunk too when the browser holds a session, so the bell and the profile
 * menu come with the app's first render instead of after it.
 */
export const SIGNED_IN_PARTS_MODULE = 'src/layout/signed-in-parts-chunk.ts';

/**
 * The modules of the public pages (rule 22) that are chunks of their own (the landing page is in
 * the app's entry): with the entry's chunks, the code that renders a public page's markup before
 * the app takes over, from which the build picks the stylesheet the server inlines in it.
 */
export const PUBLIC_PAGE_MODULES: readonly string[] = [
  'src/pages/public-profile/public-profile-page.tsx',
  'src/pages/legal/legal-page.tsx',
  'src/pages/legal/legal-documents.ts',
];
