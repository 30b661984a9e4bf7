import { meetingRoomState, meetingRoomWindow } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantProfile, meeting, payment, user } from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { ensureDemoRunningMeeting } from './demo-running-meeting.ts';

/** "Try it at once" (rule 16): every demo start leaves a meeting running now, with an open room. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('ensureDemoRunningMeeting', () => {
  it('does nothing without the demo accounts', async () => {
    expect(await ensureDemoRunningMeeting(server.container)).toBeNull();
  });

  it('books the demo pair from the last quarter hour for an hour, once, with its hold', async () => {
    const consultant = await server.signUp('consultant', { email: DEMO_ACCOUNTS.consultant.email });
    await server.container.db
      .insert(consultantProfile)
      .values({ userId: consultant.user.id, rateCents: 5_000 });
    const franchisor = await server.signUp('franchisor', { email: DEMO_ACCOUNTS.franchisor.email });
    const card = await server.fetch('/api/users/payment-method', {
      method: 'POST',
      token: franchisor.token,
      body: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
    });
    expect(card.ok).toBe(true);

    const now = new Date('2026-03-09T15:37:12Z');
    const id = await ensureDemoRunningMeeting(server.container, now);
    expect(id).not.toBeNull();
    // A second start within the hour keeps the same meeting.
    expect(await ensureDemoRunningMeeting(server.container, new Date('2026-03-09T16:20:00Z'))).toBe(
      id,
    );
    const [row] = await server.container.db
      .select()
      .from(meeting)
      .where(eq(meeting.id, id ?? ''));
    expect(row).toMatchObject({
      consultantId: consultant.user.id,
      franchisorId: franchisor.user.id,
      startAt: new Date('2026-03-09T15:30:00Z'),
      endAt: new Date('2026-03-09T16:30:00Z'),
      durationMinutes: 60,
      status: 'future',
    });
    expect(meetingRoomState(meetingRoomWindow(row?.startAt ?? now, row?.endAt ?? now), now)).toBe(
      'open',
    );
    const [hold] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, id ?? ''));
    expect(hold).toMatchObject({ amountCents: 20_000, isPaid: false });
    expect(hold?.holdId).toBeTruthy();
    // After the hour, the next start books a new one.
    const later = await ensureDemoRunningMeeting(
      server.container,
      new Date('2026-03-09T16:31:00Z'),
    );
    expect(later).not.toBe(id);
    const franchisorRow = await server.container.db.query.user.findFirst({
      where: eq(user.id, franchisor.user.id),
    });
    expect(franchisorRow?.franchiseId).toBeTruthy();
  });
});
