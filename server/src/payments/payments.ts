import Stripe from 'stripe';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../http/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createSilentPublisher, type RealtimePublisher } from '../realtime/publisher.ts';
import { createCharges } from './charges.ts';
import type { PaymentsContext } from './context.ts';
import { createPaymentJobs } from './jobs.ts';
import { createLedgerProvider } from './ledger-provider.ts';
import { createMeetingPayments } from './meeting-payments.ts';
import { createPaymentMethods } from './payment-methods.ts';
import { createPayoutAccounts } from './payout-accounts.ts';
import { createPayouts } from './payouts.ts';
import type { PaymentProvider } from './provider.ts';
import { createRefunds } from './refunds.ts';
import { createReports } from './reports.ts';
import { startPaymentScheduler } from './scheduler.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createSubscriptions } from './subscriptions.ts';
import { createWebhooks } from './webhooks.ts';

/**
 * The `stripe` client for a secret key: api.stripe.com, or `STRIPE_API_URL` (stripe-mock, the
 * tests' recorded fake: `new Stripe(key, { host, port, protocol })`).
 */
export function stripeClient(secretKey: string, apiUrl?: string | undefined): Stripe {
  if (!apiUrl) return new Stripe(secretKey);
  const at = new URL(apiUrl);
  const protocol = at.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: at.hostname,
    port: Number(at.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** The provider `PAYMENTS_PROVIDER` names (rules 2 and 10): the ledger unless Stripe is configured. */
export function providerFromEnv(
  env: Pick<Env, 'PAYMENTS_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
  now: () => Date,
): PaymentProvider {
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    return createStripeProvider({
      stripe: stripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL),
      now,
    });
  }
  return createLedgerProvider({ now });
}

/**
 * The whole money side, wired once: provider, cards, meeting money (the booking seam), charges,
 * subscriptions, payouts, reports, webhooks and the scheduled jobs.
 * @example const payments = createPayments({ db, env, mailer, logger, now }); bookingRoutes({ …, payments: payments.meetings.seam })
 */
export function createPayments(deps: {
  db: Db;
  env: Pick<
    Env,
    | 'PAYMENTS_PROVIDER'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_API_URL'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'PUBLIC_URL'
  >;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** Where notifications are pushed live; nothing is pushed when absent. */
  realtime?: RealtimePublisher;
  /** Replaces the provider `env` names (tests: a Stripe client pointed at a local fake). */
  provider?: PaymentProvider;
}) {
  const ctx: PaymentsContext = {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    now: deps.now,
    provider: deps.provider ?? providerFromEnv(deps.env, deps.now),
    realtime: deps.realtime ?? createSilentPublisher(),
  };
  const charges = createCharges(ctx);
  const meetings = createMeetingPayments(ctx, charges);
  const methods = createPaymentMethods(ctx, {
    async onNewDefaultCard(franchiseId) {
      await charges.retryFailedForFranchise(franchiseId);
      await meetings.retryFailedHolds(franchiseId);
    },
  });
  const subscriptions = createSubscriptions(ctx);
  const payouts = createPayouts(ctx);
  const payoutAccounts = createPayoutAccounts(ctx, {
    publicUrl: deps.env.PUBLIC_URL,
    onReady: (consultantId) => payouts.payWaiting({ consultantId }),
  });
  const reports = createReports({ db: deps.db, now: deps.now });
  const refunds = createRefunds(ctx);
  const webhooks = createWebhooks(ctx, {
    secret: deps.env.STRIPE_WEBHOOK_SECRET,
    subscriptions,
    charges,
    meetings,
    payouts,
  });
  const jobs = createPaymentJobs(ctx, { charges, meetings, payouts, subscriptions, refunds });
  return {
    provider: ctx.provider,
    charges,
    meetings,
    methods,
    subscriptions,
    payouts,
    payoutAccounts,
    reports,
    refunds,
    webhooks,
    jobs,
    /** What the browser needs to add a card: Stripe.js's publishable key in Stripe mode. */
    clientConfig: {
      provider: ctx.provider.name,
      publishableKey:
        ctx.provider.name === 'stripe' ? (deps.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    /** Starts the scheduled jobs in this process (main.ts only). */
    startScheduler: () => startPaymentScheduler({ jobs, logger: deps.logger }),
  };
}

export type Payments = ReturnType<typeof createPayments>;
