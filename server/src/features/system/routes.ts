import type { ClientConfig, Health } from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

export const APP_VERSION = '0.1.0';

/** The runtime answering, e.g. `node 24.21.0`: an operator sees which Node a deployment runs. */
export const RUNTIME = `node ${process.versions.node}`;

/** `/api/health` (checks the database) and `/api/config` (what browsers need at run time). */
export function systemRoutes(deps: {
  db: Db;
  partyUrl: string;
  /** How browsers add cards (Stripe.js's publishable key in Stripe mode). */
  payments?: ClientConfig['payments'];
}) {
  // The same for the process's whole life: serialised once, not on every page load.
  const config = JSON.stringify({
    partyUrl: deps.partyUrl,
    version: APP_VERSION,
    payments: deps.payments ?? { provider: 'ledger', publishableKey: null },
  } satisfies ClientConfig);
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      try {
        await deps.db.run(sql`select 1`);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', { message: 'The database is not reachable' });
      }
      c.header('cache-control', 'no-store');
      return c.json({
        status: 'ok',
        database: 'ok',
        version: APP_VERSION,
        runtime: RUNTIME,
      } satisfies Health);
    })
    .get('/config', (c) => c.body(config, 200, { 'content-type': 'application/json' }));
}
