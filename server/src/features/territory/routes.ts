import {
  DEFAULT_PAGE_SIZE,
  FIELD_MESSAGES,
  MAX_PAGE_SIZE,
  STATE_CODES,
  TerritoryQuerySchema,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import { territoryBrands, territoryStats } from './repository.ts';

const pageNumber = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, FIELD_MESSAGES.numbersOnly))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
);

/** The brand list's query: the map's filters and the page. */
const TerritoryBrandsQuerySchema = v.object({
  ...TerritoryQuerySchema.entries,
  page: v.optional(pageNumber, 1),
  limit: v.optional(v.pipe(pageNumber, v.maxValue(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});

const StateParamSchema = v.object({
  code: v.picklist(STATE_CODES, 'Unknown state or province'),
});

/**
 * Territory Scout (`/api/territory`, signed-in users only): brands registered and consultants
 * covering each US state and Canadian province, and the brands of one of them.
 */
export function territoryRoutes(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/states', signedIn, validate('query', TerritoryQuerySchema), async (c) =>
      c.json(await territoryStats(db, c.req.valid('query'))),
    )
    .get(
      '/states/:code/franchisees',
      signedIn,
      validate('param', StateParamSchema),
      validate('query', TerritoryBrandsQuerySchema),
      async (c) => {
        const viewer = requireUser(c);
        const { code } = c.req.valid('param');
        const query = c.req.valid('query');
        return c.json(await territoryBrands(db, { ...query, code, viewerId: viewer.id }));
      },
    );
}
