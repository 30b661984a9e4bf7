import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookEndpointInputSchema,
  type SendTestWebhookInputSchema,
  type UpdateWebhookEndpointInputSchema,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryQuerySchema,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { newWebhookMessageId } from './enqueue.ts';
import { sampleWebhookEvent } from './sample-events.ts';
import { resolvesPublicly, webhookUrlProblem } from './url-policy.ts';

/** Who owns endpoints (rule 21): a franchise (all its members) or one consultant. */
export type WebhookOwner = { franchiseId: string } | { consultantId: string };
/** Whose endpoints a call may touch: one owner's, or any (the control panel). */
export type WebhookScope = WebhookOwner | 'any';

type CreateInput = v.InferOutput<typeof CreateWebhookEndpointInputSchema>;
type UpdateInput = v.InferOutput<typeof UpdateWebhookEndpointInputSchema>;
type TestInput = v.InferOutput<typeof SendTestWebhookInputSchema>;
type DeliveryQuery = v.InferOutput<typeof WebhookDeliveryQuerySchema>;
type EndpointRow = typeof webhookEndpoint.$inferSelect;
type DeliveryRow = typeof webhookDelivery.$inferSelect;

const DAY_MS = 86_400_000;
/** Characters of the secret shown to recognise it: `whsec_` and four more. */
const SECRET_PREFIX_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;

/**
 * A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64.
 * @example newWebhookSecret(); // 'whsec_q3Jz…='
 */
export const newWebhookSecret = () =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * An endpoint as the API shows it: never its secret, only the secret's first characters.
 * @example const view = endpointView(row);
 */
export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: row.secret.slice(0, SECRET_PREFIX_LENGTH),
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    franchiseId: row.franchiseId,
    consultantId: row.consultantId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A delivery as the API shows it; `nextAttemptAt` only while it is pending.
 * @example const view = deliveryView(row);
 */
export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
    payload: row.payload,
    attemptLog: row.attemptLog,
  };
}

const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({
  ...endpointView(row),
  secret: row.secret,
});

/** The page cursor: the last row's creation time and id, opaque to callers. */
const encodeCursor = (row: DeliveryRow) =>
  Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.+)$/.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new AppError('VALIDATION_FAILED', { errors: { before: 'Invalid cursor' } });
  }
  return { at: new Date(Number(match[1])), id: match[2] };
}

const ownerIs = (owner: WebhookOwner): SQL =>
  'franchiseId' in owner
    ? eq(webhookEndpoint.franchiseId, owner.franchiseId)
    : eq(webhookEndpoint.consultantId, owner.consultantId);

/**
 * Webhook endpoints and their deliveries (rule 21): each owner sees and changes only their own
 * (another owner's is "not found"); the control panel's scope is `'any'`. URLs follow the URL
 * policy, and in production a host must resolve to public addresses only.
 *
 * @example
 * const hooks = createWebhookService({ db, now: () => new Date(), isProduction: false });
 * const { secret } = await hooks.create({ franchiseId }, { url, events: ['meeting.booked'] }, userId);
 */
export function createWebhookService(deps: {
  db: Db;
  now: () => Date;
  isProduction: boolean;
  /** Whether a URL's host resolves to public addresses only (DNS; replaced in tests). */
  resolvesPublicly?: (url: string) => Promise<boolean>;
}) {
  const { db } = deps;
  const resolves = deps.resolvesPublicly ?? ((url: string) => resolvesPublicly(url));

  /** 422 at `url` when the URL may not receive webhooks. */
  async function checkUrl(url: string): Promise<void> {
    const problem = webhookUrlProblem(url, { isProduction: deps.isProduction });
    if (problem)
      throw new AppError('RULE_VIOLATION', { message: problem, errors: { url: problem } });
    if (deps.isProduction && !(await resolves(url))) {
      const message = WEBHOOK_MESSAGES.privateAddress;
      throw new AppError('RULE_VIOLATION', { message, errors: { url: message } });
    }
  }

  /** The endpoint `id` within `scope`, or 404. */
  async function endpointOf(scope: WebhookScope, id: string): Promise<EndpointRow> {
    const row = await db.query.webhookEndpoint.findFirst({
      where:
        scope === 'any'
          ? eq(webhookEndpoint.id, id)
          : and(eq(webhookEndpoint.id, id), ownerIs(scope)),
    });
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const retentionStart = () =>
    new Date(deps.now().getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS);

  return {
    /** The owner's endpoints, oldest first. */
    async list(owner: WebhookOwner): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoint)
        .where(ownerIs(owner))
        .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
      return rows.map(endpointView);
    },

    /** The endpoint `id` within `scope` (404 outside it). */
    async get(scope: WebhookScope, id: string): Promise<WebhookEndpoint> {
      return endpointView(await endpointOf(scope, id));
    },

    /** Registers an endpoint with a new secret, returned this once. */
    async create(
      owner: WebhookOwner,
      input: CreateInput,
      actorId: string | null,
    ): Promise<WebhookEndpointWithSecret> {
      await checkUrl(input.url);
      // The count and the insert in one write transaction: two creates at once never make one too many.
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ n: count() })
          .from(webhookEndpoint)
          .where(ownerIs(owner));
        if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError('RULE_VIOLATION', { message: WEBHOOK_MESSAGES.tooMany });
        }
        const now = deps.now();
        const [inserted] = await tx
          .insert(webhookEndpoint)
          .values({
            franchiseId: 'franchiseId' in owner ? owner.franchiseId : null,
            consultantId: 'consultantId' in owner ? owner.consultantId : null,
            url: input.url,
            events: input.events,
            description: input.description ?? '',
            secret: newWebhookSecret(),
            createdByUserId: actorId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('webhook endpoint not inserted');
      return withSecret(row);
    },

    /** Changes url, events, description or enabled; enabling again forgets why it was disabled. */
    async update(scope: WebhookScope, id: string, input: UpdateInput): Promise<WebhookEndpoint> {
      const current = await endpointOf(scope, id);
      if (input.url !== undefined && input.url !== current.url) await checkUrl(input.url);
      const enabling = input.enabled === true;
      const [row] = await db
        .update(webhookEndpoint)
        .set({
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(enabling ? { disabledReason: null, failingSince: null } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(webhookEndpoint.id, current.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return endpointView(row);
    },

    /** Deletes an endpoint and its deliveries; returns what it was. */
    async remove(scope: WebhookScope, id: string): Promise<WebhookEndpoint> {
      const current = await endpointOf(scope, id);
      await db.delete(webhookEndpoint).where(eq(webhookEndpoint.id, current.id));
      return endpointView(current);
    },

    /** A new secret, returned this once; the previous one signs too for 24 hours. */
    async rotateSecret(scope: WebhookScope, id: string): Promise<WebhookEndpointWithSecret> {
      const current = await endpointOf(scope, id);
      const now = deps.now();
      const [row] = await db
        .update(webhookEndpoint)
        .set({
          secret: newWebhookSecret(),
          previousSecret: current.secret,
          previousSecretExpiresAt: new Date(
            now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000,
          ),
          updatedAt: now,
        })
        .where(eq(webhookEndpoint.id, current.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return withSecret(row);
    },

    /**
     * Queues a sample event (ids `test_…`) for this endpoint alone, sent by the webhook worker as
     * any other; a disabled endpoint is refused.
     */
    async sendTest(scope: WebhookScope, id: string, input: TestInput): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(scope, id);
      if (!endpoint.enabled) {
        throw new AppError('RULE_VIOLATION', { message: WEBHOOK_MESSAGES.disabled });
      }
      const type = input.eventType ?? endpoint.events[0] ?? 'meeting.booked';
      const now = deps.now();
      const [row] = await db
        .insert(webhookDelivery)
        .values({
          id: newWebhookMessageId(),
          endpointId: endpoint.id,
          eventType: type,
          payload: JSON.stringify(sampleWebhookEvent(type, now)),
          createdAt: now,
          nextAttemptAt: now.getTime(),
        })
        .returning();
      if (!row) throw new Error('webhook delivery not inserted');
      return deliveryView(row);
    },

    /** The endpoint's deliveries of the retention period, newest first, a page at a time. */
    async deliveries(
      scope: WebhookScope,
      id: string,
      query: DeliveryQuery,
    ): Promise<WebhookDeliveryList> {
      const endpoint = await endpointOf(scope, id);
      const cursor = query.before ? decodeCursor(query.before) : undefined;
      const rows = await db
        .select()
        .from(webhookDelivery)
        .where(
          and(
            eq(webhookDelivery.endpointId, endpoint.id),
            gte(webhookDelivery.createdAt, retentionStart()),
            query.status ? eq(webhookDelivery.status, query.status) : undefined,
            query.eventType ? eq(webhookDelivery.eventType, query.eventType) : undefined,
            cursor
              ? or(
                  lt(webhookDelivery.createdAt, cursor.at),
                  and(eq(webhookDelivery.createdAt, cursor.at), lt(webhookDelivery.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
        .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: page.map(deliveryView),
        nextCursor: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    /**
     * Sends a delivery again with the same id (`webhook-id`): pending now, a full new schedule of
     * attempts, its log of earlier attempts kept.
     */
    async replay(scope: WebhookScope, deliveryId: string): Promise<WebhookDelivery> {
      const found = await db
        .select({ delivery: webhookDelivery, endpoint: webhookEndpoint })
        .from(webhookDelivery)
        .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
        .where(
          and(
            eq(webhookDelivery.id, deliveryId),
            gte(webhookDelivery.createdAt, retentionStart()),
            scope === 'any' ? undefined : ownerIs(scope),
          ),
        )
        .limit(1);
      if (!found[0]) throw new AppError('NOT_FOUND');
      const [row] = await db
        .update(webhookDelivery)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: deps.now().getTime(),
          leaseUntil: null,
        })
        .where(eq(webhookDelivery.id, deliveryId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return deliveryView(row);
    },

    /** The endpoint a delivery belongs to, within `scope` (for the audit of a replay). */
    async endpointOfDelivery(scope: WebhookScope, deliveryId: string): Promise<WebhookEndpoint> {
      const row = await db.query.webhookDelivery.findFirst({
        where: eq(webhookDelivery.id, deliveryId),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return endpointView(await endpointOf(scope, row.endpointId));
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
