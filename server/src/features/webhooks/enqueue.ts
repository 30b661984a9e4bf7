import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGE_ID_PREFIX,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventType,
} from '@fm/sdk/contracts';
import { and, eq, getTableColumns, or, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { BatchStatement, Db, Tx } from '../../db/client.ts';
import { user, webhookDelivery, webhookEndpoint } from '../../db/schema/index.ts';

/**
 * Whose endpoints hear of an event: a franchise's, a consultant's, or both; or what reaches one
 * user (`recipientId`): a consultant's own endpoints, or a franchisor's franchise's, resolved in
 * the same read as the subscriptions.
 */
export interface WebhookAudience {
  franchiseId?: string | null | undefined;
  consultantId?: string | null | undefined;
  recipientId?: string | null | undefined;
}

/** A new delivery id (`webhook-id`): `msg_` and 16 random bytes in hex, as the batch form writes. */
export const newWebhookMessageId = () =>
  `${WEBHOOK_MESSAGE_ID_PREFIX}${randomBytes(16).toString('hex')}`;

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
 * An event whose `data` is read only when some endpoint subscribed to it: a change that tells
 * nobody pays for no read beyond the subscription check.
 */
export interface LazyWebhookEvent<T extends WebhookEventType = WebhookEventType> {
  type: T;
  timestamp: string;
  data: () => Promise<WebhookEventData<T>> | WebhookEventData<T>;
}

/**
 * Builds an event whose data is computed only when it is queued for someone.
 * @example lazyWebhookEvent('meeting.no_show', async () => ({ meeting: await readMeeting(tx) }), now)
 */
export function lazyWebhookEvent<T extends WebhookEventType>(
  type: T,
  data: () => Promise<WebhookEventData<T>> | WebhookEventData<T>,
  at: Date,
): LazyWebhookEvent<T> {
  return { type, timestamp: at.toISOString(), data };
}

/** The enabled endpoints of `audience` subscribed to `type`, as a condition; null for nobody. */
function subscribedEndpoints(audience: WebhookAudience, type: WebhookEventType): SQL | null {
  const owners = [
    audience.franchiseId ? eq(webhookEndpoint.franchiseId, audience.franchiseId) : undefined,
    audience.consultantId ? eq(webhookEndpoint.consultantId, audience.consultantId) : undefined,
    // Only consultants own endpoints by their user id; a franchisor's are their franchise's.
    audience.recipientId
      ? or(
          eq(webhookEndpoint.consultantId, audience.recipientId),
          sql`${webhookEndpoint.franchiseId} = (SELECT ${user.franchiseId} FROM ${user} WHERE ${user.id} = ${audience.recipientId} AND ${user.role} = 'franchisor')`,
        )
      : undefined,
  ].filter((c) => c !== undefined);
  if (owners.length === 0) return null;
  return (
    and(
      or(...owners),
      eq(webhookEndpoint.enabled, true),
      sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoint.events}) WHERE value = ${type})`,
    ) ?? null
  );
}

/**
 * Queues an event for every enabled endpoint of its audience that subscribed to its type, in the
 * caller's transaction (rule 21): a rolled-back change sends nothing, a committed one is delivered
 * at least once by the webhook worker. Returns the deliveries' ids. A {@link LazyWebhookEvent}'s
 * data is read only when some endpoint subscribed.
 *
 * @example await enqueueWebhookEvent(tx, { franchiseId, consultantId }, webhookEvent('meeting.booked', { meeting }, now), now);
 */
export async function enqueueWebhookEvent(
  db: Db | Tx,
  audience: WebhookAudience,
  event: WebhookEvent | LazyWebhookEvent,
  now: Date,
): Promise<string[]> {
  const where = subscribedEndpoints(audience, event.type);
  if (!where) return [];
  const endpoints = await db.select({ id: webhookEndpoint.id }).from(webhookEndpoint).where(where);
  if (endpoints.length === 0) return [];
  const body =
    typeof event.data === 'function'
      ? { type: event.type, timestamp: event.timestamp, data: await event.data() }
      : event;
  const payload = JSON.stringify(body);
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

/**
 * {@link enqueueWebhookEvent} as one statement for a batch the caller runs (the booking's):
 * `INSERT … SELECT` over the subscribed endpoints, so the batch reads nothing more and a failed
 * batch queues nothing. Ids are `msg_` and 16 random bytes in hex. Null when the audience is empty.
 *
 * @example db.batch([insertMeeting, ...(webhookEventStatement(db, audience, event, now) ?? [])]);
 */
export function webhookEventStatement(
  db: Db,
  audience: WebhookAudience,
  event: WebhookEvent,
  now: Date,
): BatchStatement | null {
  const where = subscribedEndpoints(audience, event.type);
  if (!where) return null;
  const columns = getTableColumns(webhookDelivery);
  const values: Record<keyof typeof columns, SQLChunk> = {
    id: sql`${WEBHOOK_MESSAGE_ID_PREFIX} || lower(hex(randomblob(16)))`,
    endpointId: sql`${webhookEndpoint.id}`,
    eventType: sql.param(event.type, columns.eventType),
    payload: sql.param(JSON.stringify(event), columns.payload),
    status: sql.param('pending', columns.status),
    attempts: sql.param(0, columns.attempts),
    nextAttemptAt: sql.param(now.getTime(), columns.nextAttemptAt),
    leaseUntil: sql`null`,
    responseStatus: sql`null`,
    attemptLog: sql.param([], columns.attemptLog),
    lastAttemptAt: sql`null`,
    createdAt: sql.param(now, columns.createdAt),
  };
  // In the columns' order, as drizzle's insert lists them.
  const selected = Object.keys(columns).map((key) => values[key as keyof typeof columns]);
  return db
    .insert(webhookDelivery)
    .select(sql`select ${sql.join(selected, sql`, `)} from ${webhookEndpoint} where ${where}`);
}
