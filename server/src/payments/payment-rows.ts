import { TZDate } from '@date-fns/tz';
import { DATE_TIME_FORMAT } from '@fm/sdk/contracts';
import { format } from 'date-fns';
import { and, count, eq, like, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { consultantUser, franchisorUser } from '../db/party-users.ts';
import { franchise, ledgerEntry, ledgerTransaction, meeting, payment } from '../db/schema/index.ts';
import { ACCOUNTS, LEDGER_KEYS } from './ledger.ts';

export type PaymentRowData = typeof payment.$inferSelect;
export type MeetingRowData = typeof meeting.$inferSelect;

/** A payment with its meeting (gone when a franchisor cancelled it) and who it concerns. */
export interface PaymentContextRow {
  payment: PaymentRowData;
  meeting: MeetingRowData | null;
  franchiseId: string | null;
  franchisorId: string | null;
  consultantName: string;
  franchiseName: string;
  startAt: Date | null;
  timeZone: string;
}

/**
 * The key the ledger files a payment's movements under: its meeting (the seed's `capture:{meetingId}`
 * convention), or the payment itself once the meeting is gone. Payments created here share their
 * meeting's id, so the two are the same.
 */
export const moneyKey = (p: Pick<PaymentRowData, 'id' | 'meetingId'>): string =>
  p.meetingId ?? p.id;

/** Loads a payment by its id or its meeting's id. */
export async function loadPayment(
  executor: Db | Tx,
  idOrMeetingId: string,
): Promise<PaymentContextRow | null> {
  const rows = await executor
    .select({
      payment,
      meeting,
      franchiseCompany: franchise.company,
      consultantFirst: consultantUser.firstName,
      consultantLast: consultantUser.lastName,
      franchisorFranchiseId: franchisorUser.franchiseId,
    })
    .from(payment)
    .leftJoin(meeting, eq(meeting.id, payment.meetingId))
    .leftJoin(franchise, eq(franchise.id, payment.franchiseId))
    .leftJoin(consultantUser, eq(consultantUser.id, payment.consultantId))
    .leftJoin(franchisorUser, eq(franchisorUser.id, meeting.franchisorId))
    .where(or(eq(payment.id, idOrMeetingId), eq(payment.meetingId, idOrMeetingId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const m = row.meeting;
  return {
    payment: row.payment,
    meeting: m,
    franchiseId: row.payment.franchiseId ?? m?.franchiseId ?? row.franchisorFranchiseId ?? null,
    franchisorId: m?.franchisorId ?? null,
    consultantName:
      `${row.consultantFirst ?? ''} ${row.consultantLast ?? ''}`.trim() || 'your consultant',
    franchiseName: row.franchiseCompany || 'The franchisor',
    startAt: m?.startAt ?? row.payment.startAt,
    timeZone: m?.timeZone ?? 'UTC',
  };
}

/** A meeting's start as people read it (user-area §9), in the zone it was booked in. */
export function startLabel(startAt: Date | null, timeZone: string): string {
  if (!startAt) return 'an earlier date';
  try {
    return format(new TZDate(startAt.getTime(), timeZone), DATE_TIME_FORMAT);
  } catch {
    return format(new TZDate(startAt.getTime(), 'UTC'), DATE_TIME_FORMAT);
  }
}

/**
 * The ledger's postings of a payment's holds and releases, the way the provider makes them: the
 * first hold under `hold:{key}` and its release under `release:{key}`; a hold placed again after a
 * release (a moved meeting whose hold lapsed) under `hold:{key}:{n}`, and its release under
 * `release:{key}:{n}`, n counting from 1.
 */
const cycleKey = (first: string, n: number) => (n === 0 ? first : `${first}:${n}`);

/** Every posting of the payment's holds (`hold`) or releases (`release`), any cycle. */
const cyclesOf = (kind: 'hold' | 'release', key: string) => {
  const first = LEDGER_KEYS[kind](key);
  return or(
    eq(ledgerTransaction.idempotencyKey, first),
    like(ledgerTransaction.idempotencyKey, `${first}:%`),
  );
};

async function postedCount(executor: Db | Tx, kind: 'hold' | 'release', key: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(ledgerTransaction)
    .where(cyclesOf(kind, key));
  return row?.n ?? 0;
}

/**
 * The key a new hold of the payment posts under: the next cycle after the releases posted. With
 * no release posted it is the first hold's key, so a hold already posted is never posted again.
 */
export async function holdPostingKey(executor: Db | Tx, key: string): Promise<string> {
  return cycleKey(LEDGER_KEYS.hold(key), await postedCount(executor, 'release', key));
}

/**
 * The key the release of the payment's latest hold posts under (the same for every caller that
 * releases that hold, so a release is posted once).
 */
export async function releasePostingKey(executor: Db | Tx, key: string): Promise<string> {
  const holds = await postedCount(executor, 'hold', key);
  return cycleKey(LEDGER_KEYS.release(key), Math.max(holds - 1, 0));
}

/** What is held for a payment right now, derived from its holds and releases in the ledger. */
export async function heldCents(
  executor: Db | Tx,
  key: string,
  franchiseId: string,
): Promise<number> {
  const rows = await executor
    .select({ amount: ledgerEntry.amountCents })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(
      and(
        or(cyclesOf('hold', key), cyclesOf('release', key)),
        eq(ledgerEntry.account, ACCOUNTS.franchiseHold(franchiseId)),
      ),
    );
  return rows.reduce((sum, r) => sum + r.amount, 0);
}
