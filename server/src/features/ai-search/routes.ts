import { AiSearchQuerySchema, type AiSearchResult } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import type { FranchiseRanker } from './ranker.ts';
import { favoriteFranchiseIds } from './repository.ts';

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
export function aiSearchRoutes(deps: { db: Db; ranker: FranchiseRanker }) {
  const { db, ranker } = deps;
  return new Hono<AppEnv>().get(
    '/ai-franchisees-search',
    signedIn,
    validate('query', QuerySchema),
    async (c) => {
      const viewer = requireUser(c);
      const { q, page, limit } = c.req.valid('query');
      const ranked = await ranker.search(q, { offset: (page - 1) * limit, limit });
      const favorites = await favoriteFranchiseIds(
        db,
        viewer.id,
        ranked.items.map((r) => r.card.franchise.id),
      );
      const body: AiSearchResult = {
        query: q,
        interpretation: ranked.interpretation,
        total: ranked.total,
        page,
        limit,
        franchisees: ranked.items.map((r) => ({
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
