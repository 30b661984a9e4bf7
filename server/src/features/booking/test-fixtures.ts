import type { CalendarSettingsPatch, Session, SlotsResult } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { consultantProfile, franchise, meeting, review, user } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** Test helpers shared by the booking tests (real server, real HTTP). */

export const json = (body: unknown) => JSON.stringify(body);

/** A consultant with a rate and calendar settings set through the API. */
export async function makeConsultant(
  server: TestServer,
  options: { rateCents?: number | null; settings?: CalendarSettingsPatch; firstName?: string } = {},
) {
  const account = await server.signUp('consultant');
  const db = server.container.db;
  if (options.rateCents !== null) {
    await db
      .insert(consultantProfile)
      .values({
        userId: account.user.id,
        rateCents: options.rateCents ?? 5_000,
        company: 'Reed Advisory',
      })
      .onConflictDoUpdate({
        target: consultantProfile.userId,
        set: { rateCents: options.rateCents ?? 5_000 },
      });
  }
  if (options.firstName) {
    await db.update(user).set({ firstName: options.firstName }).where(eq(user.id, account.user.id));
  }
  if (options.settings) {
    const res = await server.fetch('/api/users/calendars', {
      method: 'PATCH',
      token: account.token,
      body: json(options.settings),
    });
    if (!res.ok) throw new Error(`settings refused: ${res.status} ${await res.text()}`);
  }
  return { id: account.user.id, token: account.token, email: account.user.email };
}

/** A franchisor with a franchise whose subscription has the given status. */
export async function makeFranchisor(
  server: TestServer,
  options: {
    subscription?: 'active' | 'trialing' | 'canceled' | null;
    franchiseId?: string;
    company?: string;
    firstName?: string;
  } = {},
) {
  const account = await server.signUp('franchisor');
  const db = server.container.db;
  let franchiseId = options.franchiseId;
  if (!franchiseId) {
    const [row] = await db
      .insert(franchise)
      .values({
        company: options.company ?? 'Blue Fin Swim',
        stripeSubscriptionStatus:
          options.subscription === undefined ? 'active' : options.subscription,
      })
      .returning({ id: franchise.id });
    franchiseId = row?.id ?? '';
  }
  await db
    .update(user)
    .set({ franchiseId, ...(options.firstName ? { firstName: options.firstName } : {}) })
    .where(eq(user.id, account.user.id));
  // Booking places a hold on the franchise's card (rule 10): every test franchisor has one.
  const card = await server.fetch('/api/users/payment-method', {
    method: 'POST',
    token: account.token,
    body: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
  });
  if (!card.ok) throw new Error(`adding a card failed: ${card.status} ${await card.text()}`);
  return { id: account.user.id, token: account.token, email: account.user.email, franchiseId };
}

/**
 * A review of `consultantId` by `franchisorId` on a completed 30-minute meeting starting at
 * `start`, written straight to the database (the review flow has its own tests); `createdAt` is
 * the database's default when not given.
 */
export async function addReview(
  server: TestServer,
  options: {
    consultantId: string;
    franchisorId: string;
    rating: number;
    start: Date;
    createdAt?: Date;
  },
): Promise<void> {
  const { consultantId, franchisorId, rating, start, createdAt } = options;
  const db = server.container.db;
  const meetingId = crypto.randomUUID();
  await db.insert(meeting).values({
    id: meetingId,
    consultantId,
    franchisorId,
    franchiseId: null,
    startAt: start,
    endAt: new Date(start.getTime() + 30 * 60_000),
    timeZone: 'UTC',
    durationMinutes: 30,
    rateCents: 5_000,
    status: 'completed',
  });
  await db.insert(review).values({
    meetingId,
    authorId: franchisorId,
    consultantId,
    rating,
    ...(createdAt ? { createdAt } : {}),
  });
}

/** Monday–Friday 09:00–17:00. */
export const OFFICE_HOURS: CalendarSettingsPatch['weeklyHours'] = [1, 2, 3, 4, 5].map(
  (weekday) => ({
    weekday: weekday as 1 | 2 | 3 | 4 | 5,
    start: '09:00',
    end: '17:00',
  }),
);

/** Every day, all day. */
export const ALWAYS: CalendarSettingsPatch['weeklyHours'] = [1, 2, 3, 4, 5, 6, 7].map(
  (weekday) => ({
    weekday: weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    start: '00:00',
    end: '24:00',
  }),
);

/**
 * The first day `daysOut` days from now or later that is a weekday in `zone` (meetings happen
 * Monday to Friday only), as YYYY-MM-DD: a test booking "two days out" must not land on a Sunday.
 * @example weekdayAhead(2, 'America/New_York') // on a Friday: the Monday after
 */
export function weekdayAhead(daysOut: number, zone: string, from = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  });
  for (let day = daysOut; ; day += 1) {
    const at = parts.formatToParts(new Date(from + day * 86_400_000));
    const part = (type: string) => at.find((p) => p.type === type)?.value ?? '';
    if (part('weekday') !== 'Sat' && part('weekday') !== 'Sun') {
      return `${part('year')}-${part('month')}-${part('day')}`;
    }
  }
}

export async function getSlots(
  server: TestServer,
  consultantId: string,
  query: Record<string, string>,
): Promise<SlotsResult> {
  const res = await server.fetch(
    `/api/booking/consultant/${consultantId}/slots?${new URLSearchParams(query).toString()}`,
  );
  if (!res.ok) throw new Error(`slots: ${res.status} ${await res.text()}`);
  return (await res.json()) as SlotsResult;
}

export async function book(
  server: TestServer,
  token: string,
  body: { consultantId: string; start: string; end: string; timeZone: string },
) {
  const res = await server.fetch('/api/session', { method: 'POST', token, body: json(body) });
  return {
    status: res.status,
    body: (await res.json()) as Session & { code?: string; message?: string },
  };
}
