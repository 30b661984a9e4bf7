import {
  ConsultantSearchQuerySchema,
  FavoriteConsultantInputSchema,
  FavoriteFranchisorInputSchema,
  FranchisorSearchQuerySchema,
  fromSearchParams,
  normalizeRole,
  type Role,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput, validate } from '../../http/validate.ts';
import { embedAccessOf, publicReader, publicViewer } from '../embed/embed-access.ts';
import { searchConsultants } from './consultant-search.ts';
import { toggleFavoriteConsultant, toggleFavoriteFranchisor } from './favorites.ts';
import { createFiltersReader } from './filters.ts';
import { searchFranchisors } from './franchisor-search.ts';
import { inProcessLists, type ListReader } from './list-reader.ts';
import { createRankedListCache } from './ranked-list.ts';

const ListRoleSchema = v.object({
  role: v.optional(v.picklist(['consultant', 'franchisor', 'franchisee'], 'Unknown role')),
});

/**
 * Which list a viewer gets. Without `role`: franchisors and admins find consultants, consultants
 * find franchisors. In the portal franchisors may not list franchisors nor consultants list
 * consultants (the spec gives each only the other side's Find page); admins may list both. On a
 * partner page (`partnerPage`: an admitted embed key, rule 18) both lists are public, so a visitor
 * who signs in there keeps the list the page shows to guests.
 */
export function listRole(
  viewer: Role,
  requested: string | undefined,
  partnerPage = false,
): 'consultant' | 'franchisor' {
  const { role } = parseInput(ListRoleSchema, { role: requested });
  const target = role ? normalizeRole(role) : viewer === 'consultant' ? 'franchisor' : 'consultant';
  if (target === 'admin') throw new AppError('FORBIDDEN');
  if (viewer !== 'admin' && target === viewer && !partnerPage) throw new AppError('FORBIDDEN');
  return target;
}

/**
 * `fromSearchParams` reads `state` as a list (the franchisor filter is one), while the consultant
 * filter takes one state: the first given counts.
 */
function singleState(query: Record<string, string | string[]>) {
  const { state } = query;
  return Array.isArray(state) ? { ...query, state: state[0] ?? '' } : query;
}

/**
 * Discovery: `GET /api/users` (consultant or franchisor search), `GET /api/users/filters`
 * and the favourite toggles. Search results are cached per query while the projection's epoch
 * holds (see ranked-list.ts); the cache is per process and never serves stale data. The list
 * statements run where `lists` says: in worker threads for a database file (decision 008).
 */
export function discoveryRoutes(deps: {
  db: Db;
  now: () => Date;
  /** Where the list statements run (see list-reader.ts); this thread when absent. */
  lists?: ListReader | undefined;
}) {
  const { db } = deps;
  const lists = deps.lists ?? inProcessLists(db);
  // Bounded: at most 256 lists per side, and 1.5 M + 0.5 M rowids in all (each kept twice, in
  // order and sorted: 16 MB at most); 256 phrases per side and 2 M + 0.5 M rows of them (12 bytes
  // a row: 30 MB at most); one copy of the filter columns (~1.6 MB at 100,000 consultants).
  const consultantLists = createRankedListCache({
    maxEntries: 256,
    maxIds: 1_500_000,
    maxPhraseRows: 2_000_000,
  });
  const franchiseLists = createRankedListCache({ maxEntries: 256, maxIds: 500_000 });
  const readFilters = createFiltersReader(db);

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      // A signed-in user, or an anonymous visitor of a partner page with an embed key (rule 18).
      const viewer = publicViewer(c);
      const { role, ...query } = fromSearchParams(new URL(c.req.url).searchParams);
      // The visitor may list either side (both are public through the key).
      const target = listRole(
        viewer.anonymous ? 'admin' : viewer.role,
        Array.isArray(role) ? role[0] : role,
        embedAccessOf(c) !== undefined,
      );
      if (target === 'consultant') {
        const params = parseInput(ConsultantSearchQuerySchema, singleState(query));
        return c.json(
          await searchConsultants({ db, lists, cache: consultantLists }, viewer.id, params),
        );
      }
      const params = parseInput(FranchisorSearchQuerySchema, query);
      return c.json(
        await searchFranchisors({ db, lists, cache: franchiseLists }, viewer.id, params),
      );
    })
    .get('/filters', publicReader, async (c) => c.json(await readFilters()))
    .post(
      '/favorite-consultant',
      requireRole('franchisor', 'admin'),
      validate('json', FavoriteConsultantInputSchema),
      async (c) => {
        const viewer = requireUser(c);
        const { consultantId } = c.req.valid('json');
        return c.json(await toggleFavoriteConsultant(db, viewer.id, consultantId, deps.now()));
      },
    )
    .post(
      '/favorite-franchisor',
      requireRole('consultant'),
      validate('json', FavoriteFranchisorInputSchema),
      async (c) => {
        const viewer = requireUser(c);
        const { franchisorId } = c.req.valid('json');
        return c.json(await toggleFavoriteFranchisor(db, viewer.id, franchisorId, deps.now()));
      },
    );
}
