import { meetingRoomState, meetingRoomWindow } from '@fm/sdk/contracts';
import { and, eq, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepsDemoMeeting } from '../boot/background.ts';
import { consultantProfile, jobRun, meeting, payment, user } from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { ensureDemoRunningMeeting, keepDemoMeeting } from './demo-running-meeting.ts';

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

/** Rule 20: the keeper the background runs every minute books the next one once the last ended. */
describe('keepDemoMeeting', () => {
  /** The demo pair's meetings running at `at` (started, not ended). */
  const runningAt = (at: Date) =>
    server.container.db
      .select({ id: meeting.id, startAt: meeting.startAt, endAt: meeting.endAt })
      .from(meeting)
      .where(and(lte(meeting.startAt, at), gt(meeting.endAt, at)));

  it("with the clock past the running one's end, books one new open meeting, never two", async () => {
    // The accounts exist from the test above; the hour of 15:30 is booked.
    const before = new Date('2026-03-09T15:45:00Z');
    expect(await keepDemoMeeting(server.container, before)).toMatchObject({ ran: true });
    const [current] = await runningAt(before);
    expect(current).toBeDefined();

    const after = new Date((current?.endAt ?? before).getTime() + 90_000);
    // Two processes ticking in the same minute: one books, the other stands aside.
    const [first, second] = await Promise.all([
      keepDemoMeeting(server.container, after),
      keepDemoMeeting(server.container, after),
    ]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    const open = await runningAt(after);
    expect(open).toHaveLength(1);
    expect(open[0]?.id).not.toBe(current?.id);
    expect(
      meetingRoomState(
        meetingRoomWindow(open[0]?.startAt ?? after, open[0]?.endAt ?? after),
        after,
      ),
    ).toBe('open');
    // The next minute's tick finds it and books nothing more.
    const nextMinute = new Date(after.getTime() + 60_000);
    expect(await keepDemoMeeting(server.container, nextMinute)).toEqual({
      ran: true,
      result: open[0]?.id,
    });
    expect(await runningAt(nextMinute)).toHaveLength(1);
    // Ticks leave at most an hour of leases behind.
    await keepDemoMeeting(server.container, new Date(nextMinute.getTime() + 2 * 60 * 60_000));
    const leases = await server.container.db
      .select({ key: jobRun.key })
      .from(jobRun)
      .where(eq(jobRun.job, 'demo-meeting'));
    expect(leases).toHaveLength(1);
  });

  it('runs with the demo seed only, never in production', () => {
    expect(keepsDemoMeeting({ SEED: 'demo', isProduction: false })).toBe(true);
    expect(keepsDemoMeeting({ SEED: 'demo', isProduction: true })).toBe(false);
    expect(keepsDemoMeeting({ SEED: 'none', isProduction: false })).toBe(false);
    expect(keepsDemoMeeting({ isProduction: false })).toBe(false);
  });
});
