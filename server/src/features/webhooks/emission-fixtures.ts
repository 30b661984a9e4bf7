import { isDeepStrictEqual } from 'node:util';
import { type WebhookEvent, WebhookEventSchema, type WebhookEventType } from '@fm/sdk/contracts';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../../db/schema/index.ts';

/** Test helpers of the events' emission: endpoint rows written directly, deliveries read back. */

/**
 * An endpoint row of a franchise or a consultant, subscribed to `events`. Test-only.
 * @example const id = await subscribe(db, { franchiseId }, ['meeting.booked']);
 */
export async function subscribe(
  db: Db,
  owner: { franchiseId: string } | { consultantId: string },
  events: WebhookEventType[],
  options: { enabled?: boolean } = {},
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(webhookEndpoint)
    .values({
      ...owner,
      url: 'http://127.0.0.1:9/hook',
      events,
      enabled: options.enabled ?? true,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: webhookEndpoint.id });
  if (!row) throw new Error('endpoint not stored');
  return row.id;
}

/**
 * The events queued for one endpoint in the order they were written, each parsed by the contract's
 * schema (a payload the contract refuses, or with a key it does not know, fails the test here). Test-only.
 * @example const [event] = await queuedFor(db, endpointId);
 */
export async function queuedFor(
  db: Db,
  endpointId: string,
): Promise<Array<WebhookEvent & { deliveryId: string }>> {
  const rows = await db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, endpointId))
    .orderBy(sql`rowid`);
  return rows.map((row) => {
    const body: unknown = JSON.parse(row.payload);
    const event = v.parse(WebhookEventSchema, body) as unknown as WebhookEvent;
    // Parsing drops keys the contract does not know: the body must have none.
    if (!isDeepStrictEqual(event, body))
      throw new Error(`payload beyond the contract: ${row.payload}`);
    if (row.eventType !== event.type) throw new Error('event type column differs from payload');
    if (row.status !== 'pending') throw new Error('not queued');
    // One id form whichever way the event was queued (a statement of a batch, or a call).
    if (!/^msg_[0-9a-f]{32}$/.test(row.id)) throw new Error(`unexpected webhook-id ${row.id}`);
    return { ...event, deliveryId: row.id };
  });
}

/**
 * The events of one type queued for an endpoint, narrowed to that type. Test-only.
 * @example const [booked] = await queuedOf(db, endpointId, 'meeting.booked');
 */
export async function queuedOf<T extends WebhookEventType>(
  db: Db,
  endpointId: string,
  type: T,
): Promise<Array<Extract<WebhookEvent, { type: T }> & { deliveryId: string }>> {
  const events = await queuedFor(db, endpointId);
  return events.filter(
    (e): e is Extract<WebhookEvent, { type: T }> & { deliveryId: string } => e.type === type,
  );
}
