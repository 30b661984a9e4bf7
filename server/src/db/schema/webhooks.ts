import type { WebhookAttempt, WebhookEventType } from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { bool, id, instant, requiredRef } from './columns.ts';
import { franchise } from './franchises.ts';

/**
 * A webhook endpoint (rule 21): owned by a franchise (every member manages it) or by a consultant,
 * never both. The signing secret is kept readable, since every delivery is signed with it; it is
 * shown to people once. After a rotation the previous secret also signs until it expires.
 */
export const webhookEndpoint = sqliteTable(
  'webhook_endpoint',
  {
    id: id(),
    franchiseId: text('franchise_id').references(() => franchise.id, { onDelete: 'cascade' }),
    consultantId: text('consultant_id').references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event types. */
    events: text('events', { mode: 'json' }).$type<WebhookEventType[]>().notNull(),
    description: text('description').notNull().default(''),
    enabled: bool('enabled').notNull().default(true),
    /** Set when the platform disabled it (deliveries failing for days). */
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: instant('previous_secret_expires_at'),
    /** The first failed delivery since the last success: the start of a failing streak. */
    failingSince: instant('failing_since'),
    createdByUserId: text('created_by_user_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    index('webhook_endpoint_franchise_idx').on(t.franchiseId),
    index('webhook_endpoint_consultant_idx').on(t.consultantId),
    check(
      'webhook_endpoint_one_owner',
      sql`(${t.franchiseId} IS NULL) <> (${t.consultantId} IS NULL)`,
    ),
  ],
);

/**
 * One event to one endpoint: the durable outbox of webhooks. Written in the transaction of the
 * change it tells of; its id is the `webhook-id`, the same on every attempt and replay; `payload`
 * is the exact body. The worker claims due rows with a lease, as the mail outbox does.
 */
export const webhookDelivery = sqliteTable(
  'webhook_delivery',
  {
    /** `msg_…`: the `webhook-id`. */
    id: text('id').primaryKey(),
    endpointId: requiredRef('endpoint_id', () => webhookEndpoint.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** The JSON body, exactly as signed and sent. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Epoch ms before which the worker does not try again. */
    nextAttemptAt: integer('next_attempt_at').notNull().default(0),
    /** Epoch ms until which one worker holds the row. */
    leaseUntil: integer('lease_until'),
    responseStatus: integer('response_status'),
    /** The attempts so far (at most the last 20), newest last. */
    attemptLog: text('attempt_log', { mode: 'json' })
      .$type<WebhookAttempt[]>()
      .notNull()
      .default(sql`'[]'`),
    lastAttemptAt: instant('last_attempt_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_delivery_created_idx').on(t.createdAt),
  ],
);
