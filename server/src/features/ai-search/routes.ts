import { AiSearchQuerySchema, type AiSearchResult } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import { parseRequest } from './parse-request.ts';
import { rankFranchises } from './rank-franchises.ts';
import { createFranchiseIndexCache, favoriteFranchiseIds } from './repository.ts';

/** A request without `q` gets the same message as an empty one. */
const QuerySchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((input) => ({ q: '', ...input })),
  AiSearchQuerySchema,
);

/**
 * The AI search for franchisors (user-area §7: `GET users/ai-franchisees-search`), fully local:
 * the sentence is parsed into constraints, every visible franchise is scored against them, and
 * each result says which parts of the request it matched.
 */
export function aiSearchRoutes(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const cache = createFranchiseIndexCache({ db, now: deps.now });
  cache.warmUp();
  return new Hono<AppEnv>().get(
    '/ai-franchisees-search',
    signedIn,
    validate('query', QuerySchema),
    async (c) => {
      const viewer = requireUser(c);
      const { q, page, limit } = c.req.valid('query');
      const request = parseRequest(q);
      const index = await cache.get();
      const ranked = rankFranchises(index, request, { offset: (page - 1) * limit, limit });
      const cards = ranked.items.map((r) => ({ ...r, card: index.docs[r.doc]!.card }));
      const favorites = await favoriteFranchiseIds(
        db,
        viewer.id,
        cards.map((r) => r.card.franchise.id),
      );
      const body: AiSearchResult = {
        query: q,
        interpretation: request.interpretation,
        total: ranked.total,
        page,
        limit,
        franchisees: cards.map((r) => ({
          ...r.card,
          isFavorite: favorites.has(r.card.franchise.id),
          score: r.score,
          matched: r.matched,
        })),
      };
      return c.json(body);
    },
  );
}
