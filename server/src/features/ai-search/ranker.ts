import type { AiInterpretation, AiMatch } from '@fm/sdk/contracts';
import type { Db } from '../../db/client.ts';
import { parseRequest } from './parse-request.ts';
import { rankFranchises } from './rank-franchises.ts';
import { createFranchiseIndexCache } from './repository.ts';
import type { FranchiseDoc, SearchIndex } from './search-index.ts';

/** A window of the AI search's ranking, with the cards (the viewer's favourites are added later). */
export interface FranchisePage {
  interpretation: AiInterpretation;
  /** How many brands match anything. */
  total: number;
  items: { card: FranchiseDoc['card']; score: number; matched: AiMatch[] }[];
}

export interface SearchWindow {
  offset: number;
  limit: number;
}

/**
 * Ranks the visible franchises for a sentence. The index behind it is derived data kept in memory
 * (see repository.ts); `warmUp` builds it ahead of the first request.
 */
export interface FranchiseRanker {
  search(sentence: string, window: SearchWindow): Promise<FranchisePage>;
  warmUp(): void;
  /** Stops a thread, if any; searches after it fail. */
  close(): Promise<void>;
}

/**
 * One sentence against an index: parsed, ranked, the window's cards.
 * @example pageOf(index, 'pizza in Texas', { offset: 0, limit: 10 }).items[0]?.card.franchise.company
 */
export function pageOf(index: SearchIndex, sentence: string, window: SearchWindow): FranchisePage {
  const request = parseRequest(sentence);
  const ranked = rankFranchises(index, request, window);
  return {
    interpretation: request.interpretation,
    total: ranked.total,
    items: ranked.items.map((r) => ({
      card: index.docs[r.doc]!.card,
      score: r.score,
      matched: r.matched,
    })),
  };
}

/**
 * The index on this thread (a remote database or an in-memory one; also what the thread itself
 * runs). Loading yields between queries and steps, but its CPU is this event loop's.
 * @example const ranker = inProcessRanker({ db, now: () => new Date() });
 */
export function inProcessRanker(deps: { db: Db; now: () => Date }): FranchiseRanker {
  const cache = createFranchiseIndexCache(deps);
  return {
    async search(sentence, window) {
      return pageOf(await cache.get(), sentence, window);
    },
    warmUp: () => cache.warmUp(),
    async close() {},
  };
}
