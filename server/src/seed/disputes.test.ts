import { DISPUTE_WINDOW_DAYS } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { buildDemoData, DEMO_USER_IDS } from './demo-data.ts';

const DAY = 86_400_000;
const WINDOW = DISPUTE_WINDOW_DAYS * DAY;

describe('rule 20 in the demo seed', () => {
  // Every weekday, so that the weekly charge run falls at each distance from `now`.
  const nows = Array.from({ length: 7 }, (_, k) => new Date(Date.UTC(2026, 11, 6 + k, 12)));

  it.each(nows)(
    'at %s: one open dispute to decide, and a charge the demo franchisor may dispute',
    (now) => {
      const data = buildDemoData({ now, passwordHash: 'x' });
      const open = data.dispute.filter((d) => d.status === 'open');
      expect(open).toHaveLength(1);
      const [dispute] = open;
      const disputed = data.payment.find((p) => p.id === dispute?.paymentId);
      expect(disputed?.isPaid).toBe(true);
      expect(data.disputeMessage.filter((m) => m.disputeId === dispute?.id)).toHaveLength(1);
      const openedAt = dispute?.createdAt?.getTime() ?? 0;
      expect(openedAt).toBeLessThanOrEqual(now.getTime());
      expect(openedAt - (disputed?.chargedAt?.getTime() ?? 0)).toBeLessThanOrEqual(WINDOW);

      const disputedPayments = new Set(data.dispute.map((d) => d.paymentId));
      const demoMeetings = new Set(
        data.meeting.filter((m) => m.franchisorId === DEMO_USER_IDS.franchisor).map((m) => m.id),
      );
      const eligible = data.payment.filter(
        (p) =>
          p.isPaid &&
          p.meetingId &&
          demoMeetings.has(p.meetingId) &&
          p.chargedAt &&
          now.getTime() - p.chargedAt.getTime() < WINDOW - DAY &&
          !disputedPayments.has(p.id ?? ''),
      );
      expect(eligible.length).toBeGreaterThan(0);
      // Each of those charges is in the ledger at the charge's time.
      for (const p of eligible) {
        const capture = data.ledgerTransaction.find(
          (t) => t.idempotencyKey === `capture:${p.meetingId}`,
        );
        expect(capture?.createdAt).toEqual(p.chargedAt);
      }
    },
  );
});
