import type {
  WebhookCharge,
  WebhookChatMessage,
  WebhookDispute,
  WebhookMeeting,
  WebhookPayout,
} from '@fm/sdk/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { dispute, meeting, payment, payout } from '../../db/schema/index.ts';
import { messageAttachment, upload } from '../../db/schema/index.ts';
import { meetingAmountCents } from '../../money/meeting-amount.ts';
import { derivedStatus, findMeetingDetails } from '../booking/meeting-view.ts';

/**
 * The one place rows become the payloads of webhook events (rule 21), as the contract's schemas
 * (WEBHOOK_EVENT_DATA) define them: ids, instants in ISO 8601, money in integer cents.
 */

type MeetingRow = typeof meeting.$inferSelect;
type Person = { id: string; firstName: string; lastName: string };

/** What a meeting payload needs: the row and its parties, as the meeting reads select them. */
export interface MeetingWithParties {
  meeting: MeetingRow;
  consultant: Person;
  franchisor: Person;
  franchise: { id: string; company: string } | null;
}

const person = (p: Person) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName });

/**
 * A meeting as events carry it. `status` is the meeting's after the change: rule 8's derived
 * status of the row, or `cancelled` for a franchise's cancellation (the row is deleted then).
 * The price is rule 10's amount of the row's duration at its rate.
 *
 * @example webhookMeeting(details, now) // { id, status: 'future', startAt: '2026-…', priceCents: 15000, … }
 * @example webhookMeeting(details, now, 'cancelled')
 */
export function webhookMeeting(
  d: MeetingWithParties,
  now: Date,
  status?: 'cancelled',
): WebhookMeeting {
  const m = d.meeting;
  return {
    id: m.id,
    status: status ?? derivedStatus(m, now),
    startAt: m.startAt.toISOString(),
    endAt: m.endAt.toISOString(),
    durationMinutes: m.durationMinutes,
    timeZone: m.timeZone,
    consultant: person(d.consultant),
    franchisor: person(d.franchisor),
    franchise: d.franchise ? { id: d.franchise.id, name: d.franchise.company } : null,
    priceCents: meetingAmountCents(m.durationMinutes, m.rateCents),
    currency: 'usd',
  };
}

/**
 * A meeting payload read in `q` (for changes that do not hold the parties already).
 * @example await readWebhookMeeting(tx, meetingId, now)
 */
export async function readWebhookMeeting(
  q: Db | Tx,
  meetingId: string,
  now: Date,
): Promise<WebhookMeeting> {
  const details = await findMeetingDetails(q, meetingId);
  if (!details) throw new Error(`meeting ${meetingId} not found for its webhook event`);
  return webhookMeeting(details, now);
}

/** Who hears of a meeting's events: the meeting's franchise and its consultant (rule 21). */
export const meetingAudience = (m: Pick<MeetingRow, 'franchiseId' | 'consultantId'>) => ({
  franchiseId: m.franchiseId,
  consultantId: m.consultantId,
});

/**
 * A charge (a meeting's payment) as events carry it; `failureMessage` only for `charge.failed`.
 * @example webhookCharge(payment, { franchiseId, amountCents: 15000, failureMessage: null })
 */
export function webhookCharge(
  p: Pick<typeof payment.$inferSelect, 'id' | 'meetingId' | 'consultantId'>,
  c: { franchiseId: string | null; amountCents: number; failureMessage: string | null },
): WebhookCharge {
  return {
    id: p.id,
    meetingId: p.meetingId,
    franchiseId: c.franchiseId,
    consultantId: p.consultantId,
    amountCents: c.amountCents,
    currency: 'usd',
    failureMessage: c.failureMessage,
  };
}

/**
 * A payout as `payout.paid` carries it: paid at its row's last update (when it moved to `paid`).
 * @example webhookPayout(paidRow) // { id, consultantId, amountCents: 40000, currency: 'usd', paidAt: '2026-…' }
 */
export function webhookPayout(
  row: Pick<typeof payout.$inferSelect, 'id' | 'consultantId' | 'amountCents' | 'updatedAt'>,
): WebhookPayout {
  return {
    id: row.id,
    consultantId: row.consultantId,
    amountCents: row.amountCents,
    currency: 'usd',
    paidAt: row.updatedAt.toISOString(),
  };
}

/**
 * A chat message as `message.received` carries it; `attachments` are the files' names.
 * @example webhookChatMessage({ id, chatId, body: 'Hello', createdAt }, sender, ['plan.pdf'])
 */
export function webhookChatMessage(
  row: { id: string; chatId: string; body: string; createdAt: Date },
  sender: Person,
  attachments: string[],
): WebhookChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    sender: person(sender),
    text: row.body,
    attachments,
    sentAt: row.createdAt.toISOString(),
  };
}

/**
 * The names of a message's files, in their order (as the chat shows them).
 * @example await attachmentNames(tx, messageId) // ['plan.pdf']
 */
export async function attachmentNames(q: Db | Tx, messageId: string): Promise<string[]> {
  const rows = await q
    .select({ name: upload.originalName })
    .from(messageAttachment)
    .innerJoin(upload, eq(upload.id, messageAttachment.uploadId))
    .where(eq(messageAttachment.messageId, messageId))
    .orderBy(asc(messageAttachment.position));
  return rows.map((r) => r.name || 'file');
}

/**
 * A dispute as events carry it. Its meeting is the one disputed (kept on the dispute even when
 * the meeting row is gone: the payment shares the meeting's id).
 * @example webhookDispute(row) // { id, meetingId, paymentId, status: 'open', refundedCents: 0, … }
 */
export function webhookDispute(row: typeof dispute.$inferSelect): WebhookDispute {
  return {
    id: row.id,
    meetingId: row.meetingId ?? row.paymentId,
    paymentId: row.paymentId,
    status: row.status,
    reason: row.reason,
    refundedCents: row.refundCents ?? 0,
    currency: 'usd',
    openedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
