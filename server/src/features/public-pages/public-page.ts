import type { PublicPageData } from '@fm/sdk/contracts';

/**
 * The public pages of rule 22: what the server knows of one before it is rendered.
 * `server/src/http/public-html.ts` turns `head` into the page's `<head>` tags and sends `data` as
 * page data the portal renders; the answer carries `status`, `robots` and the validators.
 */

/** The `<head>` of a public page. */
export interface PublicPageHead {
  /** The whole `<title>`, product name included (`Jane Doe | Franchise Meet`). */
  title: string;
  description: string;
  /** Absolute URL on `PUBLIC_URL`. */
  canonical: string;
  /** Absolute URL of the profile's photo or the franchise's logo; null when there is none. */
  image: string | null;
  ogType: 'website' | 'profile';
  /** schema.org objects, each one `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

export type Robots = 'index' | 'noindex';

/** One public page, ready to be rendered and answered. */
export interface PublicPage {
  status: 200 | 404;
  /** `noindex` for a hidden, deactivated or incomplete profile and for a missing one. */
  robots: Robots;
  head: PublicPageHead;
  /** null for a 404. */
  data: PublicPageData | null;
  /** For `Last-Modified`. */
  lastModified: Date;
  /** A weak validator (`W/"…"`): changes when what the page shows, or the build, changes. */
  etag: string;
}

/** What the public pages read. */
export interface PublicPages {
  /** The page at `path` (no query), or null when `path` is not a public route. */
  page(path: string): Promise<PublicPage | null>;
}
