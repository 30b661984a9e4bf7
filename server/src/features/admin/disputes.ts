import {
  AdminDisputeDecisionInputSchema,
  type AdminDisputeDetail,
  AdminDisputeListQuerySchema,
  type AdminDisputeRow,
  AdminDisputesDownloadQuerySchema,
  DISPUTE_CSV_COLUMNS,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
  type DisputeReason,
  type DisputeTimelineEvent,
} from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import { csvDollars, csvFile, csvTable } from '../../csv/csv-file.ts';
import type { Db } from '../../db/client.ts';
import { consultantUser, franchisorUser } from '../../db/party-users.ts';
import {
  chat,
  dispute,
  franchise,
  ledgerTransaction,
  meeting,
  message,
  payment,
  rescheduleRequest,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { formatUsd } from '../../payments/money-rules.ts';
import { startLabel } from '../../payments/payment-rows.ts';
import type { DisputeService } from '../disputes/service.ts';
import { presenceSummary } from '../meeting-room/presence-log.ts';
import { pairKeyOf } from '../messaging/chat-repository.ts';
import { dateRange, offsetOf, searchAny } from './filters.ts';

type ListQuery = Omit<v.InferOutput<typeof AdminDisputeListQuerySchema>, 'page' | 'limit'>;
const DAY_MS = 86_400_000;
/** How long before the booking the chat between the two sides belongs to the meeting's story. */
const CHAT_BEFORE_BOOKING_MS = 7 * DAY_MS;

function disputeWhere(q: ListQuery): SQL | undefined {
  return and(
    ...(q.status ? [eq(dispute.status, q.status)] : []),
    ...searchAny(q.search, [
      consultantUser.firstName,
      consultantUser.lastName,
      consultantUser.email,
      franchisorUser.firstName,
      franchisorUser.lastName,
      franchisorUser.email,
      franchise.company,
    ]),
    ...dateRange(dispute.createdAt, q),
  );
}

const selectDisputes = (db: Db) =>
  db
    .select({
      dispute,
      chargedCents: payment.amountCents,
      chargedAt: payment.chargedAt,
      company: franchise.company,
      consultant: {
        id: consultantUser.id,
        firstName: consultantUser.firstName,
        lastName: consultantUser.lastName,
      },
      franchisor: {
        id: franchisorUser.id,
        firstName: franchisorUser.firstName,
        lastName: franchisorUser.lastName,
      },
    })
    .from(dispute)
    .innerJoin(payment, eq(payment.id, dispute.paymentId))
    .innerJoin(consultantUser, eq(consultantUser.id, dispute.consultantId))
    .innerJoin(franchisorUser, eq(franchisorUser.id, dispute.franchisorId))
    .leftJoin(franchise, eq(franchise.id, dispute.franchiseId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectDisputes>['all']>>[number];
/** Newest first: the list's order, which its CSV keeps (rule 17). */
const disputesOrder = [desc(dispute.createdAt), asc(dispute.id)] as const;

const toRow = (r: Joined): AdminDisputeRow => ({
  id: r.dispute.id,
  meetingId: r.dispute.meetingId,
  status: r.dispute.status,
  reason: r.dispute.reason as DisputeReason,
  franchise:
    r.dispute.franchiseId && r.company !== null
      ? { id: r.dispute.franchiseId, company: r.company }
      : null,
  franchisor: r.franchisor,
  consultant: r.consultant,
  chargedCents: r.chargedCents,
  refundCents: r.dispute.refundCents ?? 0,
  chargedAt: r.chargedAt?.toISOString() ?? null,
  createdAt: r.dispute.createdAt.toISOString(),
});

/** The zone an admin chose to read times in, if any. */
async function readerZoneOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ timeZone: user.timeZone })
    .from(user)
    .where(eq(user.id, userId))
    .get();
  return row?.timeZone ?? null;
}

const nameOf = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/**
 * The meeting's whole life around a dispute, oldest first: the booking, its reschedules, the
 * room's presence, the chat between the two sides from a week before the booking on, the money
 * the ledger moved, the dispute, its replies and its decision.
 */
async function timelineOf(
  db: Db,
  r: Joined,
  m: typeof meeting.$inferSelect | undefined,
  detail: Awaited<ReturnType<DisputeService['toDispute']>>,
  presence: AdminDisputeDetail['presence'],
  /** The reading admin's zone (rule 20), else the meeting's; named after each time. */
  readerZone: string | null,
): Promise<DisputeTimelineEvent[]> {
  const d = r.dispute;
  const zone = readerZone ?? m?.timeZone ?? 'UTC';
  const when = (at: Date) => `${startLabel(at, zone)} (${zone.replace(/_/g, ' ')})`;
  const names = new Map([
    [r.consultant.id, nameOf(r.consultant)],
    [r.franchisor.id, nameOf(r.franchisor)],
  ]);
  const events: DisputeTimelineEvent[] = [];
  const add = (at: Date, kind: DisputeTimelineEvent['kind'], actor: string | null, text: string) =>
    events.push({ at: at.toISOString(), kind, actor, text });
  if (m) {
    add(
      m.createdAt,
      'booked',
      names.get(m.franchisorId) ?? null,
      `Booked for ${when(m.startAt)}, ${m.durationMinutes} minutes`,
    );
    const moves = await db
      .select()
      .from(rescheduleRequest)
      .where(eq(rescheduleRequest.meetingId, m.id))
      .orderBy(asc(rescheduleRequest.createdAt));
    for (const move of moves) {
      add(
        move.createdAt,
        'reschedule',
        names.get(move.proposedById) ?? null,
        `Proposed a new time: ${move.starts.map((at) => when(new Date(at))).join('; ')}`,
      );
      if (move.decidedAt && move.status !== 'open') {
        add(
          move.decidedAt,
          'reschedule',
          move.decidedById ? (names.get(move.decidedById) ?? null) : null,
          move.status === 'accepted' && move.acceptedStart
            ? `Accepted the move to ${when(move.acceptedStart)}`
            : `The proposal was ${move.status}`,
        );
      }
    }
    const room = await db
      .select({ id: chat.id })
      .from(chat)
      .where(eq(chat.pairKey, pairKeyOf(m.consultantId, m.franchisorId)))
      .get();
    if (room) {
      const said = await db
        .select({ senderId: message.senderId, body: message.body, createdAt: message.createdAt })
        .from(message)
        .where(
          and(
            eq(message.chatId, room.id),
            gte(message.createdAt, new Date(m.createdAt.getTime() - CHAT_BEFORE_BOOKING_MS)),
          ),
        )
        .orderBy(asc(message.createdAt))
        .limit(200);
      for (const s of said) add(s.createdAt, 'message', names.get(s.senderId) ?? null, s.body);
    }
  }
  for (const interval of presence?.intervals ?? []) {
    add(
      new Date(interval.joinedAt),
      'presence',
      interval.name,
      interval.leftAt
        ? `In the room until ${when(new Date(interval.leftAt))} (${interval.endedBy})`
        : 'In the room (still there)',
    );
  }
  const moneyKey = d.meetingId ?? d.paymentId;
  const moves = await db
    .select({
      kind: ledgerTransaction.kind,
      createdAt: ledgerTransaction.createdAt,
      key: ledgerTransaction.idempotencyKey,
    })
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.meetingId, moneyKey),
        inArray(ledgerTransaction.kind, ['capture', 'refund', 'declined_fee']),
      ),
    )
    .orderBy(asc(ledgerTransaction.createdAt));
  for (const move of moves) {
    if (move.kind === 'capture') {
      add(move.createdAt, 'charge', null, `Charged ${formatUsd(r.chargedCents)}`);
    } else if (move.kind === 'refund') {
      add(move.createdAt, 'refund', null, `Refunded ${formatUsd(d.refundCents ?? 0)}`);
    } else {
      add(move.createdAt, 'charge', null, 'The card was declined (declined-card fee)');
    }
  }
  add(
    d.createdAt,
    'dispute',
    names.get(d.franchisorId) ?? null,
    `Disputed: ${DISPUTE_REASON_LABELS[d.reason as DisputeReason]}. ${d.text}`,
  );
  for (const reply of detail.messages) {
    add(new Date(reply.createdAt), 'reply', reply.authorName, reply.body);
  }
  if (d.decidedAt && d.status !== 'open') {
    const admin = d.decidedById
      ? await db
          .select({ firstName: user.firstName, lastName: user.lastName })
          .from(user)
          .where(eq(user.id, d.decidedById))
          .get()
      : undefined;
    add(
      d.decidedAt,
      'decision',
      admin ? nameOf(admin) : null,
      `${DISPUTE_STATUS_LABELS[d.status]}${d.decisionNote ? `: ${d.decisionNote}` : ''}`,
    );
  }
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * `/api/admin/disputes` (rule 20): the list with its filters, its CSV (rule 17), one dispute with
 * the meeting's whole life, and the admin's decision. Admins only.
 */
export function adminDisputeRoutes(deps: { db: Db; now: () => Date; disputes: DisputeService }) {
  const { db, now, disputes } = deps;
  return new Hono<AppEnv>()
    .use('*', requireRole('admin'))
    .get('/', validate('query', AdminDisputeListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const where = disputeWhere(q);
      const [rows, [total]] = await Promise.all([
        selectDisputes(db)
          .where(where)
          .orderBy(...disputesOrder)
          .limit(q.limit)
          .offset(offsetOf(q)),
        db
          .select({ n: count() })
          .from(dispute)
          .innerJoin(consultantUser, eq(consultantUser.id, dispute.consultantId))
          .innerJoin(franchisorUser, eq(franchisorUser.id, dispute.franchisorId))
          .leftJoin(franchise, eq(franchise.id, dispute.franchiseId))
          .where(where),
      ]);
      return c.json({
        disputes: rows.map(toRow),
        total: total?.n ?? 0,
        page: q.page,
        limit: q.limit,
      });
    })
    .get('/download', validate('query', AdminDisputesDownloadQuerySchema), async (c) => {
      const rows = await selectDisputes(db)
        .where(disputeWhere(c.req.valid('query')))
        .orderBy(...disputesOrder);
      const csv = csvTable(
        DISPUTE_CSV_COLUMNS,
        rows.map((r) => ({
          id: r.dispute.id,
          openedAt: r.dispute.createdAt,
          status: DISPUTE_STATUS_LABELS[r.dispute.status],
          reason: DISPUTE_REASON_LABELS[r.dispute.reason as DisputeReason],
          franchise: r.company,
          franchisor: nameOf(r.franchisor),
          consultant: nameOf(r.consultant),
          charged: csvDollars(r.chargedCents),
          refunded: csvDollars(r.dispute.refundCents ?? 0),
          decidedAt: r.dispute.decidedAt,
        })),
      );
      return c.json(csvFile('disputes', csv, now()));
    })
    .get('/:id', async (c) => {
      const [r] = await selectDisputes(db)
        .where(eq(dispute.id, c.req.param('id')))
        .limit(1);
      if (!r) throw new AppError('NOT_FOUND');
      const m = r.dispute.meetingId
        ? await db.select().from(meeting).where(eq(meeting.id, r.dispute.meetingId)).get()
        : undefined;
      const detail = await disputes.toDispute(r.dispute);
      const presence = m ? await presenceSummary(db, m, now()) : null;
      const answer: AdminDisputeDetail = {
        ...toRow(r),
        text: r.dispute.text,
        decisionNote: r.dispute.decisionNote,
        decidedAt: r.dispute.decidedAt?.toISOString() ?? null,
        meetingStart: m?.startAt.toISOString() ?? null,
        timeline: await timelineOf(
          db,
          r,
          m,
          detail,
          presence,
          await readerZoneOf(db, requireUser(c).id),
        ),
        presence,
      };
      return c.json(answer);
    })
    .post('/:id/decision', validate('json', AdminDisputeDecisionInputSchema), async (c) =>
      c.json(await disputes.decide(requireUser(c), c.req.param('id'), c.req.valid('json'))),
    );
}
