import { createHash } from 'node:crypto';
import { LEGAL_PATHS, type LegalPath, PRODUCT_NAME, type PublicPageData } from '@fm/sdk/contracts';
import type { Db } from '../../db/client.ts';
import { readPublicProfile } from '../users/profile-repository.ts';
import {
  absolute,
  consultantHead,
  franchisorHead,
  landingHead,
  legalHead,
  type Site,
} from './page-head.ts';
import type { PublicPage, PublicPageHead, PublicPages, Robots } from './public-page.ts';

export interface PublicPagesDeps {
  db: Db;
  /** `PUBLIC_URL`, without a trailing slash: canonical and image URLs are absolute on it. */
  publicUrl: string;
  /** Names the portal build that renders the pages: a new build is a new validator. */
  buildId: string;
  /** When that build started serving (no page is older); the time of the call when absent. */
  builtAt?: Date | undefined;
}

type Route =
  | { kind: 'landing' }
  | { kind: 'legal'; path: LegalPath }
  | { kind: 'consultant' | 'franchisor'; id: string };

const isLegal = (path: string): path is LegalPath =>
  (LEGAL_PATHS as readonly string[]).includes(path);
const PROFILE_ROUTE = /^\/(consultants|franchisors)\/([^/]+)$/;

/**
 * Which public route a path is, if any (rule 22).
 * @example publicRoute('/consultants/u1'); // { kind: 'consultant', id: 'u1' }
 */
export function publicRoute(path: string): Route | null {
  if (path === '/') return { kind: 'landing' };
  if (isLegal(path)) return { kind: 'legal', path };
  const match = PROFILE_ROUTE.exec(path);
  if (!match?.[1] || !match[2]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return { kind: match[1] === 'consultants' ? 'consultant' : 'franchisor', id };
}

const KIND_NAME = { consultant: 'consultant', franchisor: 'franchisor' } as const;

/** The portal's "Profile not found" page. */
function notFoundHead(site: Site, path: string, kind: 'consultant' | 'franchisor'): PublicPageHead {
  return {
    title: `Profile not found | ${PRODUCT_NAME}`,
    description: `This ${KIND_NAME[kind]} profile does not exist.`,
    canonical: absolute(site, path),
    image: null,
    ogType: 'website',
    jsonLd: [],
  };
}

const latest = (...dates: readonly (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));

/**
 * The public pages of rule 22 read from the database: a consultant's or franchisor's page holds
 * exactly what `GET /api/users/profile/{id}` answers to a visitor who is not signed in (the same
 * call), and is indexed only when discovery lists it (the search projection's `visible`; for a
 * franchise, the member its card shows). Validators: a weak ETag of everything the page shows
 * and the build; `Last-Modified` from the rows' `updated_at`, never before the build.
 *
 * @example
 * const pages = createPublicPages({ db, publicUrl: env.PUBLIC_URL, buildId: 'a1b2c3' });
 * const page = await pages.page('/consultants/u1'); // null for a route that is not public
 */
export function createPublicPages(deps: PublicPagesDeps): PublicPages {
  const site: Site = { publicUrl: deps.publicUrl };
  const builtAt = deps.builtAt ?? new Date();
  const { db } = deps;

  const finish = (page: Omit<PublicPage, 'etag'>): PublicPage => {
    const digest = createHash('sha1')
      .update(deps.buildId)
      .update('\n')
      .update(JSON.stringify([page.status, page.robots, page.head, page.data]))
      .digest('base64url');
    return { ...page, etag: `W/"${digest}"` };
  };

  const staticPage = (head: PublicPageHead, data: PublicPageData) =>
    finish({ status: 200, robots: 'index', head, data, lastModified: builtAt });

  const missing = (path: string, kind: 'consultant' | 'franchisor') =>
    finish({
      status: 404,
      robots: 'noindex',
      head: notFoundHead(site, path, kind),
      data: null,
      lastModified: builtAt,
    });

  // One read gives the profile, whether discovery lists it and when it last changed.
  async function profilePage(path: string, kind: 'consultant' | 'franchisor', id: string) {
    const read = await readPublicProfile(db, id);
    if (!read) return missing(path, kind);
    const robots: Robots = read.listed ? 'index' : 'noindex';
    const lastModified = latest(builtAt, read.changedAt);
    const { profile } = read;
    if (kind === 'consultant' && profile.role === 'consultant') {
      return finish({
        status: 200,
        robots,
        head: consultantHead(site, profile),
        data: { kind, profile },
        lastModified,
      });
    }
    if (kind === 'franchisor' && profile.role === 'franchisor') {
      return finish({
        status: 200,
        robots,
        head: franchisorHead(site, profile),
        data: { kind, profile },
        lastModified,
      });
    }
    return missing(path, kind);
  }

  return {
    async page(path) {
      const route = publicRoute(path);
      if (!route) return null;
      switch (route.kind) {
        case 'landing':
          return staticPage(landingHead(site), { kind: 'landing' });
        case 'legal':
          return staticPage(legalHead(site, route.path), { kind: 'legal', path: route.path });
        case 'consultant':
        case 'franchisor':
          return profilePage(path, route.kind, route.id);
      }
    },
  };
}
