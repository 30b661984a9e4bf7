import * as v from 'valibot';

/**
 * A positive whole number from a query string or JSON (`'3'` or `3`), at most `max`: the `page`
 * and `limit` of every paged call.
 *
 * @example
 * v.parse(queryCount(100), '3'); // 3
 */
export const queryCount = (max: number) => {
  const message = `Use a whole number from 1 to ${max}`;
  return v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], message),
    v.number(),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(max, message),
  );
};

/**
 * A query object as URL search parameters (lists as repeated keys; empty values dropped): the
 * query string of every call with one. Here, not beside the search schemas, so the SDK's
 * transport does not pull the discovery contract into every page that loads it (P5).
 *
 * @example
 * toSearchParams({ industry: ['Automotive', 'Education'], rateMax: 80 }).toString();
 * // 'industry=Automotive&industry=Education&rateMax=80'
 */
export function toSearchParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}
