import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import {
  consultantAccount,
  franchisorWithCard,
  insertMeeting,
} from '../../payments/test-fixtures.ts';
import type { TestServer } from '../../testing/test-server.ts';

/**
 * A verified consultant, a franchisor with a saved card, and a one-hour meeting of theirs at
 * `startAt` at $50 per 15 minutes, inserted as booking writes it (its payment is left to the
 * caller). Test-only.
 * @example const { consultant, franchisor, meeting } = await hourMeeting(server, T0);
 */
export async function hourMeeting(server: TestServer, startAt: Date) {
  const db = server.container.db;
  const consultant = await consultantAccount(server);
  await db.update(user).set({ isVerified: true }).where(eq(user.id, consultant.id));
  const franchisor = await franchisorWithCard(server);
  const meeting = await insertMeeting(db, {
    consultantId: consultant.id,
    franchisorId: franchisor.id,
    franchiseId: franchisor.franchiseId,
    startAt,
    durationMinutes: 60,
    rateCents: 5_000,
  });
  return { consultant, franchisor, meeting };
}
