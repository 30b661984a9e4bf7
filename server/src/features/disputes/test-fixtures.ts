import type { Dispute } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  dispute,
  ledgerTransaction,
  meeting,
  notification,
  payment,
  providerAttempt,
} from '../../db/schema/index.ts';
import { refundKey } from '../../payments/refunds.ts';
import {
  consultantAccount,
  franchisorWithCard,
  insertMeeting,
  setMeetingStatus,
} from '../../payments/test-fixtures.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** Helpers of the dispute tests (real server, real database). Test-only. */

/**
 * A meeting booked, completed and charged through the payments service: `rateCents` per 15
 * minutes for `durationMinutes`, charged at the server's clock.
 * @example const { f, c, m } = await chargedMeeting(server); // charged 4 × $100
 */
export async function chargedMeeting(
  server: TestServer,
  options: { rateCents?: number; durationMinutes?: number } = {},
) {
  const { db, payments } = server.container;
  const f = await franchisorWithCard(server);
  const c = await consultantAccount(server);
  const m = await insertMeeting(db, {
    consultantId: c.id,
    franchisorId: f.id,
    franchiseId: f.franchiseId,
    startAt: new Date(server.container.now().getTime() + 3_600_000),
    durationMinutes: options.durationMinutes ?? 60,
    rateCents: options.rateCents ?? 10_000,
  });
  // Booked an hour before the charge, on the server's clock.
  const bookedAt = new Date(server.container.now().getTime() - 3_600_000);
  await db.update(meeting).set({ createdAt: bookedAt }).where(eq(meeting.id, m.id));
  await payments.meetings.onBooked(m);
  await setMeetingStatus(db, m.id, 'completed');
  expect(await payments.charges.chargePayment(m.id)).toBe('charged');
  return { f, c, m };
}

/** `POST /api/session/{id}/dispute` as `token`. */
export const openDispute = (
  server: TestServer,
  token: string,
  meetingId: string,
  body: unknown = { reason: 'ended_early', text: 'The consultant left after twenty minutes.' },
) =>
  server.fetch(`/api/session/${meetingId}/dispute`, {
    method: 'POST',
    token,
    body: JSON.stringify(body),
  });

/**
 * What the ledger, the refund's provider attempt, the audit trail and the notices hold for one
 * dispute: the refund fault tests count each.
 */
export async function disputeRecords(db: Db, d: Dispute) {
  const refunds = await db
    .select()
    .from(ledgerTransaction)
    .where(
      and(eq(ledgerTransaction.kind, 'refund'), eq(ledgerTransaction.meetingId, d.meetingId ?? '')),
    );
  const attempts = await db
    .select()
    .from(providerAttempt)
    .where(eq(providerAttempt.key, refundKey(d.paymentId)));
  const decided = await db
    .select({ userId: notification.userId })
    .from(notification)
    .where(eq(notification.type, 'dispute_decided'))
    .then((rows) => rows.filter((r) => r.userId === d.franchisorId || r.userId === d.consultantId));
  const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
  const row = await db.select().from(dispute).where(eq(dispute.id, d.id)).get();
  const p = await db.select().from(payment).where(eq(payment.id, d.paymentId)).get();
  return { refunds, attempts, decided, audits, row, refunded: p?.refundedCents };
}
