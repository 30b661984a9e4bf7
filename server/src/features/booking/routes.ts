import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';

export interface BookingDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

/** Mounted by app.ts; its routes are being written (issue 5). */
export function bookingRoutes(_deps: BookingDeps) {
  return {
    /** `/api/booking/*` */
    booking: new Hono<AppEnv>(),
    /** `/api/session/*` */
    session: new Hono<AppEnv>(),
    /** `/api/users/calendars` */
    calendars: new Hono<AppEnv>(),
    /** `/api/auth/consultant/*` (OAuth connect and callback) */
    connect: new Hono<AppEnv>(),
    /** `/api/calendar/*` (private iCalendar feeds) */
    feeds: new Hono<AppEnv>(),
  };
}
