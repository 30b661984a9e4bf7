import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { createRefreshTokens } from './auth/refresh-tokens.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { rankerFor } from './features/ai-search/ranker-thread.ts';
import { createAccountService } from './features/auth/service.ts';
import { listReaderFor } from './features/discovery/list-reader.ts';
import { createProfileService } from './features/profile/service.ts';
import { createLogger } from './http/logger.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import type { StaticDirs } from './http/static-apps.ts';
import { createOutboxMailer, type Mailer } from './mail/mailer.ts';
import { createPayments } from './payments/payments.ts';
import { createHttpPublisher } from './realtime/http-publisher.ts';
import type { RealtimePublisher } from './realtime/publisher.ts';
import { createS3Storage } from './uploads/s3-storage.ts';
import { createLocalStorage, type FileStorage } from './uploads/storage.ts';
import { createUploadService } from './uploads/upload-service.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

/** Where the built front-ends live in this repository. */
export const defaultStaticDirs: StaticDirs = {
  portal: resolve(repoRoot, 'portal/dist'),
  portalRenderer: resolve(repoRoot, 'portal/dist-server/server-entry.js'),
  admin: resolve(repoRoot, 'admin/dist'),
  widgets: resolve(repoRoot, 'widgets/dist'),
  widgetsDemo: resolve(repoRoot, 'widgets/demo'),
};

/**
 * Wires every service from the configuration once; `main.ts` and the test server share it, so tests
 * run the same composition as production.
 */
export async function createContainer(options: {
  env: Env;
  database: Database;
  now?: () => Date;
  mailer?: Mailer;
  staticDirs?: StaticDirs | undefined;
  storage?: FileStorage;
  /** How the API pushes into the rooms; the HTTP publisher to `PARTY_INTERNAL_URL` by default. */
  realtime?: RealtimePublisher;
}) {
  const { env, database } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const logger = createLogger(env.LOG_LEVEL);
  // Mail only ever lands in the outbox; the outbox worker (main.ts or mail-worker.ts) delivers it.
  const mailer = options.mailer ?? createOutboxMailer({ db, logger });
  const auth = createAuth({
    db,
    secret: env.AUTH_SECRET,
    baseURL: env.PUBLIC_URL,
    trustedOrigins: env.trustedOrigins,
    mailer,
  });
  const realtime =
    options.realtime ??
    createHttpPublisher({
      partyUrl: env.PARTY_INTERNAL_URL,
      secret: env.REALTIME_SECRET,
      db,
      logger,
    });
  const refreshTokens = createRefreshTokens({ db, now });
  const limiter = createRateLimiter({
    db,
    windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    now,
  });
  const accounts = createAccountService({
    db,
    auth,
    refreshTokens,
    mailer,
    limiter,
    publicUrl: env.PUBLIC_URL,
    limits: { signIn: env.RATE_LIMIT_SIGN_IN, signUp: env.RATE_LIMIT_SIGN_UP },
    now,
    realtime,
  });
  const storage =
    options.storage ??
    (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          region: env.S3_REGION,
        })
      : createLocalStorage(env.UPLOADS_DIR));
  const uploads = createUploadService({ db, storage });
  const profiles = createProfileService({ db, uploads, refreshTokens, realtime });
  const payments = createPayments({ db, env, mailer, logger, now, realtime });
  // Search ranking off the event loop, in threads with their own connections (decision 008).
  const searchLists = listReaderFor(env.DATABASE_URL, db);
  // The AI search's index and ranking in a thread of its own, for the same reason.
  const franchiseRanker = rankerFor(env.DATABASE_URL, db, now);
  const app = createApp({
    searchLists,
    franchiseRanker,
    realtime,
    payments,
    mailer,
    uploads,
    profiles,
    env,
    db,
    auth,
    accounts,
    refreshTokens,
    logger,
    now,
    staticDirs: options.staticDirs,
  });
  return {
    env,
    db,
    database,
    now,
    logger,
    mailer,
    auth,
    refreshTokens,
    accounts,
    uploads,
    profiles,
    payments,
    realtime,
    searchLists,
    franchiseRanker,
    app,
    /** Stops what the container started beside the database (the search threads). */
    close: async () => {
      await Promise.all([searchLists.close(), franchiseRanker.close()]);
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
