import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGE_ID_PREFIX,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventType,
} from '@fm/sdk/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../../db/schema/index.ts';

/** Whose endpoints hear of an event: a franchise's, a consultant's, or both. */
export interface WebhookAudience {
  franchiseId?: string | null | undefined;
  consultantId?: string | null | undefined;
}

/** A new delivery id (`webhook-id`): `msg_` and 16 random bytes. */
export const newWebhookMessageId = () =>
  `${WEBHOOK_MESSAGE_ID_PREFIX}${randomBytes(16).toString('base64url')}`;

/**
 * Builds one event's body.
 * @example webhookEvent('payout.paid', { payout }, now) // { type: 'payout.paid', timestamp: '2026-…', data: { payout } }
 */
export function webhookEvent<T extends WebhookEventType>(
  type: T,
  data: WebhookEventData<T>,
  at: Date,
): WebhookEvent {
  return { type, timestamp: at.toISOString(), data } as WebhookEvent;
}

/**
 * Queues an event for every enabled endpoint of its audience that subscribed to its type, in the
 * caller's transaction (rule 21): a rolled-back change sends nothing, a committed one is delivered
 * at least once by the webhook worker. Returns the deliveries' ids.
 *
 * @example await enqueueWebhookEvent(tx, { franchiseId, consultantId }, webhookEvent('meeting.booked', { meeting }, now), now);
 */
export async function enqueueWebhookEvent(
  db: Db | Tx,
  audience: WebhookAudience,
  event: WebhookEvent,
  now: Date,
): Promise<string[]> {
  const owners = [
    audience.franchiseId ? eq(webhookEndpoint.franchiseId, audience.franchiseId) : undefined,
    audience.consultantId ? eq(webhookEndpoint.consultantId, audience.consultantId) : undefined,
  ].filter((c) => c !== undefined);
  if (owners.length === 0) return [];
  const endpoints = await db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        or(...owners),
        eq(webhookEndpoint.enabled, true),
        sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoint.events}) WHERE value = ${event.type})`,
      ),
    );
  if (endpoints.length === 0) return [];
  const payload = JSON.stringify(event);
  const rows = endpoints.map((endpoint) => ({
    id: newWebhookMessageId(),
    endpointId: endpoint.id,
    eventType: event.type,
    payload,
    createdAt: now,
    nextAttemptAt: now.getTime(),
  }));
  await db.insert(webhookDelivery).values(rows);
  return rows.map((row) => row.id);
}
