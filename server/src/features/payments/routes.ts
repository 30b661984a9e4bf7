import {
  AddPaymentMethodInputSchema,
  type LateCancellation,
  LateCancellationDecisionInputSchema,
  PaymentListQuerySchema,
  PaymentsGraphQuerySchema,
  PayoutConnectInputSchema,
  PromoCodeInputSchema,
  SubscribeInputSchema,
  UpdatePaymentMethodInputSchema,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireRole, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../http/logger.ts';
import { validate } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { toDollars } from '../../payments/money-rules.ts';
import { createPayments, type Payments } from '../../payments/payments.ts';
import { openProposalsOf } from '../reschedule/late-cancellation.ts';

export interface PaymentDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** The money side wired by the container (one instance per process, shared with booking and main). */
  payments?: Payments | undefined;
}

const franchisorOnly = requireRole('franchisor');
const consultantOnly = requireRole('consultant');
const adminOnly = requireRole('admin');

/**
 * The money API, mounted by app.ts: `users` at `/api/users` (payment methods, payments and
 * their totals and chart, subscription and promo codes, the admin's manual run, payouts and their CSV
 * statements, the consultant's payout account (Connect), Stripe's card SetupIntent, late cancellations) and `stripe` at `/api/stripe` (the webhook).
 */
export function paymentRoutes(deps: PaymentDeps) {
  const payments =
    deps.payments ??
    createPayments({
      db: deps.db,
      env: deps.env,
      mailer: deps.mailer,
      logger: deps.logger,
      now: deps.now,
    });

  const users = new Hono<AppEnv>()
    .post(
      '/payment-method',
      franchisorOnly,
      validate('json', AddPaymentMethodInputSchema),
      async (c) => c.json(await payments.methods.add(requireUser(c).id, c.req.valid('json')), 201),
    )
    .post('/payment-method/setup-intent', franchisorOnly, async (c) =>
      c.json(
        await payments.methods.createCardSetup(
          requireUser(c).id,
          payments.clientConfig.publishableKey,
        ),
      ),
    )
    .get('/payment-method', franchisorOnly, async (c) =>
      c.json({ data: await payments.methods.list(requireUser(c).id) }),
    )
    .patch(
      '/payment-method/:id',
      franchisorOnly,
      validate('json', UpdatePaymentMethodInputSchema),
      async (c) => c.json(await payments.methods.setDefault(requireUser(c).id, c.req.param('id'))),
    )
    .delete('/payment-method/:id', franchisorOnly, async (c) => {
      await payments.methods.remove(requireUser(c).id, c.req.param('id'));
      return c.json({ ok: true as const });
    })
    .get('/payments', signedIn, validate('query', PaymentListQuerySchema), async (c) =>
      c.json(await payments.reports.list(requireUser(c), c.req.valid('query'))),
    )
    .get('/payments-total', signedIn, async (c) =>
      c.json(await payments.reports.totals(requireUser(c))),
    )
    .get('/payments-graph', signedIn, validate('query', PaymentsGraphQuerySchema), async (c) =>
      c.json(await payments.reports.graph(requireUser(c), c.req.valid('query').period)),
    )
    .get('/subscription', franchisorOnly, async (c) =>
      c.json(await payments.subscriptions.getForUser(requireUser(c).id)),
    )
    .post(
      '/validate-promo-code',
      franchisorOnly,
      validate('json', PromoCodeInputSchema),
      async (c) =>
        c.json(await payments.subscriptions.validatePromo(c.req.valid('json').promoCode)),
    )
    .post('/subscribe', franchisorOnly, validate('json', SubscribeInputSchema), async (c) =>
      c.json(
        await payments.subscriptions.subscribe(
          requireUser(c).id,
          c.req.valid('json').promoCode || undefined,
        ),
      ),
    )
    .post('/unsubscribe', franchisorOnly, async (c) =>
      c.json(await payments.subscriptions.unsubscribe(requireUser(c).id)),
    )
    .post('/reactivate-subscription', franchisorOnly, async (c) =>
      c.json(await payments.subscriptions.reactivate(requireUser(c).id)),
    )
    .post('/cron-manual-trigger', adminOnly, async (c) =>
      c.json(await payments.jobs.manualCharges()),
    )
    .get('/payouts', consultantOnly, async (c) =>
      c.json({ data: await payments.payouts.list(requireUser(c).id) }),
    )
    .get('/payouts/account', consultantOnly, async (c) =>
      c.json(await payments.payoutAccounts.status(requireUser(c).id)),
    )
    .post(
      '/payouts/connect',
      consultantOnly,
      validate('json', PayoutConnectInputSchema),
      async (c) =>
        c.json(
          await payments.payoutAccounts.connect(requireUser(c).id, c.req.valid('json').returnTo),
        ),
    )
    .get('/payouts/:id/statement.csv', consultantOnly, async (c) => {
      const { filename, csv } = await payments.payouts.statementCsv(
        requireUser(c).id,
        c.req.param('id'),
      );
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="${filename}"`);
      return c.body(csv);
    })
    .get('/late-cancellations', consultantOnly, async (c) => {
      const rows = await payments.meetings.pendingLateCancellations(requireUser(c).id);
      const open = await openProposalsOf(
        deps.db,
        rows.map((r) => r.payment.id),
      );
      const data: LateCancellation[] = rows.map((r) => ({
        paymentId: r.payment.id,
        franchise: r.payment.franchiseId
          ? { id: r.payment.franchiseId, company: r.franchiseName }
          : null,
        start: r.startAt?.toISOString() ?? null,
        amount: toDollars(r.payment.amountCents),
        cancelledAt: (r.payment.lateCancelledAt ?? r.payment.updatedAt).toISOString(),
        durationMinutes: r.payment.franchisorId ? r.payment.durationMinutes : null,
        proposedStarts: open.get(r.payment.id) ?? null,
      }));
      return c.json({ data });
    })
    .post(
      '/payments/:id/late-cancellation',
      consultantOnly,
      validate('json', LateCancellationDecisionInputSchema),
      async (c) =>
        c.json({
          result: await payments.meetings.resolveLateCancellation(
            requireUser(c).id,
            c.req.param('id'),
            c.req.valid('json').decision,
          ),
        }),
    );

  const stripe = new Hono<AppEnv>().post('/webhook', async (c) =>
    c.json(await payments.webhooks.handle(await c.req.text(), c.req.header('stripe-signature'))),
  );

  return { users, stripe };
}
