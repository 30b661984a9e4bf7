import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import * as v from 'valibot';
import { WEBHOOK_HEADERS, type WebhookEvent, WebhookEventSchema } from './contracts/webhooks.ts';

export { WebhookVerificationError };

/** A verified delivery: its `webhook-id` (de-duplicate on it) and the event, typed by `type`. */
export interface VerifiedWebhook {
  id: string;
  event: WebhookEvent;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const direct =
    headers[name] ?? headers[Object.keys(headers).find((k) => k.toLowerCase() === name) ?? ''];
  return Array.isArray(direct) ? (direct[0] ?? '') : (direct ?? '');
}

/**
 * Verifies a webhook delivery as the Standard Webhooks specification says (signature by the
 * `standardwebhooks` library, timestamp within 5 minutes), then checks its body against the
 * event's schema. Pass the raw body, exactly as received, and your endpoint's secret (`whsec_…`;
 * during a rotation, both). Throws `WebhookVerificationError` when the signature does not match,
 * and a valibot error when the body is not an event this SDK knows.
 *
 * @example
 * ```ts
 * // In a Node server: the raw body, the request's headers, the secret you stored.
 * const { id, event } = verifyWebhook(rawBody, req.headers, process.env.FM_WEBHOOK_SECRET!);
 * if (event.type === 'meeting.booked') console.log(event.data.meeting.startAt);
 * ```
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string | readonly string[],
): VerifiedWebhook {
  const wanted = {
    [WEBHOOK_HEADERS.id]: header(headers, WEBHOOK_HEADERS.id),
    [WEBHOOK_HEADERS.timestamp]: header(headers, WEBHOOK_HEADERS.timestamp),
    [WEBHOOK_HEADERS.signature]: header(headers, WEBHOOK_HEADERS.signature),
  };
  const secrets = typeof secret === 'string' ? [secret] : secret;
  let lastError: unknown = new WebhookVerificationError('No signing secret given');
  for (const candidate of secrets) {
    try {
      const parsed = new Webhook(candidate).verify(body, wanted);
      return {
        id: wanted[WEBHOOK_HEADERS.id],
        event: v.parse(WebhookEventSchema, parsed) as WebhookEvent,
      };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
