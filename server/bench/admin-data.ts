import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { insertJson, prng, type Row } from './data.ts';

/**
 * Meetings and their payments for the admin measurement (A1), added to the bench's shared
 * database (consultants `bench-c-{i}`, franchises `bench-f-{i}` whose first member
 * `bench-fu-{i}-0` books) in one transaction through `json_each` batches.
 *
 * Starts are quarter hours spread over the last 18 months and the next 2 (real clock: the server
 * derives future/pending from it). Past meetings are mostly completed and charged, some declined,
 * some still awaiting confirmation; future ones hold their amount. No reviews and no
 * `meeting_slot` cells: reviews would fire the search triggers, and the cells only guard new
 * bookings of these consultants, which no measurement makes.
 */

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;

export async function loadBenchMeetings(
  db: Db,
  options: {
    meetings: number;
    consultants: number;
    franchises: number;
    now: number;
    seed?: number;
    log?: (message: string) => void;
  },
): Promise<{ meetings: number; payments: number }> {
  const started = performance.now();
  const log = (message: string) =>
    options.log?.(`${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const r = prng(options.seed ?? 20250310);
  const meetings: Row[] = [];
  const payments: Row[] = [];
  const from = options.now - 540 * DAY_MS;
  const span = 600 * DAY_MS;
  for (let i = 0; i < options.meetings; i += 1) {
    const id = `bench-m-${i}`;
    const f = r.int(0, options.franchises - 1);
    const consultant = `bench-c-${r.int(0, options.consultants - 1)}`;
    const start = from + Math.floor((r.next() * span) / QUARTER_MS) * QUARTER_MS;
    const duration = r.pick([15, 30, 30, 45, 60]);
    const end = start + duration * 60_000;
    const rate = r.int(10, 50) * 500;
    const amount = Math.floor(duration / 15) * rate;
    const booked = start - r.int(1, 30) * DAY_MS;
    const past = end < options.now;
    const roll = r.next();
    const status = !past
      ? 'future'
      : roll < 0.8
        ? 'completed'
        : roll < 0.9
          ? 'declined'
          : start < options.now - 14 * DAY_MS
            ? 'completed'
            : 'future';
    const completedAt = status === 'completed' ? end + r.int(1, 48) * 3_600_000 : null;
    const declinedAt = status === 'declined' ? end + r.int(1, 48) * 3_600_000 : null;
    const paid = status === 'completed' && r.chance(0.97);
    const chargedAt = paid && completedAt !== null ? completedAt + r.int(1, 7) * DAY_MS : null;
    const updated = chargedAt ?? completedAt ?? declinedAt ?? booked;
    meetings.push([
      id,
      consultant,
      `bench-fu-${f}-0`,
      `bench-f-${f}`,
      start,
      end,
      'America/New_York',
      duration,
      status,
      rate,
      paid ? amount : 0,
      paid ? 1 : 0,
      completedAt,
      declinedAt,
      booked,
      updated,
    ]);
    const failed = status === 'completed' && !paid;
    payments.push([
      `bench-p-${i}`,
      id,
      `bench-f-${f}`,
      consultant,
      amount,
      start,
      status === 'declined' ? 'declined' : status === 'completed' ? 'completed' : 'pending',
      paid ? 1 : 0,
      status === 'declined' ? null : `hold_bench_${i}`,
      chargedAt,
      failed ? 'card_declined' : null,
      booked,
      failed && completedAt !== null ? completedAt + DAY_MS : updated,
    ]);
  }
  log(`generated ${meetings.length} meetings`);
  await db.transaction(async (tx) => {
    await tx.run(sql`PRAGMA cache_size = -262144`);
    await insertJson(
      tx,
      'meeting',
      [
        'id',
        'consultant_id',
        'franchisor_id',
        'franchise_id',
        'start_at',
        'end_at',
        'time_zone',
        'duration_minutes',
        'status',
        'rate_cents',
        'paid_amount_cents',
        'is_paid',
        'marked_as_completed_at',
        'declined_at',
        'created_at',
        'updated_at',
      ],
      meetings,
    );
    await insertJson(
      tx,
      'payment',
      [
        'id',
        'meeting_id',
        'franchise_id',
        'consultant_id',
        'amount_cents',
        'start_at',
        'status',
        'is_paid',
        'hold_id',
        'charged_at',
        'failure_code',
        'created_at',
        'updated_at',
      ],
      payments,
    );
  });
  log('meetings and payments inserted');
  return { meetings: meetings.length, payments: payments.length };
}
