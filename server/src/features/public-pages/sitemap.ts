import { createHash } from 'node:crypto';
import { LEGAL_PATHS } from '@fm/sdk/contracts';
import { and, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  consultantProfile,
  consultantSearch,
  franchise,
  franchiseSearch,
  review,
  user,
} from '../../db/schema/index.ts';
import { escapeMarkup } from './markup-escape.ts';
import type { Validators } from './validators.ts';

/** The protocol's bound: a sitemap file lists at most 50,000 URLs. */
export const SITEMAP_URLS_PER_FILE = 50_000;

export type SitemapKind = 'pages' | 'consultants' | 'franchisors';
const KINDS: readonly SitemapKind[] = ['pages', 'consultants', 'franchisors'];

/** One sitemap document with its validators. */
export interface SitemapDocument extends Validators {
  xml: string;
}

export interface SitemapDeps {
  db: Db;
  /** `PUBLIC_URL`, without a trailing slash. */
  publicUrl: string;
  /** URLs per file: the protocol's 50,000 unless a test asks for fewer. */
  urlsPerFile?: number | undefined;
  /** When the running build started serving: the static pages' `lastmod`. */
  builtAt?: Date | undefined;
}

interface Entry {
  loc: string;
  lastmod: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** W3C datetime to the second. */
const w3c = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
const entryXml = (tag: 'url' | 'sitemap', entry: { loc: string; lastmod?: Date | undefined }) =>
  `<${tag}><loc>${escapeMarkup(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${w3c(entry.lastmod)}</lastmod>` : ''}</${tag}>`;

function document(xml: string, lastModified: Date): SitemapDocument {
  const digest = createHash('sha1').update(xml).digest('base64url');
  return { xml, etag: `W/"${digest}"`, lastModified };
}

/** `consultants-3` → its kind and number; null for any other name. */
export function parseSitemapName(name: string): { kind: SitemapKind; n: number } | null {
  const match = /^(pages|consultants|franchisors)-([1-9]\d{0,6})$/.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1] as SitemapKind, n: Number(match[2]) };
}

/**
 * The sitemaps of rule 22: an index of files of at most 50,000 URLs each, listing the static
 * public pages and every consultant and franchise discovery lists (the search projection's
 * `visible`; for a franchise, the member its card shows). A profile file `n` holds the visible
 * rows whose projection `rid` is in `((n-1)·size, n·size]`: a range of the primary key, read in
 * order, never an OFFSET, so each file costs the same at any depth and a profile keeps its file
 * while others come and go. Files with no visible row are left out of the index.
 *
 * @example
 * const sitemaps = createSitemaps({ db, publicUrl: env.PUBLIC_URL });
 * (await sitemaps.index()).xml; // <sitemapindex>…/sitemaps/consultants-1.xml…
 * await sitemaps.file('consultants', 2); // null when that file lists nothing
 */
export function createSitemaps(deps: SitemapDeps) {
  const { db, publicUrl } = deps;
  const size = Math.trunc(deps.urlsPerFile ?? SITEMAP_URLS_PER_FILE);
  if (!(size >= 1 && size <= SITEMAP_URLS_PER_FILE)) {
    throw new Error(`urlsPerFile must be 1…${SITEMAP_URLS_PER_FILE}`);
  }
  const builtAt = deps.builtAt ?? new Date();
  const fileUrl = (kind: SitemapKind, n: number) => `${publicUrl}/sitemaps/${kind}-${n}.xml`;
  // `+visible`: no index on `visible` for a file's rows, so SQLite reads the rowid range in order
  // (with one, it scanned every visible row and sorted them: 2-3 times slower at 100,000).
  const listed = (visible: typeof consultantSearch.visible | typeof franchiseSearch.visible) =>
    sql`+${visible} = 1`;
  const ridRange = (rid: typeof consultantSearch.rid | typeof franchiseSearch.rid, n: number) =>
    and(gt(rid, (n - 1) * size), lte(rid, n * size));

  /**
   * The numbers of a projection's files that list something: for each rid range up to the
   * highest rid, whether one visible row lies in it — a primary-key range read that stops at the
   * first visible row, so the index costs a few reads per file instead of a pass over every
   * visible row.
   */
  async function filled(table: typeof consultantSearch | typeof franchiseSearch) {
    const per = sql.raw(String(size));
    const rows = await db.all<{ n: number }>(sql`
      with recursive file(n) as (
        select 1 where exists (select 1 from ${table})
        union all
        select n + 1 from file where n * ${per} < (select max(${table.rid}) from ${table})
      )
      select n from file
      where exists (
        select 1 from ${table}
        where ${table.rid} > (n - 1) * ${per} and ${table.rid} <= n * ${per} and ${listed(table.visible)}
      )
      order by n`);
    return rows.map((r) => Number(r.n));
  }

  async function files(): Promise<{ kind: SitemapKind; n: number }[]> {
    const [consultants, franchisors] = await Promise.all([
      filled(consultantSearch),
      filled(franchiseSearch),
    ]);
    return [
      { kind: 'pages', n: 1 },
      ...consultants.map((n) => ({ kind: 'consultants' as const, n })),
      ...franchisors.map((n) => ({ kind: 'franchisors' as const, n })),
    ];
  }

  /** The newest change that can add or drop a file: an account's or a franchise's. */
  async function latestChange(): Promise<Date> {
    const [[people], [brands]] = await Promise.all([
      db
        .select({ at: max(user.updatedAt) })
        .from(user)
        .where(inArray(user.role, ['consultant', 'franchisor'])),
      db.select({ at: max(franchise.updatedAt) }).from(franchise),
    ]);
    return new Date(
      Math.max(builtAt.getTime(), people?.at?.getTime() ?? 0, brands?.at?.getTime() ?? 0),
    );
  }

  function urlset(entries: readonly Entry[]): string {
    return `${XML_HEAD}\n<urlset xmlns="${NAMESPACE}">\n${entries.map((e) => entryXml('url', e)).join('\n')}\n</urlset>\n`;
  }

  async function consultantEntries(n: number): Promise<Entry[]> {
    const rows = await db
      .select({
        id: consultantSearch.userId,
        at: sql<number>`max(${user.updatedAt}, coalesce(${consultantProfile.updatedAt}, 0), coalesce((select max(r.created_at) from ${review} r where r.consultant_id = ${consultantSearch.userId}), 0))`,
      })
      .from(consultantSearch)
      .innerJoin(user, eq(user.id, consultantSearch.userId))
      .leftJoin(consultantProfile, eq(consultantProfile.userId, consultantSearch.userId))
      .where(and(listed(consultantSearch.visible), ridRange(consultantSearch.rid, n)))
      .orderBy(consultantSearch.rid);
    return rows.map((r) => ({
      loc: `${publicUrl}/consultants/${encodeURIComponent(r.id)}`,
      lastmod: new Date(Number(r.at)),
    }));
  }

  async function franchisorEntries(n: number): Promise<Entry[]> {
    const rows = await db
      .select({
        id: franchiseSearch.repUserId,
        at: sql<number>`max(${user.updatedAt}, ${franchise.updatedAt})`,
      })
      .from(franchiseSearch)
      .innerJoin(franchise, eq(franchise.id, franchiseSearch.franchiseId))
      .innerJoin(user, eq(user.id, franchiseSearch.repUserId))
      .where(and(listed(franchiseSearch.visible), ridRange(franchiseSearch.rid, n)))
      .orderBy(franchiseSearch.rid);
    return rows.flatMap((r) =>
      r.id
        ? [
            {
              loc: `${publicUrl}/franchisors/${encodeURIComponent(r.id)}`,
              lastmod: new Date(Number(r.at)),
            },
          ]
        : [],
    );
  }

  return {
    /** `/sitemap.xml`: the index of every file that lists something. */
    async index(): Promise<SitemapDocument> {
      const [list, lastModified] = await Promise.all([files(), latestChange()]);
      const xml = `${XML_HEAD}\n<sitemapindex xmlns="${NAMESPACE}">\n${list.map((f) => entryXml('sitemap', { loc: fileUrl(f.kind, f.n) })).join('\n')}\n</sitemapindex>\n`;
      return document(xml, lastModified);
    },

    /** `/sitemaps/{kind}-{n}.xml`; null when that file lists nothing. */
    async file(kind: SitemapKind, n: number): Promise<SitemapDocument | null> {
      if (!KINDS.includes(kind) || !Number.isInteger(n) || n < 1) return null;
      let entries: Entry[];
      if (kind === 'pages') {
        if (n !== 1) return null;
        entries = ['/', ...LEGAL_PATHS].map((path) => ({
          loc: `${publicUrl}${path}`,
          lastmod: builtAt,
        }));
      } else {
        entries = kind === 'consultants' ? await consultantEntries(n) : await franchisorEntries(n);
      }
      if (entries.length === 0) return null;
      const lastModified = new Date(Math.max(...entries.map((e) => e.lastmod.getTime())));
      return document(urlset(entries), lastModified);
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
