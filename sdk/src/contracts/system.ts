import * as v from 'valibot';

// A module of its own: the realtime connection reads the client configuration on every page with
// a live element, which must not load the profiles' schemas and the enumerations they check.

/** `GET /api/health`. */
export const HealthSchema = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
  version: v.string(),
  /** The runtime serving the API, e.g. `node 24.21.0`, for operators. */
  runtime: v.string(),
});
export type Health = v.InferOutput<typeof HealthSchema>;

/** `GET /api/config`: what browsers need to know at run time (the realtime server's address). */
export const ClientConfigSchema = v.object({
  partyUrl: v.string(),
  version: v.string(),
  /** How cards are added: Stripe Elements with this publishable key, or the built-in provider's test ids. */
  payments: v.optional(
    v.object({
      provider: v.picklist(['ledger', 'stripe']),
      publishableKey: v.nullable(v.string()),
    }),
  ),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;

/** Configuration and health (the SDK's `system.ts`), not named by the spec. */
export const SYSTEM_OPERATIONS = {
  fetchConfig: 'Error fetching configuration',
  checkHealth: 'Error checking server health',
} as const;
