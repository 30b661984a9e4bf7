import { fromSearchParams, toSearchParams } from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * Parses a search query against its contract schema, dropping only the parameters that are
 * invalid (a hand-edited `?rateMin=abc` loses `rateMin`, not every filter).
 *
 * @example
 * parseQuery(ConsultantSearchQuerySchema, { rateMin: 'abc', region: 'USA' });
 * // { region: ['USA'], page: 1, limit: 10, sort: 'relevance', favoritesOnly: false }
 */
export function parseQuery<S extends v.GenericSchema>(
  schema: S,
  raw: Readonly<Record<string, unknown>>,
): v.InferOutput<S> {
  const input: Record<string, unknown> = { ...raw };
  // Each round drops the keys an issue points at; a schema has fewer keys than this.
  for (let round = 0; round < 40; round += 1) {
    const result = v.safeParse(schema, input);
    if (result.success) return result.output;
    const bad = new Set<string>();
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string') bad.add(key);
    }
    if (bad.size === 0) break;
    for (const key of bad) delete input[key];
  }
  return v.parse(schema, {});
}

/**
 * URL search parameters parsed against a query schema (see {@link parseQuery}).
 *
 * @example
 * parseSearchParams(ConsultantSearchQuerySchema, new URLSearchParams(location.search));
 */
export function parseSearchParams<S extends v.GenericSchema>(
  schema: S,
  params: URLSearchParams,
): v.InferOutput<S> {
  return parseQuery(schema, fromSearchParams(params));
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * A query without its empty values and without values equal to `defaults` (page 1, the default
 * sort, …): what is sent to the API and written to the URL.
 *
 * @example
 * compactQuery({ q: '', page: 1, region: ['USA'], sort: 'relevance' }, { page: 1, sort: 'relevance' });
 * // { region: ['USA'] }
 */
export function compactQuery<T extends object>(
  query: T,
  defaults: Readonly<Record<string, unknown>> = {},
): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (isEmpty(value)) continue;
    if (key in defaults && defaults[key] === value) continue;
    out[key] = value;
  }
  return out as Partial<T>;
}

/**
 * A query as URL search parameters, without empty and default values.
 *
 * @example
 * querySearchParams({ region: ['USA', 'Canada'], page: 1 }, { page: 1 }).toString();
 * // 'region=USA&region=Canada'
 */
export function querySearchParams(
  query: object,
  defaults: Readonly<Record<string, unknown>> = {},
): URLSearchParams {
  return toSearchParams(compactQuery(query, defaults) as Record<string, unknown>);
}

/**
 * Whether any filter is set (paging, page size and sort are not filters).
 *
 * @example
 * hasActiveFilters({ page: 3, sort: 'newest' }); // false
 */
export function hasActiveFilters(query: object): boolean {
  return Object.entries(query).some(
    ([key, value]) => !['page', 'limit', 'sort', 'favoritesOnly'].includes(key) && !isEmpty(value),
  );
}

/** A change to some filters; `undefined` clears a filter. */
export type FilterPatch<F> = { [K in keyof F]?: F[K] | undefined };

/**
 * Applies a change to filters: `undefined` values clear their filter, and any change but paging
 * itself goes back to page 1.
 *
 * @example
 * patchFilters({ page: 3, region: ['USA'] }, { region: undefined }); // { page: 1 }
 */
export function patchFilters<F extends { page: number }>(filters: F, patch: FilterPatch<F>): F {
  const next: Record<string, unknown> = { ...filters, page: 1 };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as F;
}
