import type { Faker } from '@faker-js/faker';
import type { BookingStatus } from '@fm/sdk/contracts';
import { meetingAmountCents } from '../money/meeting-amount.ts';
import { splitCharge as splitPaymentCharge } from '../payments/money-rules.ts';
import type { SeededConsultant } from './consultants.ts';
import type { SeededFranchisor } from './franchises.ts';
import { HOUR_MS, MINUTE_MS, seededFaker, seedId, zonedDay, zonedInstant } from './random.ts';
import { REVIEW_COMMENTS } from './reference-data.ts';
import type { DemoData } from './tables.ts';

/** Consultants (besides the demo one) who have had or will have meetings. */
export const BUSY_CONSULTANTS = 420;

const CELL_MINUTES = 15;

/** What chats and notifications need to know about a seeded meeting. */
export interface SeededMeeting {
  id: string;
  consultant: SeededConsultant;
  franchisor: SeededFranchisor;
  status: BookingStatus;
  startAt: Date;
  endAt: Date;
  durationMinutes: number;
  createdAt: Date;
  amountCents: number;
  markedAsCompletedAt: Date | null;
  declinedAt: Date | null;
  review: { rating: number; at: Date } | null;
  charge: { at: Date; paid: boolean } | null;
}

export { meetingAmountCents } from '../money/meeting-amount.ts';

/** The seed's name for the payments rule: fee rounded down, the consultant gets the rest. */
export function splitCharge(totalCents: number) {
  const { platformFeeCents, consultantShareCents } = splitPaymentCharge(totalCents);
  return { feeCents: platformFeeCents, consultantCents: consultantShareCents };
}

/** The weekly charge run (rule 10): Mondays 06:00 UTC, the first one at least an hour after completion. */
function nextWeeklyRun(after: Date): Date {
  const t = new Date(after.getTime() + HOUR_MS);
  const run = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), 6, 0, 0));
  const daysToMonday = (8 - run.getUTCDay()) % 7;
  run.setUTCDate(run.getUTCDate() + daysToMonday);
  if (run.getTime() < t.getTime()) run.setUTCDate(run.getUTCDate() + 7);
  return run;
}

const DAY_RANGES: Record<BookingStatus, { min: number; max: number }> = {
  future: { min: 1, max: 60 },
  pending: { min: -14, max: -1 },
  completed: { min: -91, max: -1 },
  declined: { min: -91, max: 45 },
};

/**
 * Meetings over the past three months and the next two, relative to `now` (rules 3 and 8): future ones
 * after `now`, pending and completed ones already over, declined ones on both sides. Meetings sit in
 * the consultant's weekly hours and never overlap for a consultant or a franchisor; future and
 * pending ones hold their 15-minute cells in `meeting_slot`. Completed meetings are charged in the
 * weekly run before `now` (balanced ledger entries) and often reviewed.
 */
export function buildMeetings(
  data: DemoData,
  ctx: {
    now: Date;
    consultants: SeededConsultant[];
    franchisors: SeededFranchisor[];
    demoConsultantId: string;
    demoFranchisorId: string;
  },
): SeededMeeting[] {
  const faker = seededFaker(3);
  const now = ctx.now.getTime();
  const cells = new Map<string, Set<number>>();
  const meetings: SeededMeeting[] = [];

  const cellsOf = (userId: string) => {
    let set = cells.get(userId);
    if (!set) {
      set = new Set();
      cells.set(userId, set);
    }
    return set;
  };

  function place(
    consultant: SeededConsultant,
    franchisor: SeededFranchisor,
    status: BookingStatus,
  ): SeededMeeting | null {
    const range =
      status === 'declined' && faker.datatype.boolean({ probability: 0.7 })
        ? { min: DAY_RANGES.declined.min, max: -1 }
        : DAY_RANGES[status];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const day = zonedDay(consultant.zone, ctx.now, faker.number.int(range));
      const windows = consultant.windows.filter((w) => w.weekday === day.weekday);
      if (windows.length === 0) continue;
      const window = faker.helpers.arrayElement(windows);
      const length = faker.helpers.arrayElement(consultant.meetingLengths);
      const steps = Math.floor((window.endMinute - window.startMinute - length) / 30);
      if (steps < 0) continue;
      const startAt = zonedInstant(
        consultant.zone,
        day,
        window.startMinute + faker.number.int({ min: 0, max: steps }) * 30,
      );
      const endAt = new Date(startAt.getTime() + length * MINUTE_MS);
      const upcoming = startAt.getTime() > now;
      // Never in progress at `now`; future ones ahead, pending and completed ones over.
      if (upcoming !== endAt.getTime() > now) continue;
      if (status === 'future' && !upcoming) continue;
      if ((status === 'pending' || status === 'completed') && upcoming) continue;
      const first = startAt.getTime() / MINUTE_MS;
      const own = Array.from({ length: length / CELL_MINUTES }, (_, k) => first + k * CELL_MINUTES);
      const mine = cellsOf(consultant.id);
      const theirs = cellsOf(franchisor.id);
      if (own.some((c) => mine.has(c) || theirs.has(c))) continue;
      for (const c of own) {
        mine.add(c);
        theirs.add(c);
      }
      return finish(consultant, franchisor, status, startAt, endAt, length, own);
    }
    return null;
  }

  function finish(
    consultant: SeededConsultant,
    franchisor: SeededFranchisor,
    status: BookingStatus,
    startAt: Date,
    endAt: Date,
    durationMinutes: number,
    ownCells: number[],
  ): SeededMeeting {
    const n = meetings.length;
    const id = seedId('meeting', n);
    const inFuture = startAt.getTime() > now;
    const createdAt = inFuture
      ? new Date(now - faker.number.int({ min: 1, max: 480 }) * HOUR_MS)
      : new Date(startAt.getTime() - faker.number.int({ min: 20, max: 500 }) * HOUR_MS);
    const amountCents = meetingAmountCents(durationMinutes, consultant.rateCents);
    let markedAsCompletedAt: Date | null = null;
    let declinedAt: Date | null = null;
    let review: SeededMeeting['review'] = null;
    let charge: SeededMeeting['charge'] = null;
    if (status === 'completed') {
      markedAsCompletedAt = new Date(
        Math.min(
          endAt.getTime() + faker.number.int({ min: 5, max: 2_160 }) * MINUTE_MS,
          now - MINUTE_MS,
        ),
      );
      const run = nextWeeklyRun(markedAsCompletedAt);
      const failed = faker.datatype.boolean({ probability: 0.04 });
      if (run.getTime() <= now) charge = { at: run, paid: !failed };
      if (faker.datatype.boolean({ probability: 0.7 })) {
        const rating = faker.helpers.weightedArrayElement([
          { weight: 50, value: 5 },
          { weight: 30, value: 4 },
          { weight: 12, value: 3 },
          { weight: 5, value: 2 },
          { weight: 3, value: 1 },
        ] as const);
        const at = new Date(
          Math.min(
            markedAsCompletedAt.getTime() + faker.number.int({ min: 1, max: 72 }) * HOUR_MS,
            now - MINUTE_MS,
          ),
        );
        review = { rating, at };
        data.review.push({
          id: seedId('review', id),
          meetingId: id,
          authorId: franchisor.id,
          consultantId: consultant.id,
          rating,
          comment: faker.helpers.arrayElement(REVIEW_COMMENTS[rating]),
          createdAt: at,
        });
      }
    } else if (status === 'declined') {
      const latest = Math.min(startAt.getTime(), now) - MINUTE_MS;
      declinedAt = new Date(
        Math.max(
          createdAt.getTime() + MINUTE_MS,
          latest - faker.number.int({ min: 0, max: 72 }) * HOUR_MS,
        ),
      );
    }
    const paid = charge?.paid === true;
    const updatedAt = charge?.at ?? markedAsCompletedAt ?? declinedAt ?? createdAt;
    data.meeting.push({
      id,
      consultantId: consultant.id,
      franchisorId: franchisor.id,
      franchiseId: franchisor.franchiseId,
      startAt,
      endAt,
      timeZone: franchisor.zone,
      durationMinutes,
      status,
      rateCents: consultant.rateCents,
      paidAmountCents: paid ? amountCents : 0,
      isPaid: paid,
      markedAsCompletedAt,
      declinedAt,
      createdAt,
      updatedAt,
    });
    if (status === 'future' || status === 'pending') {
      for (const cellStart of ownCells)
        data.meetingSlot.push({ consultantId: consultant.id, cellStart, meetingId: id });
    }
    // Holds are not placed by the seed: a seeded meeting is charged on the franchise's saved card.
    const paymentId = seedId('payment', id);
    data.payment.push({
      id: paymentId,
      meetingId: id,
      franchiseId: franchisor.franchiseId,
      consultantId: consultant.id,
      amountCents,
      status: status === 'future' ? 'pending' : status,
      isPaid: paid,
      chargedAt: paid ? (charge?.at ?? null) : null,
      failureCode: charge && !charge.paid ? 'card_declined' : null,
      createdAt,
      updatedAt,
    });
    if (paid && charge)
      addCaptureToLedger(data, {
        meetingId: id,
        paymentId,
        franchisor,
        consultant,
        amountCents,
        at: charge.at,
      });
    const meeting: SeededMeeting = {
      id,
      consultant,
      franchisor,
      status,
      startAt,
      endAt,
      durationMinutes,
      createdAt,
      amountCents,
      markedAsCompletedAt,
      declinedAt,
      review,
      charge,
    };
    meetings.push(meeting);
    return meeting;
  }

  const pick = <T>(f: Faker, list: T[]) => f.helpers.arrayElement(list);
  const canBook = ctx.franchisors.filter((f) => f.canBook && f.id !== ctx.demoFranchisorId);
  const bookedBefore = ctx.franchisors.filter(
    (f) => f.bookedBefore && f.id !== ctx.demoFranchisorId,
  );
  const franchisorFor = (status: BookingStatus) =>
    pick(faker, status === 'future' || status === 'pending' ? canBook : bookedBefore);
  const demoConsultant = ctx.consultants.find((c) => c.id === ctx.demoConsultantId);
  const demoFranchisor = ctx.franchisors.find((f) => f.id === ctx.demoFranchisorId);
  if (!demoConsultant || !demoFranchisor) throw new Error('demo accounts missing from the seed');
  const others = ctx.consultants.filter((c) => c.bookable && c.id !== ctx.demoConsultantId);

  // The demo pair first, so that their calendars are the fullest and most varied.
  const plan: [SeededConsultant, SeededFranchisor, BookingStatus, number][] = [
    [demoConsultant, demoFranchisor, 'completed', 6],
    [demoConsultant, demoFranchisor, 'pending', 2],
    [demoConsultant, demoFranchisor, 'future', 3],
    [demoConsultant, demoFranchisor, 'declined', 1],
  ];
  for (const [consultant, franchisor, status, count] of plan) {
    for (let k = 0; k < count; k += 1) place(consultant, franchisor, status);
  }
  const demoConsultantExtra: [BookingStatus, number][] = [
    ['completed', 12],
    ['pending', 3],
    ['future', 5],
    ['declined', 2],
  ];
  for (const [status, count] of demoConsultantExtra) {
    for (let k = 0; k < count; k += 1) place(demoConsultant, franchisorFor(status), status);
  }
  const demoFranchisorExtra: [BookingStatus, number][] = [
    ['completed', 8],
    ['pending', 2],
    ['future', 5],
    ['declined', 2],
  ];
  for (const [status, count] of demoFranchisorExtra) {
    for (let k = 0; k < count; k += 1) place(pick(faker, others), demoFranchisor, status);
  }

  for (const consultant of faker.helpers.arrayElements(others, BUSY_CONSULTANTS)) {
    const count = faker.number.int({ min: 1, max: 9 });
    for (let k = 0; k < count; k += 1) {
      const status = faker.helpers.weightedArrayElement([
        { weight: 25, value: 'future' as const },
        { weight: 50, value: 'completed' as const },
        { weight: 12, value: 'pending' as const },
        { weight: 13, value: 'declined' as const },
      ]);
      place(consultant, franchisorFor(status), status);
    }
  }
  return meetings;
}

/**
 * A capture in the double-entry ledger. Sign convention: debits positive, credits negative, and the
 * entries of one transaction sum to zero — the franchise's card is debited the total, the platform's
 * revenue credited its 20 % fee (rounded down to the cent) and the consultant's payable the rest.
 */
function addCaptureToLedger(
  data: DemoData,
  c: {
    meetingId: string;
    paymentId: string;
    franchisor: SeededFranchisor;
    consultant: SeededConsultant;
    amountCents: number;
    at: Date;
  },
) {
  const transactionId = seedId('ledger-transaction', c.meetingId);
  const { feeCents, consultantCents } = splitCharge(c.amountCents);
  data.ledgerTransaction.push({
    id: transactionId,
    kind: 'capture',
    idempotencyKey: `capture:${c.meetingId}`,
    meetingId: c.meetingId,
    franchiseId: c.franchisor.franchiseId,
    consultantId: c.consultant.id,
    providerReference: `ledger_ch_${c.paymentId.slice(0, 8)}`,
    createdAt: c.at,
  });
  const entries: [string, number][] = [
    [`franchise:${c.franchisor.franchiseId}:card`, c.amountCents],
    ['platform:revenue', -feeCents],
    [`consultant:${c.consultant.id}:payable`, -consultantCents],
  ];
  entries.forEach(([account, amountCents], k) => {
    data.ledgerEntry.push({
      id: seedId('ledger-entry', `${transactionId}:${k}`),
      transactionId,
      account,
      amountCents,
    });
  });
}
