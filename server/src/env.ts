import { IceServersSchema, PASSWORD_PATTERN } from '@fm/sdk/contracts';
import * as v from 'valibot';

const DEV_SECRET = 'dev-only-secret-do-not-use-in-production-0123456789';
/** Shared with the room server in development (party/scripts/dev.mjs has the same default). */
export const DEV_REALTIME_SECRET = 'dev-only-realtime-secret-not-for-production-0123456789';

const port = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a port number'),
      v.transform(Number),
      v.integer(),
      v.minValue(0),
      v.maxValue(65535, 'must be a port number'),
    ),
    String(fallback),
  );
const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
    v.transform((s) => s === 'true' || s === '1'),
  ),
  'false',
);
const positiveInt = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    String(fallback),
  );
/** `ICE_SERVERS`: a JSON array of RTCIceServer (rule 16). */
const isIceServersJson = (text: string) => {
  try {
    return v.safeParse(IceServersSchema, JSON.parse(text)).success;
  } catch {
    return false;
  }
};
const url = (what: string) => v.pipe(v.string(), v.url(`must be a URL (${what})`));

const EnvSchema = v.pipe(
  v.object({
    NODE_ENV: v.optional(
      v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
      'development',
    ),
    HOST: v.optional(v.string(), '127.0.0.1'),
    PORT: port(8787),
    PUBLIC_URL: v.optional(url('the public origin, e.g. https://app.example.com')),
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^(file:|libsql:|https?:|wss?:)/,
          'must start with file:, libsql:, http(s): or ws(s):',
        ),
      ),
      'file:./data/app.db',
    ),
    DATABASE_AUTH_TOKEN: v.optional(v.string()),
    AUTH_SECRET: v.optional(v.string()),
    TRUSTED_ORIGINS: v.optional(v.string(), ''),
    TRUST_PROXY: flag,
    PARTY_URL: v.optional(url('the realtime server as browsers reach it')),
    PARTY_PORT: port(1999),
    PARTY_INTERNAL_URL: v.optional(url('the realtime server as the API reaches it')),
    REALTIME_SECRET: v.optional(v.string()),
    ICE_SERVERS: v.optional(
      v.pipe(
        v.string(),
        v.check(
          isIceServersJson,
          'must be a JSON array of RTCIceServer, e.g. [{"urls":"stun:stun.example.com:3478"}]',
        ),
        v.transform((text) => v.parse(IceServersSchema, JSON.parse(text))),
      ),
      '[]',
    ),
    TURN_URLS: v.optional(
      v.pipe(
        v.string(),
        v.transform((text) =>
          text
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean),
        ),
        v.check(
          (urls) => urls.length > 0 && urls.every((u) => /^turns?:/.test(u)),
          'must be comma-separated turn: or turns: URLs, e.g. turn:turn.example.com:3478',
        ),
      ),
    ),
    TURN_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
    SEED: v.optional(v.picklist(['demo', 'none'], 'must be demo or none')),
    ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
    ADMIN_PASSWORD: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          PASSWORD_PATTERN,
          'must have 8+ characters with a lower, an upper, a digit and a special character',
        ),
      ),
    ),
    SMTP_URL: v.optional(
      v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')),
    ),
    /** `log` keeps mail in the outbox and the log, on purpose, even in production. */
    MAIL_TRANSPORT: v.optional(v.picklist(['smtp', 'log'], 'must be smtp or log')),
    MAIL_FROM: v.optional(v.string(), 'Franchise Meet <no-reply@franchisemeet.example>'),
    UPLOADS_DIR: v.optional(v.string(), './data/uploads'),
    S3_ENDPOINT: v.optional(url('an S3-compatible endpoint')),
    S3_BUCKET: v.optional(v.string()),
    S3_ACCESS_KEY_ID: v.optional(v.string()),
    S3_SECRET_ACCESS_KEY: v.optional(v.string()),
    S3_REGION: v.optional(v.string(), 'auto'),
    PAYMENTS_PROVIDER: v.optional(
      v.picklist(['ledger', 'stripe'], 'must be ledger or stripe'),
      'ledger',
    ),
    STRIPE_SECRET_KEY: v.optional(v.string()),
    STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
    /** Stripe.js in the browser (cards through Elements and a SetupIntent): `pk_test_…` / `pk_live_…`. */
    STRIPE_PUBLISHABLE_KEY: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^pk_(test|live)_\w+$/, 'must be a publishable key (pk_test_… or pk_live_…)'),
      ),
    ),
    /** Another address for Stripe's API (stripe-mock, the tests' recorded fake); api.stripe.com when unset. */
    STRIPE_API_URL: v.optional(url('an http(s) address of a Stripe-compatible API')),
    GOOGLE_CLIENT_ID: v.optional(v.string()),
    GOOGLE_CLIENT_SECRET: v.optional(v.string()),
    MS_CLIENT_ID: v.optional(v.string()),
    MS_CLIENT_SECRET: v.optional(v.string()),
    MS_TENANT: v.optional(
      v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'must be a tenant id or name (common by default)')),
      'common',
    ),
    LOG_LEVEL: v.optional(v.picklist(['silent', 'error', 'info', 'debug']), 'info'),
    BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
    RATE_LIMIT_SIGN_IN: positiveInt(10),
    RATE_LIMIT_SIGN_UP: positiveInt(30),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(300),
    WORKERS: positiveInt(1),
    MIGRATE_ON_START: v.optional(
      v.pipe(
        v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
        v.transform((s) => s === 'true' || s === '1'),
      ),
    ),
    MAIL_WORKER: v.optional(
      v.picklist(['in-process', 'off'], 'must be in-process or off'),
      'in-process',
    ),
    JOB_RUN_RETENTION_DAYS: positiveInt(90),
  }),
  v.forward(
    v.check(
      (e) => e.NODE_ENV !== 'production' || (e.AUTH_SECRET?.length ?? 0) >= 32,
      'must be set to at least 32 characters in production',
    ),
    ['AUTH_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => e.AUTH_SECRET === undefined || e.AUTH_SECRET.length >= 32,
      'must be at least 32 characters',
    ),
    ['AUTH_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => e.NODE_ENV !== 'production' || (e.REALTIME_SECRET?.length ?? 0) >= 32,
      'must be set to at least 32 characters in production',
    ),
    ['REALTIME_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => e.REALTIME_SECRET === undefined || e.REALTIME_SECRET.length >= 32,
      'must be at least 32 characters',
    ),
    ['REALTIME_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => (e.ADMIN_EMAIL === undefined) === (e.ADMIN_PASSWORD === undefined),
      'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    ),
    ['ADMIN_PASSWORD'],
  ),
  v.forward(
    v.check(
      (e) =>
        e.PAYMENTS_PROVIDER !== 'stripe' || (!!e.STRIPE_SECRET_KEY && !!e.STRIPE_WEBHOOK_SECRET),
      'the stripe provider needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ),
    ['PAYMENTS_PROVIDER'],
  ),
  v.forward(
    v.check(
      (e) => e.PAYMENTS_PROVIDER !== 'stripe' || !!e.STRIPE_PUBLISHABLE_KEY,
      'the stripe provider needs STRIPE_PUBLISHABLE_KEY (cards are added with Stripe Elements)',
    ),
    ['STRIPE_PUBLISHABLE_KEY'],
  ),
  v.forward(
    v.check(
      (e) => !e.STRIPE_SECRET_KEY || !!e.STRIPE_WEBHOOK_SECRET,
      'a Stripe secret key needs STRIPE_WEBHOOK_SECRET too',
    ),
    ['STRIPE_WEBHOOK_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => (e.GOOGLE_CLIENT_ID === undefined) === (e.GOOGLE_CLIENT_SECRET === undefined),
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
    ),
    ['GOOGLE_CLIENT_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => (e.TURN_URLS === undefined) === (e.TURN_SECRET === undefined),
      'TURN_URLS and TURN_SECRET go together',
    ),
    ['TURN_SECRET'],
  ),
  v.forward(
    v.check(
      (e) => (e.MS_CLIENT_ID === undefined) === (e.MS_CLIENT_SECRET === undefined),
      'MS_CLIENT_ID and MS_CLIENT_SECRET go together',
    ),
    ['MS_CLIENT_SECRET'],
  ),
);

type RawEnv = v.InferOutput<typeof EnvSchema>;

/** Validated configuration with derived values. */
export type Env = RawEnv & {
  PUBLIC_URL: string;
  PARTY_URL: string;
  PARTY_INTERNAL_URL: string;
  REALTIME_SECRET: string;
  AUTH_SECRET: string;
  SEED: 'demo' | 'none';
  /** Development migrates at start (under a lock); production only when told (`MIGRATE_ON_START=true`). */
  MIGRATE_ON_START: boolean;
  trustedOrigins: string[];
  isProduction: boolean;
};

/** Thrown at boot with one line per bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** The oldest Node major the API runs on: the root package.json's `engines` (decision 027). */
export const NODE_FLOOR = 24;

/** Why `version` (e.g. `20.20.2`) can not run the API, or null when it can. */
export function nodeTooOld(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_FLOOR) return null;
  return `Node ${version} is too old: the API runs on Node ${NODE_FLOOR} or newer. Start it through npm (npm start, npm run start:prod), which runs the Node pinned in node_modules/.bin.`;
}

/** Whether an origin is this machine: the only place the development defaults are safe. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host === '::1' || /^127\./.test(host) || host.endsWith('.localhost')
  );
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * Defaults that are fine on a developer's machine and dangerous anywhere else: the built-in secrets,
 * the demo seed and the ledger provider on a server others can reach (tokens and sealed calendar
 * credentials become forgeable, the demo admin's password is public), the ledger provider and the outbox mailer in production (cards "succeed", no mail leaves), and a
 * bucket configured by halves (uploads would silently stay on the local disk).
 */
function unsafeDefaults(
  input: Record<string, string | undefined>,
  context: { publicUrl: string; isProduction: boolean },
): string[] {
  const lines: string[] = [];
  if (!isLocalUrl(context.publicUrl)) {
    for (const key of ['AUTH_SECRET', 'REALTIME_SECRET'] as const) {
      if (!input[key]) lines.push(`${key}: must be set when PUBLIC_URL is not this machine`);
    }
    // The demo's accounts (an admin among them) share one published password, and the ledger
    // lets any test card "pay": on a reachable address both must be asked for by name.
    if (!input.SEED) {
      lines.push(
        'SEED: must be set when PUBLIC_URL is not this machine (none, or demo on purpose: its accounts share a published password)',
      );
    }
    if (!input.PAYMENTS_PROVIDER && !context.isProduction) {
      lines.push(
        'PAYMENTS_PROVIDER: must be set when PUBLIC_URL is not this machine (stripe, or ledger on purpose)',
      );
    }
  }
  if (context.isProduction) {
    if (!input.PAYMENTS_PROVIDER) {
      lines.push('PAYMENTS_PROVIDER: must be chosen in production (stripe, or ledger on purpose)');
    }
    if (!input.SMTP_URL && input.MAIL_TRANSPORT !== 'log') {
      lines.push(
        'SMTP_URL: is required in production (or MAIL_TRANSPORT=log, on purpose, for a system that must send no mail)',
      );
    }
  }
  const s3 = S3_SETTINGS.filter((key) => !!input[key]);
  if (s3.length > 0 && s3.length < S3_SETTINGS.length) {
    for (const key of S3_SETTINGS.filter((k) => !input[k])) {
      lines.push(`${key}: is needed with the other S3 settings (or set none of them)`);
    }
  }
  return lines;
}

/**
 * Reads and validates the configuration once at start; a bad value stops the server with a clear message.
 * @example const env = loadEnv(process.env);
 */
export function loadEnv(
  source: Record<string, string | undefined>,
  nodeVersion: string = process.versions.node,
): Env {
  const tooOld = nodeTooOld(nodeVersion);
  if (tooOld) throw new EnvError(tooOld);
  const input = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'configuration';
      return `  ${key}: ${issue.message}`;
    });
    throw new EnvError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  const env = result.output;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const isProduction = env.NODE_ENV === 'production';
  const unsafe = unsafeDefaults(input, { publicUrl, isProduction });
  if (unsafe.length > 0) {
    throw new EnvError(`Invalid configuration:\n${unsafe.map((l) => `  ${l}`).join('\n')}`);
  }
  const partyUrl = (env.PARTY_URL ?? `http://localhost:${env.PARTY_PORT}`).replace(/\/$/, '');
  return {
    ...env,
    PUBLIC_URL: publicUrl.replace(/\/$/, ''),
    PARTY_URL: partyUrl,
    PARTY_INTERNAL_URL: (env.PARTY_INTERNAL_URL ?? partyUrl).replace(/\/$/, ''),
    REALTIME_SECRET: env.REALTIME_SECRET ?? DEV_REALTIME_SECRET,
    AUTH_SECRET: env.AUTH_SECRET ?? DEV_SECRET,
    SEED: env.SEED ?? (isProduction ? 'none' : 'demo'),
    MIGRATE_ON_START: env.MIGRATE_ON_START ?? !isProduction,
    trustedOrigins: [
      new URL(publicUrl).origin,
      ...env.TRUSTED_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    isProduction,
  };
}
