import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_SECRET_PREFIX,
  type WebhookEventType,
  type WebhookMeeting,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { franchise, user, webhookDelivery, webhookEndpoint } from '../../../db/schema/index.ts';
import { enqueueWebhookEvent, webhookEvent } from '../enqueue.ts';

/** Test-only: owners, endpoints and events for the delivery tests, written straight to the tables. */

/** A fresh signing secret in the Standard Webhooks form. */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A user row (no account: the delivery tests need only an e-mail to write to). */
export async function insertUser(db: Db, name: string) {
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 8)}@test.example`;
  await db.insert(user).values({ id, name, email, firstName: name, lastName: 'Tester' });
  return { id, email };
}

/** A franchise whose billing contact is a franchisor of it, and another member who is not. */
export async function insertFranchise(db: Db) {
  const billing = await insertUser(db, 'billing');
  const member = await insertUser(db, 'member');
  const [row] = await db
    .insert(franchise)
    .values({ company: 'Webhook Brand', billingContactUserId: billing.id })
    .returning({ id: franchise.id });
  if (!row) throw new Error('no franchise');
  await db.update(user).set({ franchiseId: row.id }).where(eq(user.id, billing.id));
  await db.update(user).set({ franchiseId: row.id }).where(eq(user.id, member.id));
  return { id: row.id, billing, member };
}

/** An enabled endpoint of a franchise (or a consultant) for `meeting.booked`, with a fresh secret. */
export async function insertEndpoint(
  db: Db,
  input: {
    url: string;
    franchiseId?: string;
    consultantId?: string;
    createdByUserId?: string;
    events?: WebhookEventType[];
    now: Date;
  },
) {
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoint)
    .values({
      url: input.url,
      franchiseId: input.franchiseId ?? null,
      consultantId: input.consultantId ?? null,
      createdByUserId: input.createdByUserId ?? null,
      events: input.events ?? ['meeting.booked'],
      secret,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('no endpoint');
  return row;
}

/** A meeting as the `meeting.booked` event carries it. */
export const sampleMeeting = (now: Date): WebhookMeeting => ({
  id: randomUUID(),
  status: 'future',
  startAt: new Date(now.getTime() + 86_400_000).toISOString(),
  endAt: new Date(now.getTime() + 86_400_000 + 1_800_000).toISOString(),
  durationMinutes: 30,
  timeZone: 'America/New_York',
  consultant: { id: randomUUID(), firstName: 'Casey', lastName: 'Consultant' },
  franchisor: { id: randomUUID(), firstName: 'Fran', lastName: 'Chisor' },
  franchise: { id: randomUUID(), name: 'Webhook Brand' },
  priceCents: 40_000,
  currency: 'usd',
});

/** Queues a `meeting.booked` for the franchise through the real enqueue; answers the delivery's id. */
export async function queueBooked(db: Db, franchiseId: string, now: Date): Promise<string> {
  const ids = await enqueueWebhookEvent(
    db,
    { franchiseId },
    webhookEvent('meeting.booked', { meeting: sampleMeeting(now) }, now),
    now,
  );
  const [id] = ids;
  if (!id || ids.length !== 1) throw new Error(`expected one delivery, got ${ids.length}`);
  return id;
}

/** A delivery's row. */
export const deliveryRow = (db: Db, id: string) =>
  db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id)).get();

/** An endpoint's row. */
export const endpointRow = (db: Db, id: string) =>
  db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id)).get();
