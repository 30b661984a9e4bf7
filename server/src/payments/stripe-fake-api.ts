import { cardError, type StripeReply, type StripeRequest, startStripeFake } from './stripe-fake.ts';

/**
 * A stateful, recorded fake of the parts of Stripe's API this product uses (test-only): customers,
 * PaymentMethods by Stripe's test ids, SetupIntents, PaymentIntents (manual capture, off-session
 * charges, lists by customer), refunds (lists by PaymentIntent), Connect accounts and their links,
 * and transfers. It behaves as
 * Stripe documents the parts that matter for money safety (decision 016):
 * - an idempotency key replays its first answer for 24 hours of the fake's clock, then is forgotten;
 * - capturing a PaymentIntent that is not `requires_capture` fails with `payment_intent_unexpected_state`;
 * - a hold not captured within 7 days is cancelled;
 * - a PaymentIntent is refunded at most what it took (`charge_already_refunded`, `amount_too_large`);
 * and it records every movement of money (`moves`), so a test can count charges per payment.
 * The `stripe` package is pointed at it (`client`, or `STRIPE_API_URL=url`).
 * @example const stripe = await startStripeApi(); stripe.moves.filter((m) => m.paymentId === id)
 */

const DAY_S = 86_400;
const KEY_WINDOW_S = DAY_S;
const HOLD_DAYS = 7;

interface Card {
  brand: string;
  last4: string;
  decline?: { code: string; message: string };
  /** Attaches and passes the card check, but every payment is declined. */
  chargesFail?: boolean;
}

const CARDS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
    chargesFail: true,
  },
};

export interface Move {
  kind: 'capture' | 'charge' | 'refund' | 'transfer';
  id: string;
  amount: number;
  paymentId: string | null;
  at: number;
}

export interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code: string; message: string } | null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
}

interface State {
  seq: number;
  intents: Record<string, Intent>;
  refunds: Record<string, Refund>;
  accounts: Record<string, { id: string; ready: boolean; metadata: Record<string, string> }>;
  transfers: Record<
    string,
    {
      id: string;
      amount: number;
      destination: string;
      created: number;
      metadata: Record<string, string>;
    }
  >;
  keys: Record<string, { at: number; reply: StripeReply }>;
  moves: Move[];
}

const fresh = (): State => ({
  seq: 0,
  intents: {},
  refunds: {},
  accounts: {},
  transfers: {},
  keys: {},
  moves: [],
});

/** `metadata[a]=1&metadata[b]=2` → `{a: '1', b: '2'}`. */
function nested(params: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const m = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(k);
    if (m?.[1]) out[m[1]] = v;
  }
  return out;
}

const missing = (what: string): StripeReply => ({
  status: 404,
  json: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}`,
    },
  },
});

const unexpected = (intent: Intent, action: string): StripeReply => ({
  status: 400,
  json: {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: intent,
    },
  },
});

const list = (url: string, data: unknown[]): StripeReply => ({
  json: { object: 'list', url, has_more: false, data },
});

export async function startStripeApi() {
  const fake = await startStripeFake();
  let state = fresh();
  let offsetS = 0;
  const now = () => Math.floor(Date.now() / 1000) + offsetS;
  const id = (prefix: string) => {
    state.seq += 1;
    return `${prefix}_fake${String(state.seq).padStart(6, '0')}`;
  };

  /** Stripe cancels an uncaptured card hold after 7 days. */
  function aged(intent: Intent): Intent {
    if (intent.status === 'requires_capture' && now() - intent.created > HOLD_DAYS * DAY_S) {
      intent.status = 'canceled';
      intent.amount_capturable = 0;
    }
    return intent;
  }

  function withCharge(intent: Intent) {
    return {
      ...intent,
      latest_charge: {
        id: `ch_${intent.id.slice(3)}`,
        object: 'charge',
        payment_method_details: {
          card: { capture_before: intent.created + HOLD_DAYS * DAY_S },
        },
      },
    };
  }

  function createIntent(p: Record<string, string>): StripeReply {
    const method = p.payment_method ?? '';
    const card = CARDS[method];
    if (!card) return { status: 400, json: missing(`PaymentMethod: '${method}'`).json };
    const manual = p.capture_method === 'manual';
    const amount = Number(p.amount);
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: p.currency ?? 'usd',
      customer: p.customer ?? null,
      payment_method: method,
      capture_method: manual ? 'manual' : 'automatic',
      status: 'requires_payment_method',
      created: now(),
      metadata: nested(p, 'metadata'),
      last_payment_error: null,
    };
    state.intents[intent.id] = intent;
    if (card.decline) {
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: card.decline.code,
        message: card.decline.message,
      };
      const reply = cardError(card.decline.code, card.decline.message);
      (reply.json as { error: Record<string, unknown> }).error.payment_intent = intent;
      return reply;
    }
    if (manual) {
      intent.status = 'requires_capture';
      intent.amount_capturable = amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = amount;
      state.moves.push({
        kind: 'charge',
        id: intent.id,
        amount,
        paymentId: intent.metadata.paymentId ?? null,
        at: now(),
      });
    }
    return { json: withCharge(intent) };
  }

  const refundsOf = (intentId: string) =>
    Object.values(state.refunds).filter((re) => re.payment_intent === intentId);

  function createRefund(p: Record<string, string>): StripeReply {
    const intent = state.intents[p.payment_intent ?? ''];
    if (!intent) return missing(`payment_intent: '${p.payment_intent}'`);
    const left = intent.amount_received - refundsOf(intent.id).reduce((t, re) => t + re.amount, 0);
    const amount = Number(p.amount ?? left);
    if (intent.status !== 'succeeded' || left <= 0 || amount > left) {
      const code = left <= 0 ? 'charge_already_refunded' : 'amount_too_large';
      return {
        status: 400,
        json: {
          error: {
            type: 'invalid_request_error',
            code,
            message: `Refund amount (${amount}) is greater than the unrefunded amount (${left}).`,
          },
        },
      };
    }
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
      metadata: nested(p, 'metadata'),
    };
    state.refunds[refund.id] = refund;
    state.moves.push({
      kind: 'refund',
      id: refund.id,
      amount,
      paymentId: intent.metadata.paymentId ?? null,
      at: now(),
    });
    return { json: refund };
  }

  function route(r: StripeRequest): StripeReply {
    const p = r.params;
    const parts = r.path.split('/').filter(Boolean); // ['v1', 'payment_intents', 'pi_…', 'capture']
    const [, resource, objectId, action] = parts;
    const key = `${r.method} ${resource}${objectId ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return { json: { id: id('cus'), object: 'customer' } };
      case 'POST customers/:id':
        return { json: { id: objectId, object: 'customer' } };
      case 'POST payment_methods/:id/attach': {
        const card = CARDS[objectId ?? ''];
        if (!card) {
          return {
            status: 400,
            json: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'payment_method',
                message: `No such PaymentMethod: '${objectId}'`,
              },
            },
          };
        }
        if (card.decline && !card.chargesFail) {
          return cardError(card.decline.code, card.decline.message);
        }
        return {
          json: {
            id: objectId,
            object: 'payment_method',
            type: 'card',
            card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
          },
        };
      }
      case 'POST payment_methods/:id/detach':
        return { json: { id: objectId, object: 'payment_method' } };
      case 'POST setup_intents': {
        const seti = id('seti');
        const card = CARDS[p.payment_method ?? ''];
        if (p.confirm === 'true' && card?.decline && !card.chargesFail) {
          return cardError(card.decline.code, card.decline.message);
        }
        return {
          json: {
            id: seti,
            object: 'setup_intent',
            status: p.confirm === 'true' ? 'succeeded' : 'requires_payment_method',
            client_secret: `${seti}_secret_fake`,
          },
        };
      }
      case 'POST payment_intents':
        return createIntent(p);
      case 'GET payment_intents': {
        const since = Number(p['created[gte]'] ?? 0);
        const data = Object.values(state.intents)
          .filter((i) => (!p.customer || i.customer === p.customer) && i.created >= since)
          .map(aged)
          .sort((a, b) => b.created - a.created);
        return list('/v1/payment_intents', data);
      }
      case 'GET payment_intents/:id': {
        const intent = state.intents[objectId ?? ''];
        return intent ? { json: aged(intent) } : missing(`payment_intent: '${objectId}'`);
      }
      case 'POST payment_intents/:id/capture': {
        const intent = state.intents[objectId ?? ''];
        if (!intent) return missing(`payment_intent: '${objectId}'`);
        if (aged(intent).status !== 'requires_capture') return unexpected(intent, 'captured');
        const amount = Number(p.amount_to_capture ?? intent.amount_capturable);
        intent.status = 'succeeded';
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        state.moves.push({
          kind: 'capture',
          id: intent.id,
          amount,
          paymentId: intent.metadata.paymentId ?? null,
          at: now(),
        });
        return { json: intent };
      }
      case 'POST payment_intents/:id/cancel': {
        const intent = state.intents[objectId ?? ''];
        if (!intent) return missing(`payment_intent: '${objectId}'`);
        if (aged(intent).status !== 'requires_capture') return unexpected(intent, 'canceled');
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        return { json: intent };
      }
      case 'POST refunds':
        return createRefund(p);
      case 'GET refunds': {
        const data = Object.values(state.refunds)
          .filter((re) => !p.payment_intent || re.payment_intent === p.payment_intent)
          .sort((a, b) => b.created - a.created);
        return list('/v1/refunds', data);
      }
      case 'POST accounts': {
        const acct = id('acct');
        state.accounts[acct] = { id: acct, ready: false, metadata: nested(p, 'metadata') };
        return { json: accountJson(acct) };
      }
      case 'GET accounts/:id':
        return state.accounts[objectId ?? '']
          ? { json: accountJson(objectId ?? '') }
          : missing(`account: '${objectId}'`);
      case 'POST account_links':
        return {
          json: {
            object: 'account_link',
            url: `https://connect.stripe.test/setup/e/${p.account}`,
            expires_at: now() + 300,
          },
        };
      case 'POST transfers': {
        const destination = p.destination ?? '';
        if (!state.accounts[destination]?.ready) {
          return {
            status: 400,
            json: {
              error: {
                type: 'invalid_request_error',
                code: 'transfers_not_allowed',
                message: 'The destination account cannot receive transfers yet.',
              },
            },
          };
        }
        const transfer = {
          id: id('tr'),
          object: 'transfer',
          amount: Number(p.amount),
          destination,
          created: now(),
          metadata: nested(p, 'metadata'),
        };
        state.transfers[transfer.id] = transfer;
        state.moves.push({
          kind: 'transfer',
          id: transfer.id,
          amount: transfer.amount,
          paymentId: transfer.metadata.consultantId ?? null,
          at: now(),
        });
        return { json: transfer };
      }
      case 'GET transfers': {
        const since = Number(p['created[gte]'] ?? 0);
        const data = Object.values(state.transfers).filter(
          (t) => (!p.destination || t.destination === p.destination) && t.created >= since,
        );
        return list('/v1/transfers', data);
      }
      default:
        return missing(`route: ${r.method} ${r.path}`);
    }
  }

  function accountJson(acct: string) {
    const ready = state.accounts[acct]?.ready ?? false;
    return {
      id: acct,
      object: 'account',
      type: 'express',
      details_submitted: ready,
      payouts_enabled: ready,
      charges_enabled: ready,
      capabilities: { transfers: ready ? 'active' : 'inactive' },
      metadata: state.accounts[acct]?.metadata ?? {},
    };
  }

  fake.otherwise((r) => {
    const idempotencyKey = r.headers['idempotency-key'];
    const key = typeof idempotencyKey === 'string' && r.method === 'POST' ? idempotencyKey : null;
    if (key) {
      const seen = state.keys[key];
      if (seen && now() - seen.at < KEY_WINDOW_S) return seen.reply;
    }
    const reply = route(r);
    if (key) state.keys[key] = { at: now(), reply: JSON.parse(JSON.stringify(reply)) };
    return reply;
  });

  return {
    ...fake,
    url: `http://127.0.0.1:${fake.port}`,
    /** Every capture, charge, refund and transfer made, in order. */
    get moves(): readonly Move[] {
      return state.moves;
    },
    intent: (intentId: string) => state.intents[intentId],
    /** Every PaymentIntent made (holds and charges), oldest first, as it stands now. */
    intents: (): Intent[] => Object.values(state.intents).map(aged),
    /** Every refund made, oldest first. */
    refunds: (): Refund[] => Object.values(state.refunds),
    /** Moves the fake's clock (keys older than 24 h are forgotten; holds lapse after 7 days). */
    advance(ms: number) {
      offsetS += Math.floor(ms / 1000);
    },
    /** The consultant finished Stripe's onboarding: transfers are allowed. */
    completeOnboarding(accountId: string) {
      const account = state.accounts[accountId];
      if (account) account.ready = true;
      return accountJson(accountId);
    },
    /** The whole state, to start several scenarios from the same Stripe. */
    snapshot: () => JSON.stringify({ state, offsetS }),
    restore(snapshot: string) {
      const parsed = JSON.parse(snapshot) as { state: State; offsetS: number };
      state = parsed.state;
      offsetS = parsed.offsetS;
    },
  };
}

export type StripeApi = Awaited<ReturnType<typeof startStripeApi>>;

/**
 * The environment of a test server in Stripe mode against this fake API.
 * @example startTestServer({ env: stripeModeEnv(stripe, 'whsec_test') });
 */
export function stripeModeEnv(
  api: StripeApi,
  webhookSecret: string,
  publishableKey = 'pk_test_fake',
) {
  return {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_API_URL: api.url,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
  };
}
