import { API_VERSION, API_VERSION_HEADER, WEBHOOK_HEADERS } from '@fm/sdk/contracts';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_USER_AGENT } from './texts.ts';

/** The secrets an endpoint signs with: the current one and, during a rotation, the previous one. */
export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * The `webhook-signature` value (Standard Webhooks): `v1,<base64 HMAC-SHA256>` by the current
 * secret and, while a rotated-out secret has not expired, a second one by it, space-separated (rule
 * 21: both secrets verify for 24 hours after a rotation).
 * @example signatureHeader(secrets, 'msg_abc', new Date(), '{"type":"meeting.booked",…}') // 'v1,K5o… v1,Qm9…'
 */
export function signatureHeader(
  secrets: SigningSecrets,
  id: string,
  at: Date,
  payload: string,
): string {
  const signers = [secrets.secret];
  if (
    secrets.previousSecret &&
    secrets.previousSecretExpiresAt &&
    secrets.previousSecretExpiresAt.getTime() > at.getTime()
  ) {
    signers.push(secrets.previousSecret);
  }
  return signers.map((secret) => new Webhook(secret).sign(id, at, payload)).join(' ');
}

/**
 * Every header of one attempt: the Standard Webhooks three, the JSON content type, our agent, and
 * the API version whose contract the body follows (payloads change only additively within one).
 * @example webhookHeaders(secrets, 'msg_abc', new Date(), body)['webhook-id'] // 'msg_abc'
 */
export function webhookHeaders(
  secrets: SigningSecrets,
  id: string,
  at: Date,
  payload: string,
): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(Math.floor(at.getTime() / 1000)),
    [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, id, at, payload),
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    [API_VERSION_HEADER]: API_VERSION,
  };
}
