import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request as the fake Stripe API received it; `params` is the form body (or query) flattened. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The `stripe` package's own retry of a request whose answer was lost (not a call of ours). */
  retryOfLost?: boolean;
}

export interface StripeReply {
  status?: number;
  json: unknown;
}

type Handler = (request: StripeRequest) => StripeReply;

/**
 * A local stand-in for api.stripe.com (test-only): routes are `'POST /v1/payment_intents'` keys,
 * every request is recorded, unknown routes answer Stripe's 404 error. `client` is the real `stripe`
 * package pointed at it, so the adapter's calls go through Stripe's own request and error code.
 * @example const fake = await startStripeFake(); fake.on('POST /v1/customers', () => ({ json: { id: 'cus_1', object: 'customer' } }));
 */
export async function startStripeFake() {
  const routes = new Map<string, Handler>();
  const requests: StripeRequest[] = [];
  /** Answers what no exact route does (a stateful fake routes ids itself). */
  let fallback: Handler | null = null;
  /** Requests to act on and then answer with a dropped connection (the answer lost), each once. */
  const losses: Array<(request: StripeRequest) => boolean> = [];
  /**
   * Keys of lost answers: the `stripe` package retries a closed connection once under the same key
   * (whatever `maxNetworkRetries` says), and that retry's answer is lost too.
   */
  const lostKeys = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = Object.fromEntries(new URLSearchParams(body || url.search.slice(1)));
      const request: StripeRequest = {
        method: req.method ?? '',
        path: url.pathname,
        params,
        headers: req.headers,
      };
      requests.push(request);
      const handler = routes.get(`${request.method} ${request.path}`);
      const reply: StripeReply = handler
        ? handler(request)
        : fallback
          ? fallback(request)
          : {
              status: 404,
              json: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: `Unrecognized request URL (${request.method}: ${request.path})`,
                },
              },
            };
      const key = request.headers['idempotency-key'];
      const retryOfLost = typeof key === 'string' && lostKeys.delete(key);
      const lost = retryOfLost ? -1 : losses.findIndex((match) => match(request));
      if (retryOfLost) request.retryOfLost = true;
      if (retryOfLost || lost >= 0) {
        // Stripe acted; the caller never hears of it (a network failure after the fact).
        if (lost >= 0) losses.splice(lost, 1);
        if (lost >= 0 && typeof key === 'string') lostKeys.add(key);
        res.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        'request-id': 'req_fake',
      });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const client = new Stripe('sk_test_fake', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return {
    client,
    port,
    requests,
    on(route: string, handler: Handler) {
      routes.set(route, handler);
    },
    /**
     * The next request `match` accepts is handled as usual, then its connection is dropped before
     * any answer: what a crash or a network failure after Stripe acted looks like to the caller.
     */
    loseAnswer(match: (request: StripeRequest) => boolean) {
      losses.push(match);
    },
    /** Every request no exact route answers goes to `handler`. */
    otherwise(handler: Handler) {
      fallback = handler;
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    /** Requests to one route, e.g. `'POST /v1/payment_intents'`. */
    to(route: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
    /** The calls our code made to one route: its requests less the package's retries of lost answers. */
    calls(route: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === route && !r.retryOfLost);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Stripe's card-error body, as the API sends it with status 402. */
export const cardError = (declineCode: string, message: string): StripeReply => ({
  status: 402,
  json: {
    error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
  },
});
