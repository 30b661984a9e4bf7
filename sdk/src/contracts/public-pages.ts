import * as v from 'valibot';
import { ConsultantPublicProfileSchema, FranchisorPublicProfileSchema } from './profiles.ts';

/**
 * Rule 22: the id of the non-executable `<script type="application/json">` that carries a public
 * page's data; the server writes it and the portal reads it.
 */
export const PUBLIC_PAGE_DATA_ID = 'fm-public-data';

/**
 * Rule 22: a public page paints with the part of the portal's stylesheet its own markup can use,
 * inlined. The portal's build names that part's file in this attribute of index.html's stylesheet
 * link; the server inlines it, and sends the whole stylesheet as a link with
 * {@link DEFERRED_STYLESHEET_ATTRIBUTE} and `media="print"` (fetched without holding the paint),
 * which the app switches on before it takes over the page.
 */
export const FIRST_PAINT_STYLESHEET_ATTRIBUTE = 'data-first-paint';
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred';

/**
 * Rule 22: on a page whose body the server rendered, the server leaves out the app's entry script
 * and marks `<html>` with this attribute; the first-page script then loads the app at once for a
 * signed-in visitor, and for a guest when they first press, tap, type or tab on the page (its code
 * fetched beforehand, once the page has loaded and the browser is idle).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/**
 * Dispatched on `document` once the app has taken over a page: the first-page script then clicks
 * again the buttons, and the links marked with {@link APP_LINK_ATTRIBUTE}, a guest clicked while
 * the app was loading.
 */
export const APP_READY_EVENT = 'fm:app-ready';

/**
 * Marks a link whose page needs what the app passes along with it (navigation state: "I Am a
 * Consultant" opens sign-up with that role chosen). Clicked on a guest's public page before the
 * app has taken it over, such a link waits for the app, which follows it; any other link is an
 * ordinary navigation.
 */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/** The legal pages' routes. */
export const LEGAL_PATHS = [
  '/privacy-policy',
  '/terms-and-conditions',
  '/terms-of-use/consultant',
  '/terms-of-use/franchisor',
] as const;
export type LegalPath = (typeof LEGAL_PATHS)[number];

/**
 * What a public page's body is made of (rule 22), as the server sends it in the page and the
 * portal reads it back: a profile is exactly `GET /api/users/profile/{id}`'s answer, of the page's
 * kind.
 */
export const PublicPageDataSchema = v.variant('kind', [
  v.object({ kind: v.literal('landing') }),
  v.object({ kind: v.literal('legal'), path: v.picklist(LEGAL_PATHS) }),
  v.object({ kind: v.literal('consultant'), profile: ConsultantPublicProfileSchema }),
  v.object({ kind: v.literal('franchisor'), profile: FranchisorPublicProfileSchema }),
]);
export type PublicPageData = v.InferOutput<typeof PublicPageDataSchema>;
