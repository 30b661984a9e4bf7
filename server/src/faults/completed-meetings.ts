import {
  consultantAccount,
  franchisorWithCard,
  insertMeeting,
  setMeetingStatus,
} from '../payments/test-fixtures.ts';
import type { TestServer } from '../testing/test-server.ts';

const HOUR = 3_600_000;

export type CompletedMeeting = Awaited<ReturnType<typeof insertMeeting>>;

/**
 * The rule 10 charge runs' starting point: `count` meetings an hour apart from 30 hours ago, booked
 * (the hold placed) and completed, between two franchisors with a card and two consultants, with
 * durations of 15–60 minutes and a different rate each — so a run has real, varied money to take.
 * In creation order; what a scenario adds (lapsed holds, expected amounts) it does with the list.
 *
 * @example
 * const meetings = await completedMeetings(server, 24);
 */
export async function completedMeetings(
  server: TestServer,
  count: number,
): Promise<CompletedMeeting[]> {
  const { db, payments } = server.container;
  const franchisors = [await franchisorWithCard(server), await franchisorWithCard(server)];
  const consultants = [await consultantAccount(server), await consultantAccount(server)];
  const meetings: CompletedMeeting[] = [];
  for (let k = 0; k < count; k++) {
    const franchisor = franchisors[k % 2];
    const consultant = consultants[Math.floor(k / 2) % 2];
    if (!franchisor || !consultant) throw new Error('unreachable');
    const m = await insertMeeting(db, {
      consultantId: consultant.id,
      franchisorId: franchisor.id,
      franchiseId: franchisor.franchiseId,
      startAt: new Date(Date.now() - 30 * HOUR + k * HOUR),
      durationMinutes: 15 * (1 + (k % 4)),
      rateCents: 5_000 + k * 101,
    });
    await payments.meetings.onBooked(m);
    await setMeetingStatus(db, m.id, 'completed');
    await payments.meetings.onCompleted(m);
    meetings.push(m);
  }
  return meetings;
}
