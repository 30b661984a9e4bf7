import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { meeting } from '../src/db/schema/index.ts';
import { type LoadResult, runLoad } from './load.ts';

/**
 * Issue 5's figures: the slots call for a consultant with a busy calendar (500 meetings in the next
 * 90 days) and the booking call under 32 concurrent clients racing for 20 slots, then a check in the
 * database that no time holds two live meetings.
 */

const ZONE = 'America/New_York';
const BUSY_MEETINGS = 500;
const RACE_SLOTS = 20;
const RACE_CLIENTS = 32;
const RACE_ATTEMPTS_PER_CLIENT = 10;

interface Slot {
  start: string;
  end: string;
}

async function call(url: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('origin', url);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function must(url: string, path: string, init: RequestInit & { token?: string } = {}) {
  const res = await call(url, path, init);
  if (res.status >= 300)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const localDate = (d: Date) => d.toISOString().slice(0, 10);

/** Weekdays from `from` on, as YYYY-MM-DD (the requested zone is New York; UTC dates are close enough to pick days). */
function weekdays(from: Date, count: number): string[] {
  const out: string[] = [];
  for (let i = 1; out.length < count; i += 1) {
    const d = new Date(from.getTime() + i * 86_400_000);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) out.push(localDate(d));
  }
  return out;
}

/** Every slot of a day, following `from` pages. */
async function slotsOf(url: string, consultantId: string, date: string): Promise<Slot[]> {
  const all: Slot[] = [];
  let from: string | undefined;
  for (let page = 0; page < 10; page += 1) {
    const query = new URLSearchParams({ date, timezone: ZONE, ...(from ? { from } : {}) });
    const body = (await must(url, `/api/booking/consultant/${consultantId}/slots?${query}`)) as {
      days: { slots: Slot[] }[];
      hasMore: boolean;
    };
    const slots = body.days.flatMap((d) => d.slots);
    all.push(...slots);
    if (!body.hasMore || slots.length === 0) break;
    from = slots.at(-1)?.end;
  }
  return all;
}

/** Non-overlapping 30-minute slots of a day (every other quarter-hour start). */
const spaced = (slots: Slot[]) => {
  const out: Slot[] = [];
  for (const s of slots) if (!out.length || s.start >= (out.at(-1)?.end ?? '')) out.push(s);
  return out;
};

export interface BookingBenchResult {
  slots: Record<1 | 32, LoadResult>;
  race: { p50: number; p99: number; booked: number; refused: number; errors: number };
  doubleBooked: number;
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

export async function benchBooking(options: {
  url: string;
  databaseUrl: string;
  durationMs: number;
  warmupMs: number;
  log: (message: string) => void;
}): Promise<BookingBenchResult> {
  const { url, log } = options;
  const stamp = Date.now();
  const consultant = await must(url, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({
      email: `bench-consultant-${stamp}@bench.example`,
      password: 'Bench-Pass-2025!',
      firstName: 'Busy',
      lastName: 'Consultant',
      role: 'consultant',
      ageConfirmed: true,
    }),
  });
  const consultantToken = String(consultant.token);
  const consultantId = String((consultant.user as { id: string }).id);
  await must(url, '/api/users', {
    method: 'PATCH',
    token: consultantToken,
    body: JSON.stringify({ rate: 50, bio: 'Benchmark consultant' }),
  });
  const allDay = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
  await must(url, '/api/users/calendars', {
    method: 'PATCH',
    token: consultantToken,
    body: JSON.stringify({ timeZone: ZONE, weeklyHours: allDay, meetingLengths: [30] }),
  });

  const franchisor = await must(url, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({
      email: `bench-booker-${stamp}@bench.example`,
      password: 'Bench-Pass-2025!',
      firstName: 'Bench',
      lastName: 'Booker',
      role: 'franchisor',
      ageConfirmed: true,
    }),
  });
  const token = String(franchisor.token);
  await must(url, '/api/users', {
    method: 'PATCH',
    token,
    body: JSON.stringify({ franchise: { company: 'Bench Brand' } }),
  });
  await must(url, '/api/users/payment-method', {
    method: 'POST',
    token,
    body: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
  });
  await must(url, '/api/users/subscribe', { method: 'POST', token, body: JSON.stringify({}) });

  // 500 meetings over the next 90 days (≈ 64 weekdays × 8).
  const days = weekdays(new Date(), 64);
  let booked = 0;
  for (const date of days) {
    if (booked >= BUSY_MEETINGS) break;
    const free = spaced(await slotsOf(url, consultantId, date))
      .filter((_, i) => i % 5 === 0)
      .slice(0, 8);
    for (const slot of free) {
      if (booked >= BUSY_MEETINGS) break;
      await must(url, '/api/session', {
        method: 'POST',
        token,
        body: JSON.stringify({ consultantId, ...slot, timeZone: ZONE }),
      });
      booked += 1;
    }
  }
  log(`booked ${booked} meetings for the busy consultant`);

  const probeDay = days[20] ?? days[0] ?? localDate(new Date());
  const slotsPath = `/api/booking/consultant/${consultantId}/slots?date=${probeDay}&timezone=${encodeURIComponent(ZONE)}`;
  const slots = {
    1: await runLoad({
      origin: url,
      path: () => slotsPath,
      token,
      concurrency: 1,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
    }),
    32: await runLoad({
      origin: url,
      path: () => slotsPath,
      token,
      concurrency: 32,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
    }),
  } as const;

  // The race: a day after the busy period, 20 free slots, 32 clients booking at random.
  const raceDay = weekdays(new Date(Date.now() + 100 * 86_400_000), 1)[0] ?? probeDay;
  const targets = spaced(await slotsOf(url, consultantId, raceDay)).slice(0, RACE_SLOTS);
  const latencies: number[] = [];
  let won = 0;
  let refused = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: RACE_CLIENTS }, async (_, client) => {
      for (let i = 0; i < RACE_ATTEMPTS_PER_CLIENT; i += 1) {
        // Every slot is wanted by many clients at once: client c tries slots c, c+3, c+6, …
        const slot = targets[(client + i * 3) % targets.length];
        if (!slot) return;
        const sent = performance.now();
        const res = await call(url, '/api/session', {
          method: 'POST',
          token,
          body: JSON.stringify({ consultantId, ...slot, timeZone: ZONE }),
        });
        latencies.push(performance.now() - sent);
        if (res.status === 201 || res.status === 200) won += 1;
        else if (res.status === 409) refused += 1;
        else errors += 1;
      }
    }),
  );

  // The proof: no two live meetings of this consultant overlap.
  const database = await openDatabase({ url: options.databaseUrl });
  const live = await database.db
    .select({ startAt: meeting.startAt, endAt: meeting.endAt })
    .from(meeting)
    .where(
      and(eq(meeting.consultantId, consultantId), inArray(meeting.status, ['future', 'pending'])),
    );
  database.close();
  const sorted = live.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  let doubleBooked = 0;
  for (let i = 1; i < sorted.length; i += 1) {
    if ((sorted[i]?.startAt.getTime() ?? 0) < (sorted[i - 1]?.endAt.getTime() ?? 0))
      doubleBooked += 1;
  }
  return {
    slots,
    race: {
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      booked: won,
      refused,
      errors,
    },
    doubleBooked,
  };
}
