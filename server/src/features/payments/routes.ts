import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';

export interface PaymentDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

/** Mounted by app.ts; its routes are being written (issue 6). */
export function paymentRoutes(_deps: PaymentDeps) {
  return {
    /** `/api/users/*`: payment methods, payments, subscription, manual run, payouts */
    users: new Hono<AppEnv>(),
    /** `/api/stripe/*`: the webhook */
    stripe: new Hono<AppEnv>(),
  };
}
