import {
  ConsultantSearchQuerySchema,
  FranchisorSearchQuerySchema,
  fromSearchParams,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { consultantListQuery } from './consultant-search.ts';
import { franchisorListQuery } from './franchisor-search.ts';

/** Test helpers of the discovery tests: searches written as the query strings the routes read. */

/**
 * A consultant search's parameters, parsed from its query string as the route parses them.
 * @example consultantParams('q=franchise&rateMax=60').rateMax // 60
 */
export const consultantParams = (query: string) =>
  v.parse(ConsultantSearchQuerySchema, fromSearchParams(new URLSearchParams(query)));

/**
 * The list plan of a consultant search given as its query string.
 * @example await loadList(inProcessLists(db), cache, consultantPlan('q=care'), 0);
 */
export const consultantPlan = (query: string) => consultantListQuery(consultantParams(query));

/**
 * The list plan of a franchisor search given as its query string.
 * @example await loadList(inProcessLists(db), cache, franchisorPlan('q=care&investment=lt200k'), 0);
 */
export const franchisorPlan = (query: string) =>
  franchisorListQuery(
    v.parse(FranchisorSearchQuerySchema, fromSearchParams(new URLSearchParams(query))),
  );
