import {
  API_VERSION_HEADER,
  AUTH_HEADERS,
  EMBED_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  normalizeOrigin,
} from '@fm/sdk/contracts';
import { type ErrorHandler, Hono } from 'hono';
import type { Auth } from './auth/auth.ts';
import type { RefreshTokens } from './auth/refresh-tokens.ts';
import { type AppEnv, createSessionMiddleware } from './auth/session.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { type FranchiseRanker, inProcessRanker } from './features/ai-search/ranker.ts';
import { aiSearchRoutes } from './features/ai-search/routes.ts';
import { apiKeyAuthentication } from './features/api-keys/authenticate.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { type ApiKeyService, createApiKeyService } from './features/api-keys/service.ts';
import { authRoutes } from './features/auth/routes.ts';
import type { AccountService } from './features/auth/service.ts';
import { noMeetingPayments } from './features/booking/meeting-payments.ts';
import { bookingRoutes } from './features/booking/routes.ts';
import type { ListReader } from './features/discovery/list-reader.ts';
import { discoveryRoutes } from './features/discovery/routes.ts';
import { disputeRouters } from './features/disputes/routes.ts';
import { embedAccess, hasEmbedKey } from './features/embed/embed-access.ts';
import { embedSessionScope } from './features/embed/embed-scope.ts';
import { createEmbedSessions, type EmbedSessions } from './features/embed/embed-sessions.ts';
import { embedRoutes } from './features/embed/routes.ts';
import { meetingRoomRoutes } from './features/meeting-room/routes.ts';
import { createMeetingRoomService } from './features/meeting-room/service.ts';
import { messagingRoutes } from './features/messaging/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import {
  MULTIPART_LIMIT_BYTES,
  profileRoutes,
  SUPPORT_REQUEST_LIMITS,
} from './features/profile/routes.ts';
import type { ProfileService } from './features/profile/service.ts';
import { promotionRoutes } from './features/promotions/routes.ts';
import { createPublicPages } from './features/public-pages/public-pages.ts';
import { crawlerRoutes } from './features/public-pages/routes.ts';
import { realtimeRoutes } from './features/realtime/routes.ts';
import { createTicketService } from './features/realtime/tickets.ts';
import { systemRoutes } from './features/system/routes.ts';
import { territoryRoutes } from './features/territory/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { createWebhookService } from './features/webhooks/service.ts';
import { answerHeaders } from './http/answer-headers.ts';
import { refuseUnservedVersion } from './http/api-version.ts';
import { BODY_HEADERS, bodyCaps } from './http/body-caps.ts';
import { cors } from './http/cors.ts';
import { AppError, errorResponse, toAppError } from './http/errors.ts';
import { idempotency } from './http/idempotency.ts';
import type { Logger } from './http/logger.ts';
import { chainWhen, type Gated, guardsThen } from './http/middleware-chain.ts';
import { portalPageRenderer } from './http/page-body-renderer.ts';
import { publicHtml, readPublicShell } from './http/public-html.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { requestFrame } from './http/request-frame.ts';
import { jsonSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { type StaticDirs, staticApps } from './http/static-apps.ts';
import type { Mailer } from './mail/mailer.ts';
import { openApiRoutes } from './openapi/routes.ts';
import type { Payments } from './payments/payments.ts';
import { paymentsCsp } from './payments/stripe-csp.ts';
import type { RealtimePublisher } from './realtime/publisher.ts';
import type { UploadService } from './uploads/upload-service.ts';

/** Two years, the preload list's own bar; one year is the least a browser should remember. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Reads that need no account: public profiles and the service's own status. */
const PUBLIC_READS = [
  /^\/api\/users\/profile\/[^/]+$/,
  /^\/api\/(health|config)$/,
  /^\/api\/embed\/keys\/[^/]+$/,
  /^\/api\/booking\/consultant\/[^/]+\/(slots|availability)$/,
];
const isPublicRead = (path: string) => PUBLIC_READS.some((pattern) => pattern.test(path));
/** A preflight for a request that will carry an embed key. */
const asksForEmbedKey = (c: { req: { header: (name: string) => string | undefined } }) =>
  (c.req.header('access-control-request-headers') ?? '')
    .toLowerCase()
    .split(',')
    .some((name) => name.trim() === EMBED_KEY_HEADER);

export interface AppDeps {
  env: Env;
  db: Db;
  auth: Auth;
  accounts: AccountService;
  refreshTokens: RefreshTokens;
  mailer: Mailer;
  uploads: UploadService;
  profiles: ProfileService;
  logger: Logger;
  now: () => Date;
  /** The money side; created from `env` when absent. */
  payments?: Payments | undefined;
  staticDirs?: StaticDirs | undefined;
  /** Pushes events into realtime rooms (rule 15); `createContainer` always passes one. */
  realtime: RealtimePublisher;
  /** Runs the search's list statements (worker threads for a file); on this thread when absent. */
  searchLists?: ListReader | undefined;
  /** Ranks the AI search (a worker thread for a file); on this thread when absent. */
  franchiseRanker?: FranchiseRanker | undefined;
}

/**
 * The middleware only a request with a body or credentials needs, in order, each with the request
 * headers it reads to decide whether a GET or HEAD needs it: the one list from which `chainWhen`
 * decides to skip them (middleware-gates.test.ts holds each entry to what its middleware reads).
 */
export function bodyAndCredentialMiddleware(
  deps: Pick<AppDeps, 'env' | 'db' | 'auth' | 'refreshTokens' | 'now'>,
  parts: { apiKeys: ApiKeyService; embedSessions: EmbedSessions },
): Gated<AppEnv>[] {
  const { env, db } = deps;
  const { apiKeys, embedSessions } = parts;
  return [
    {
      headers: BODY_HEADERS,
      handler: bodyCaps({ jsonBytes: env.BODY_LIMIT_BYTES, uploadBytes: MULTIPART_LIMIT_BYTES }),
    },
    {
      headers: ['authorization', AUTH_HEADERS.refreshToken],
      handler: createSessionMiddleware({
        db,
        auth: deps.auth,
        refreshTokens: deps.refreshTokens,
        now: deps.now,
        embedSessions: embedSessions.resolve,
      }),
    },
    // `Authorization: Bearer sk_…`: a franchise's backend, within its key's scopes (600 calls a minute).
    {
      headers: ['authorization'],
      handler: apiKeyAuthentication({
        keys: apiKeys,
        limiter: createRateLimiter({ db, windowMs: 60_000, now: deps.now }),
        perMinute: 600,
      }),
    },
    // `x-fm-embed-key`: a partner page on one of the key's origins (rule 18).
    {
      headers: [EMBED_KEY_HEADER],
      handler: embedAccess({
        findPublishable: apiKeys.findPublishable,
        touch: apiKeys.touch,
        limiter: createRateLimiter({ db, windowMs: 60_000, now: deps.now }),
        trustProxy: env.TRUST_PROXY,
      }),
    },
    // An embed session (decision 029): only with its own key, only the elements' calls (else 403
    // EMBED_SCOPE); renewed inside the embed. It acts on what the session middleware found, so it
    // reads no header of its own.
    { headers: [], handler: embedSessionScope({ db, sessions: embedSessions }) },
    // Safe retries of creates and charges (`Idempotency-Key`), per signed-in caller.
    { headers: [IDEMPOTENCY_HEADER], handler: idempotency({ db, now: deps.now }) },
  ];
}

/**
 * The whole HTTP surface of rule 1: `/api/*` with one sub-app per domain, and the built apps beside it.
 * Every failure leaves through one handler in rule 7's shape.
 */
export function createApp(deps: AppDeps) {
  const { env, db, logger } = deps;
  const onError: ErrorHandler<AppEnv> = (error, c) => errorResponse(c, toAppError(error, logger));
  const profile = profileRoutes({
    db,
    profiles: deps.profiles,
    uploads: deps.uploads,
    mailer: deps.mailer,
    emailChanges: deps.accounts.emailChanges,
    supportLimiter: createRateLimiter({
      db,
      windowMs: SUPPORT_REQUEST_LIMITS.windowMs,
      now: deps.now,
    }),
    trustProxy: env.TRUST_PROXY,
  });
  const booking = bookingRoutes({
    db,
    env,
    mailer: deps.mailer,
    logger,
    now: deps.now,
    realtime: deps.realtime,
    // Holds, releases and charges follow the meeting's life cycle (rule 10).
    ...(deps.payments ? { payments: deps.payments.meetings.seam } : {}),
  });
  const payments = paymentRoutes({
    db,
    env,
    mailer: deps.mailer,
    logger,
    now: deps.now,
    payments: deps.payments,
  });
  // Rule 20: disputes of charged meetings and their refunds.
  const disputes = disputeRouters({
    db,
    env,
    mailer: deps.mailer,
    logger,
    now: deps.now,
    realtime: deps.realtime,
    payments: deps.payments,
  });
  // Rule 16: the meeting room (its page's data, presence reports from the room server, no-shows).
  const meetingRoom = meetingRoomRoutes({
    rooms: createMeetingRoomService({
      db,
      now: deps.now,
      iceServers: env.ICE_SERVERS,
      turn:
        env.TURN_URLS && env.TURN_SECRET
          ? { urls: env.TURN_URLS, secret: env.TURN_SECRET }
          : undefined,
      payments: deps.payments?.meetings.seam ?? noMeetingPayments,
      logger,
    }),
    secret: env.REALTIME_SECRET,
  });
  // Rule 18: a franchise's publishable and secret API keys.
  const apiKeys = createApiKeyService({ db, now: deps.now });
  const apiKeyRouters = apiKeyRoutes({ db, keys: apiKeys, now: deps.now });
  // Rule 21: webhook endpoints of franchises and consultants, their deliveries and replays.
  const webhooks = webhookRoutes({
    db,
    webhooks: createWebhookService({ db, now: deps.now, isProduction: env.isProduction }),
    limiter: createRateLimiter({ db, windowMs: 60_000, now: deps.now }),
    now: deps.now,
  });
  // decision 029: what a partner page's sign-in yields — embed sessions, bound to their key and scoped.
  const embedSessions = createEmbedSessions({ db, now: deps.now });
  const apiCors = cors({
    // Configured origins get everything; any origin may read public data without
    // credentials, so partner sites can embed the widgets (rule 14) without being configured.
    origin: (origin, c) => {
      if (env.trustedOrigins.includes(origin)) return origin;
      // An embed key (rule 18): its origin exactly, without cookies; the key is checked against
      // the origin after this, and a refusal is readable by the page so it can say why.
      if (hasEmbedKey(c) || asksForEmbedKey(c)) return normalizeOrigin(origin);
      const method = c.req.header('access-control-request-method') ?? c.req.method;
      return method === 'GET' && isPublicRead(c.req.path) ? '*' : null;
    },
    allowHeaders: [
      'Authorization',
      'Content-Type',
      AUTH_HEADERS.refreshToken,
      IDEMPOTENCY_HEADER,
      API_VERSION_HEADER,
      EMBED_KEY_HEADER,
    ],
    allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      AUTH_HEADERS.newAccessToken,
      AUTH_HEADERS.newRefreshToken,
      'set-auth-token',
      'x-request-id',
      API_VERSION_HEADER,
    ],
    // Cookies only for the configured origins: partner pages send bearer tokens.
    credentials: (allowOrigin) => env.trustedOrigins.includes(allowOrigin),
    maxAge: 600,
  });
  // Body caps, credentials (session, secret API key, embed key, embed session scope) and
  // idempotency, in this order, for the requests that may need them: a GET without a body or any
  // of their headers skips them all in one step (most public reads). Then `cache-control: no-store`.
  const credentialsChain = chainWhen<AppEnv>({
    middleware: bodyAndCredentialMiddleware(deps, { apiKeys, embedSessions }),
    skipped: (c) => {
      // What the session middleware sets for a request without credentials.
      c.set('user', null);
      c.set('sessionToken', null);
    },
    onError,
    // API answers are not cached unless a route says otherwise.
    after: (c) => {
      answerHeaders(c).fallback('cache-control', 'no-store');
    },
  });
  const api = new Hono<AppEnv>()
    // CORS, then a version this server does not serve (400 before any route, with the CORS
    // headers), then the middleware only some requests need: one step (`guardsThen`).
    .use('*', guardsThen<AppEnv>([apiCors, refuseUnservedVersion], credentialsChain))
    .route(
      '/',
      systemRoutes({ db, partyUrl: env.PARTY_URL, payments: deps.payments?.clientConfig }),
    )
    // The reference: generated from the mounted routes, so read at request time.
    .route(
      '/',
      openApiRoutes(() => app.routes),
    )
    // Before /auth: better-auth's catch-all would take /auth/consultant/* otherwise.
    .route('/auth/consultant', booking.connect)
    .route('/auth', authRoutes({ accounts: deps.accounts, trustProxy: env.TRUST_PROXY }))
    .route('/users/api-keys', apiKeyRouters.users)
    .route('/webhooks', webhooks.own)
    .route(
      '/embed',
      embedRoutes({
        db,
        accounts: deps.accounts,
        sessions: embedSessions,
        trustProxy: env.TRUST_PROXY,
      }),
    )
    .route('/users', userRoutes({ db, accounts: deps.accounts, trustProxy: env.TRUST_PROXY }))
    .route('/users', profile.users)
    .route('/profile', profile.profile)
    .route('/files', profile.files)
    .route('/users', discoveryRoutes({ db, now: deps.now, lists: deps.searchLists }))
    .route(
      '/users',
      aiSearchRoutes({
        db,
        ranker: deps.franchiseRanker ?? inProcessRanker({ db, now: deps.now }),
      }),
    )
    .route('/territory', territoryRoutes({ db, now: deps.now }))
    .route('/users', booking.calendars)
    .route('/booking', booking.booking)
    .route('/session', booking.session)
    .route('/session', meetingRoom.session)
    .route('/session', disputes.session)
    .route('/calendar', booking.feeds)
    .route('/users', payments.users)
    .route('/users', booking.lateCancellations)
    .route('/stripe', payments.stripe)
    .route(
      '/chats',
      messagingRoutes({
        db,
        uploads: deps.uploads,
        realtime: deps.realtime,
        mailer: deps.mailer,
        logger,
        publicUrl: env.PUBLIC_URL,
        now: deps.now,
      }),
    )
    .route('/users', notificationRoutes({ db }))
    .route(
      '/realtime',
      realtimeRoutes({
        tickets: createTicketService({ db, now: deps.now }),
        secret: env.REALTIME_SECRET,
      }),
    )
    .route('/realtime', meetingRoom.roomServer)
    .route('/users', promotionRoutes({ db, now: deps.now }))
    .route('/admin/franchises', apiKeyRouters.admin)
    .route('/admin/franchises', webhooks.adminFranchises)
    .route('/admin/webhooks', webhooks.admin)
    .route('/admin/disputes', disputes.admin)
    .route(
      '/admin',
      adminRoutes({ ...deps, publicUrl: env.PUBLIC_URL, authSecret: env.AUTH_SECRET }),
    )
    .all('*', () => {
      throw new AppError('NOT_FOUND');
    });

  const app = new Hono<AppEnv>();
  // Stripe.js (cards through Elements, 3-D Secure) is allowed only in Stripe mode (decision 016).
  const stripeJs = paymentsCsp(env.PAYMENTS_PROVIDER);
  // The public pages' frame (rule 22), whose inline first-page script the CSP allows by its hash.
  const portal = deps.staticDirs ? readPublicShell(deps.staticDirs.portal) : null;
  // The request id and log line, the API version (`/api` paths) and the security headers, in one
  // step (http/request-frame.ts).
  app.use(
    '*',
    requestFrame({
      logger,
      trustIncomingId: env.TRUST_PROXY,
      headers: securityHeaders({
        strictTransportSecurity: HSTS,
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(portal?.scriptSources ?? []), ...stripeJs.scriptSrc],
          ...(stripeJs.frameSrc.length > 0 ? { frameSrc: ["'self'", ...stripeJs.frameSrc] } : {}),
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Every stored image is served from this origin (`/api/files/…`, also with S3 behind it).
          imgSrc: ["'self'", 'data:', 'blob:'],
          formAction: ["'self'"],
          connectSrc: [
            "'self'",
            env.PARTY_URL,
            env.PARTY_URL.replace(/^http/, 'ws'),
            ...stripeJs.connectSrc,
          ],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
        },
      }),
      jsonHeaders: jsonSecurityHeaders(HSTS),
      // The embed sign-in popup (rule 18) answers the partner page that opened it through
      // window.opener, which COOP same-origin would sever: that page alone opts out.
      pathHeaders: { '/embed/sign-in': [['Cross-Origin-Opener-Policy', 'unsafe-none']] },
    }),
  );
  app.route('/api', api);
  app.onError(onError);
  app.notFound((c) => errorResponse(c, new AppError('NOT_FOUND')));
  // Rule 22: robots.txt and the sitemaps, before the portal's files and client-side fallback.
  app.route('/', crawlerRoutes({ db, publicUrl: env.PUBLIC_URL }));
  // Rule 22: the public pages as HTML with their head tags and data, before the portal's shell.
  if (portal) {
    const pages = createPublicPages({ db, publicUrl: env.PUBLIC_URL, buildId: portal.buildId });
    const render = deps.staticDirs?.portalRenderer
      ? portalPageRenderer(deps.staticDirs.portalRenderer, logger)
      : null;
    app.route('/', publicHtml({ shell: portal.shell, pages, render }));
  }
  if (deps.staticDirs) app.route('/', staticApps(deps.staticDirs));
  return app;
}

export type App = ReturnType<typeof createApp>;
