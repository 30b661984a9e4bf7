import * as v from 'valibot';

/**
 * A positive whole number from a query string or JSON (`'3'` or `3`), at most `max`: the `page`
 * and `limit` of every paged call.
 *
 * @example
 * v.parse(queryCount(100), '3'); // 3
 */
export const queryCount = (max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
    v.number(),
    v.integer(),
    v.minValue(1),
    v.maxValue(max),
  );
