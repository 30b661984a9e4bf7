import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';

/** Mounted by app.ts; its routes are being written (issue 3). */
export function discoveryRoutes(_deps: { db: Db; now: () => Date }) {
  return new Hono<AppEnv>();
}
