import type { TestServer } from '@fm/server/testing';
import { createClient } from '../client.ts';
import { memoryTokenStore } from '../token-store.ts';

/**
 * Test helpers for the SDK's booking calls over real HTTP: a signed-up user's client, and a
 * consultant who can be booked on weekdays 09:00–17:00 New York time.
 */

/** A new account of `role` and an SDK client signed in as it. */
export async function signedUpClient(server: TestServer, role: 'franchisor' | 'consultant') {
  const account = await server.signUp(role);
  const api = createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(account) });
  return { api, id: account.user.id };
}

/** A consultant at $50 an hour with weekday office hours in New York and `meetingLengths`. */
export async function officeHoursConsultant(server: TestServer, meetingLengths = [30]) {
  const consultant = await signedUpClient(server, 'consultant');
  await consultant.api.profile.update({ rate: 50 });
  await consultant.api.bookings.updateCalendarSettings({
    timeZone: 'America/New_York',
    weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday: weekday as 1 | 2 | 3 | 4 | 5,
      start: '09:00',
      end: '17:00',
    })),
    meetingLengths,
  });
  return consultant;
}
