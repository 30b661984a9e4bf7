import { LATE_RESCHEDULE_RULES, type LateCancellationDecision } from '@fm/sdk/contracts';
import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { BatchStatement, Db, Tx } from '../db/client.ts';
import { meeting, payment, rescheduleRequest, user } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { billingContactOf, defaultCard, ensureCustomer, franchiseIdOf } from './billing.ts';
import type { Charges } from './charges.ts';
import type { PaymentsContext } from './context.ts';
import { firstPostingStatements, holdLines, LEDGER_KEYS, post, releaseLines } from './ledger.ts';
import {
  formatUsd,
  holdExpiry,
  holdPlan,
  isHoldUsable,
  isLateCancellation,
  meetingAmountCents,
} from './money-rules.ts';
import { notifyUsers, recordNotice } from './notify.ts';
import {
  heldCents,
  holdPostingKey,
  loadPayment,
  moneyKey,
  type PaymentContextRow,
  releasePostingKey,
  startLabel,
} from './payment-rows.ts';
import { loadEach, paymentIdsWhere, tallyRun } from './payment-runs.ts';
import {
  type Hold,
  type IntentSnapshot,
  isPaymentDeclined,
  type PaymentDeclinedError,
} from './provider.ts';
import { type AttemptRow, createProviderAttempts } from './provider-attempts.ts';

/** What the money side needs to know about a meeting. */
export interface MeetingMoneyRef {
  id: string;
  consultantId: string;
  franchisorId: string;
  franchiseId: string | null;
  startAt: Date;
  durationMinutes: number;
  rateCents: number;
}

/** The booking's transaction and clock, when a hook runs inside a booking change. */
export interface SeamContext {
  tx?: Tx | undefined;
  now?: Date | undefined;
  /**
   * Inside `tx`: where the ids of notifications written in it go, for the caller to push once it
   * has committed (a notice written in the transaction commits or rolls back with it).
   */
  notificationIds?: string[] | undefined;
  /** What `prepareBooked` decided before the transaction (booking only). */
  prepared?: PreparedBooking | undefined;
}

/** A booking's money decided before its transaction; `abandon` undoes it when no meeting came of it. */
export interface PreparedBooking {
  readonly meetingId: string;
  abandon(): Promise<void>;
}

/** What the provider said about a booking: the hold placed, or none (a later hold, or free). */
interface BookingMoney {
  meetingId: string;
  franchiseId: string;
  amountCents: number;
  plan: ReturnType<typeof holdPlan>;
  hold: Hold | null;
}

/**
 * The booking feature's seam (`features/booking/meeting-payments.ts`, same shape). A booking first
 * calls `prepareBooked` outside any transaction (the provider's hold or card check; it throws 402
 * PAYMENT_DECLINED for a declined card and 422 RULE_VIOLATION without a card), then `onBooked` inside
 * its transaction, which only writes. The other hooks run inside the transaction of their change;
 * every database write goes through it, so a refused change leaves nothing behind; no provider
 * call runs inside it: the release of a hold is recorded there and made by `settle` after the
 * commit. `onCancelled` runs before the meeting row is deleted: it deletes the payment (hold released)
 * or, for a late cancellation, keeps it for the consultant's decision (the foreign key detaches it).
 */
export interface MeetingPayments {
  prepareBooked(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<PreparedBooking>;
  onBooked(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  /** `onBooked` as statements for the booking's own batch (with what `prepareBooked` decided). */
  bookedStatements(
    meeting: MeetingMoneyRef,
    ctx: { prepared: PreparedBooking; now: Date },
  ): BatchStatement[];
  onCancelled(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  onDeclined(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  onCompleted(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  /** Rule 20: the meeting moved; the payment follows (see `onMoved` below). */
  onMoved(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  /** Rule 20 after a late cancellation: the payment carries on with the new meeting. */
  onLateRescheduled(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  /** After a move committed: its release, and the new hold when due now. */
  afterMoved(meetingId: string): Promise<void>;
  /** After a cancel, decline or no-show committed: the provider's release (never throws). */
  settle(meetingId: string): Promise<void>;
}

const NO_CARD_MESSAGE = 'Add a payment method before booking a meeting';
const SETTLED_MESSAGE = LATE_RESCHEDULE_RULES.settled;

/** The provider's key of a hold's release (and its `provider_attempt` row). */
export const releaseKey = (key: string) => `release:${key}`;

/** The provider's key of the n-th hold attempt; the ledger's `hold:{meetingId}` is once per meeting. */
export const holdKey = (key: string, attempt: number) => `hold:${key}:${attempt}`;

/**
 * The release of a hold that was asked for but never recorded on its payment (the answer was lost,
 * or the meeting went meanwhile): keyed by the hold attempt it gives back (decision 016).
 */
export const orphanReleaseKey = (holdAttemptKey: string) => `release:${holdAttemptKey}`;

/** How long a hold call may still be on its way: an attempt younger than this may be in flight. */
const IN_FLIGHT_MS = 10 * 60_000;

/** Test seams of the hold job: a hook that throws or hangs there is a process dying at the worst moment. */
export interface HoldHooks {
  /** After the provider placed a hold, before it is recorded. */
  afterProviderCall?: (paymentId: string) => void | Promise<void>;
}

/** What earlier hold calls for a payment left at the provider. */
type EarlierHold =
  | { kind: 'held'; intentId: string; expiresAt: Date; attemptKey: string; attempt: number }
  | { kind: 'declined'; failure: PaymentDeclinedError }
  | { kind: 'waiting' }
  | { kind: 'none'; attempt: number };

async function franchiseFor(executor: Db | Tx, m: MeetingMoneyRef): Promise<string | null> {
  return m.franchiseId ?? (await franchiseIdOf(executor, m.franchisorId));
}

/**
 * Meeting money (rule 10): the hold at booking (or 48 h before a meeting booked further out), release on
 * cancel and decline, the consultant's choice after a late cancellation, the amount fixed at
 * completion (charged by the weekly run), and the job that places due holds.
 */
export function createMeetingPayments(ctx: PaymentsContext, charges: Charges) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);
  /** Prepared bookings waiting for their transaction (held weakly: a dropped handle goes). */
  const prepared = new WeakMap<PreparedBooking, BookingMoney>();

  /**
   * The provider's part of a booking: the franchise's default card, the customer, and either the
   * hold (a meeting within rule 10's window) or a check that the card can be charged later. Throws 402
   * for a declined card and 422 without a card. Reads and the customer id go through `executor`.
   */
  async function decideBooked(
    executor: Db | Tx,
    m: MeetingMoneyRef,
    now: Date,
  ): Promise<BookingMoney> {
    const franchiseId = await franchiseFor(executor, m);
    const card = franchiseId ? await defaultCard(executor, franchiseId) : null;
    if (!franchiseId || !card) throw new AppError('RULE_VIOLATION', { message: NO_CARD_MESSAGE });
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    const plan = holdPlan(m.startAt, now);
    const customerId = await ensureCustomerVia(executor, franchiseId);
    try {
      if (amountCents > 0 && plan.at === 'booking') {
        const idempotencyKey = holdKey(m.id, 0);
        const hold = await ctx.provider
          .authorize({
            customerId,
            providerMethodId: card.providerMethodId,
            amountCents,
            idempotencyKey,
            description: `Hold for a meeting on ${m.startAt.toISOString()}`,
            metadata: { kind: 'meeting_hold', paymentId: m.id, meetingKey: m.id },
          })
          .catch(async (error: unknown) => {
            // Not a decline: the provider may have placed the hold without our hearing of it. The
            // booking fails, so the call is recorded now (only now: a refused booking writes
            // nothing) and the hourly job finds that hold by its key and gives it back.
            if (!isPaymentDeclined(error) && executor === db) {
              await attempts
                .begin({
                  key: idempotencyKey,
                  kind: 'hold',
                  subjectId: m.id,
                  ownerId: customerId,
                  amountCents,
                })
                .catch(() => undefined);
            }
            throw error;
          });
        return { meetingId: m.id, franchiseId, amountCents, plan, hold };
      }
      if (amountCents > 0) {
        await ctx.provider.verifyMethod({
          customerId,
          providerMethodId: card.providerMethodId,
          idempotencyKey: `verify:${m.id}`,
        });
      }
      return { meetingId: m.id, franchiseId, amountCents, plan, hold: null };
    } catch (error) {
      if (isPaymentDeclined(error)) throw error.toAppError();
      throw error;
    }
  }

  /** The database's part of a booking: the payment row, and the hold in the ledger (if placed). */
  function bookedRecords(m: MeetingMoneyRef, money: BookingMoney, now: Date) {
    const { franchiseId, amountCents, plan, hold } = money;
    const base = {
      id: m.id,
      meetingId: m.id,
      franchiseId,
      consultantId: m.consultantId,
      franchisorId: m.franchisorId,
      durationMinutes: m.durationMinutes,
      amountCents,
      status: 'pending' as const,
      startAt: m.startAt,
    };
    if (!hold) {
      return {
        row: { ...base, holdDueAt: plan.at === 'later' ? plan.dueAt : null },
        posting: null,
      };
    }
    return {
      row: { ...base, holdId: hold.holdId, holdExpiresAt: hold.expiresAt, holdAttempts: 1 },
      posting: {
        kind: 'hold' as const,
        idempotencyKey: LEDGER_KEYS.hold(m.id),
        entries: holdLines(franchiseId, amountCents),
        meetingId: m.id,
        franchiseId,
        providerReference: hold.holdId,
        createdAt: now,
      },
    };
  }

  /** Writes {@link bookedRecords} through `executor` (one transaction, or the caller's). */
  async function recordBooked(
    executor: Db | Tx,
    m: MeetingMoneyRef,
    money: BookingMoney,
    now: Date,
  ): Promise<void> {
    const { row, posting } = bookedRecords(m, money, now);
    await executor.transaction(async (t) => {
      await t.insert(payment).values(row).onConflictDoNothing();
      if (posting) await post(t, posting);
    });
  }

  /**
   * In booking's batch: the statements that record what `prepareBooked` decided. The meeting is
   * new, so its hold is a first posting (a second one would fail the batch, never post twice).
   */
  function bookedStatements(m: MeetingMoneyRef, seam: { prepared: PreparedBooking; now: Date }) {
    const { row, posting } = bookedRecords(m, decidedFor(m, seam.prepared), seam.now);
    return [
      db.insert(payment).values(row).onConflictDoNothing(),
      ...(posting ? firstPostingStatements(db, posting) : []),
    ];
  }

  /**
   * Before booking's transaction: the provider calls of `decideBooked`, so that no network call
   * runs while the database's write lock is held. The answer goes back to `onBooked` in the
   * transaction; `abandon` gives a hold back when the booking did not happen (slot taken).
   */
  async function prepareBooked(
    m: MeetingMoneyRef,
    seam: SeamContext = {},
  ): Promise<PreparedBooking> {
    const money = await decideBooked(db, m, seam.now ?? ctx.now());
    const handle: PreparedBooking = {
      meetingId: m.id,
      abandon: async () => {
        prepared.delete(handle);
        const hold = money.hold;
        if (!hold) return;
        const key = `abandon:${m.id}`;
        await ctx.provider
          .release({ holdId: hold.holdId, idempotencyKey: key })
          .catch(async (error) => {
            // Recorded only when it did not go through, for the hourly job to make (or read back).
            await attempts.begin({
              key,
              kind: 'release',
              subjectId: m.id,
              intentId: hold.holdId,
              amountCents: money.amountCents,
            });
            throw error;
          });
      },
    };
    prepared.set(handle, money);
    return handle;
  }

  /** In booking's transaction: records what `prepareBooked` decided (or decides now, without it). */
  async function onBooked(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const now = seam.now ?? ctx.now();
    const decided = seam.prepared
      ? decidedFor(m, seam.prepared)
      : await decideBooked(executor, m, now);
    await recordBooked(executor, m, decided, now);
  }

  /** What `prepareBooked` decided for `m`; a handle prepared for another meeting is a bug. */
  function decidedFor(m: MeetingMoneyRef, handle: PreparedBooking): BookingMoney {
    const decided = prepared.get(handle);
    if (decided?.meetingId !== m.id) {
      throw new Error(`prepared booking ${handle.meetingId} used for meeting ${m.id}`);
    }
    return decided;
  }

  /** `ensureCustomer` writes through the booking's transaction when there is one. */
  async function ensureCustomerVia(executor: Db | Tx, franchiseId: string): Promise<string> {
    return ensureCustomer({ ...ctx, db: executor as Db }, franchiseId);
  }

  /**
   * Gives a hold back: the ledger's release, `then` on the payment row and the record of the
   * provider's release in one transaction (the booking change's own, when there is one); the
   * provider is called after the commit (decision 016) — by `settle`, which the change calls once
   * it has committed, or at once when there is no outer transaction. A hold asked for whose answer
   * was never recorded (a crash, a lost connection) is given back too: its release is recorded by
   * the hold attempt's key and the hold found at the provider by it. A release recorded but never
   * made is made by the hourly job.
   */
  async function releaseHold(
    row: PaymentContextRow,
    executor: Db | Tx,
    then: (t: Db | Tx) => Promise<void>,
    inOuterTransaction: boolean,
  ): Promise<void> {
    const p = row.payment;
    const key = moneyKey(p);
    const franchiseId = row.franchiseId;
    const held = franchiseId ? await heldCents(executor, key, franchiseId) : 0;
    await executor.transaction(async (t) => {
      if (p.holdId) {
        await attempts.begin(
          {
            key: releaseKey(key),
            kind: 'release',
            subjectId: p.id,
            intentId: p.holdId,
            amountCents: held,
          },
          t,
        );
      }
      for (const orphan of await attempts.unfinished(p.id, ['hold'], t)) {
        await beginOrphanRelease(orphan, t);
      }
      await postRelease(t, row, ctx.now());
      await then(t);
    });
    if (!inOuterTransaction) await settleReleases(p.id, releaseKey(key));
  }

  /** Posts the release of what the ledger holds for the payment (nothing when it holds nothing). */
  async function postRelease(executor: Db | Tx, row: PaymentContextRow, at: Date): Promise<void> {
    const p = row.payment;
    const franchiseId = row.franchiseId;
    if (!franchiseId) return;
    const key = moneyKey(p);
    const held = await heldCents(executor, key, franchiseId);
    if (held <= 0) return;
    await post(executor, {
      kind: 'release',
      idempotencyKey: await releasePostingKey(executor, key),
      entries: releaseLines(franchiseId, held),
      meetingId: p.meetingId,
      franchiseId,
      providerReference: p.holdId,
      createdAt: at,
    });
  }

  /** Records the release of a hold attempt's hold (its PaymentIntent found later when unknown). */
  function beginOrphanRelease(hold: AttemptRow, executor: Db | Tx = db) {
    return attempts.begin(
      {
        key: orphanReleaseKey(hold.key),
        kind: 'release',
        subjectId: hold.subjectId,
        intentId: hold.intentId ?? hold.reference,
        ownerId: hold.ownerId,
        amountCents: hold.amountCents,
      },
      executor,
    );
  }

  /** What the provider has for a hold attempt: by its PaymentIntent, else by the key in its metadata. */
  function readHoldAttempt(
    a: AttemptRow,
    customerId: string | null,
  ): Promise<IntentSnapshot | null> {
    const intentId = a.intentId ?? a.reference;
    if (intentId) return ctx.provider.readIntent(intentId);
    const owner = a.ownerId ?? customerId;
    if (!owner) return Promise.resolve(null);
    return ctx.provider.findIntent({
      customerId: owner,
      idempotencyKey: a.key,
      since: a.createdAt,
    });
  }

  /**
   * The PaymentIntent an orphan release gives back, found through the hold attempt it names; null
   * (and the release settled) when there is nothing to give back.
   */
  async function orphanIntent(release: AttemptRow): Promise<string | null> {
    const hold = await attempts.byKey(release.key.slice('release:'.length));
    const seen = hold && hold.kind === 'hold' ? await readHoldAttempt(hold, null) : null;
    if (!hold || !seen?.intentId) {
      await attempts.finish(db, release.key, 'void');
      // Never made — unless the call may still be on its way (the hold job then gives it back).
      const old = hold && hold.createdAt.getTime() < ctx.now().getTime() - IN_FLIGHT_MS;
      if (hold && (seen === null || old)) await attempts.finish(db, hold.key, 'void');
      return null;
    }
    if (seen.status === 'failed') {
      // Declined: nothing was held, nothing to give back.
      await attempts.finish(db, hold.key, 'failed', seen.intentId);
      await attempts.finish(db, release.key, 'void');
      return null;
    }
    await attempts.finish(db, hold.key, 'succeeded', seen.intentId);
    const owner = await db
      .select({ holdId: payment.holdId })
      .from(payment)
      .where(eq(payment.id, hold.subjectId))
      .get();
    if (owner?.holdId === seen.intentId) {
      // Recorded on its payment after all: that hold is the payment's, not an orphan.
      await attempts.finish(db, release.key, 'void');
      return null;
    }
    return seen.intentId;
  }

  /**
   * Makes a recorded release at the provider, once: the PaymentIntent is read first, so a release
   * whose answer was lost (or a hold Stripe let lapse) is recorded, not sent again. Never throws.
   */
  async function settleRelease(key: string): Promise<void> {
    try {
      const row = await attempts.byKey(key);
      if (row?.state !== 'started') return;
      const intentId = row.intentId ?? (await orphanIntent(row));
      if (!intentId) return;
      const seen = await ctx.provider.readIntent(intentId);
      if (seen && seen.status !== 'held') {
        if (seen.status === 'processing') return;
        if (seen.status === 'succeeded') {
          ctx.logger.error('a hold to release was captured at the provider', { key, intentId });
        }
        // Cancelled already (our earlier call, or Stripe's 7 days): nothing left to send.
        const state = seen.status === 'canceled' ? 'succeeded' : 'failed';
        await attempts.finish(db, key, seen.status === 'absent' ? 'void' : state);
        return;
      }
      await ctx.provider.release({ holdId: intentId, idempotencyKey: key });
      await attempts.finish(db, key, 'succeeded', intentId);
    } catch (error) {
      ctx.logger.error('releasing a hold failed; the hourly job retries it', {
        key,
        error: String(error),
      });
    }
  }

  /**
   * After a cancel, decline or no-show has committed: the provider's part of it (the releases it
   * recorded). Never throws; what fails here is retried by `releasePending`.
   */
  async function settle(meetingId: string): Promise<void> {
    await settleReleases(meetingId, releaseKey(meetingId));
  }

  /**
   * The releases recorded under a payment, and the recorded hold's (keyed by its meeting: the
   * payment shares the meeting's id, but a seeded one has an id of its own), each once.
   */
  async function settleReleases(subjectId: string, holdRelease: string): Promise<void> {
    const keys = new Set([holdRelease]);
    try {
      for (const a of await attempts.unfinished(subjectId, ['release'])) keys.add(a.key);
    } catch (error) {
      ctx.logger.error('reading the releases to make failed; the hourly job makes them', {
        subjectId,
        error: String(error),
      });
    }
    for (const key of keys) await settleRelease(key);
  }

  /**
   * The hourly job: releases recorded more than a minute ago and never made (a crash, an outage),
   * and hold calls whose answer was never recorded — adopted by their meeting, or given back.
   */
  async function releasePending(): Promise<{ released: number; reconciled: number }> {
    const stale = await attempts.stale('release', new Date(ctx.now().getTime() - 60_000));
    for (const a of stale) await settleRelease(a.key);
    const holds = await attempts.stale('hold', new Date(ctx.now().getTime() - IN_FLIGHT_MS));
    const subjects = [...new Set(holds.map((a) => a.subjectId))];
    for (const subject of subjects) {
      await reconcileHold(subject).catch((error: unknown) =>
        ctx.logger.error('reconciling a hold failed', { subject, error: String(error) }),
      );
    }
    return { released: stale.length, reconciled: subjects.length };
  }

  /**
   * Brings a payment's holds in line with the provider, placing none (a webhook about a hold, the
   * hourly job): a hold asked for but never recorded is adopted by its meeting when that still
   * waits for one, and given back when it does not (cancelled, declined, or held by another).
   */
  async function reconcileHold(subjectId: string): Promise<void> {
    const row = await loadPayment(db, subjectId);
    const p = row?.payment;
    if (row && p && row.meeting?.status === 'future' && !p.holdId && !p.isPaid) {
      await placeHold(row, { reconcileOnly: true });
      return;
    }
    for (const orphan of await attempts.unfinished(subjectId, ['hold'])) {
      await beginOrphanRelease(orphan);
    }
    // With the releases recorded earlier that never reached the provider (an outage).
    await settle(subjectId);
  }

  async function onCancelled(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const row = await loadPayment(executor, m.id);
    if (!row || row.payment.isPaid) return;
    const now = seam.now ?? ctx.now();
    if (isLateCancellation(m.startAt, now)) {
      // The consultant decides: charge or let the franchisor reschedule. The hold stays meanwhile.
      await executor
        .update(payment)
        .set({ lateCancelledAt: now, startAt: m.startAt, holdDueAt: null })
        .where(eq(payment.id, row.payment.id));
      const franchisor = await executor
        .select({ firstName: user.firstName, lastName: user.lastName })
        .from(user)
        .where(eq(user.id, m.franchisorId))
        .get();
      const who = franchisor
        ? `${franchisor.firstName} ${franchisor.lastName}`.trim()
        : row.franchiseName;
      const notice = {
        userIds: [m.consultantId],
        actorId: m.franchisorId,
        type: 'late_cancellation',
        subject: 'Meeting cancelled within 24 hours',
        message: `${who} (${row.franchiseName}) cancelled your meeting on ${startLabel(m.startAt, row.timeZone)} less than 24 hours before it. Choose whether to charge ${formatUsd(row.payment.amountCents)} or let them reschedule.`,
        link: '/payments',
      };
      if (seam.tx) {
        const ids = await recordNotice(ctx, seam.tx, notice);
        seam.notificationIds?.push(...ids);
      } else {
        await notifyUsers(ctx, notice);
      }
      return;
    }
    await releaseHold(
      row,
      executor,
      async (t) => {
        await t.delete(payment).where(eq(payment.id, row.payment.id));
      },
      seam.tx !== undefined,
    );
  }

  /**
   * Rule 20: the meeting moved (same duration, so the same amount). A hold that is still usable at
   * the new end stays; one that is not is released — recorded here under its own hold attempt's key,
   * made by `afterMoved` — and the next one is due by rule 10's 48 hours (at once when the new time
   * is within the booking window). A payment still waiting for its hold gets the new due time. The
   * ledger follows the provider as on the booking path: the release is posted with it, and the
   * hold placed again is posted when it is placed (the next hold cycle's key), so until then the
   * ledger holds nothing for the meeting.
   */
  async function onMoved(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const row = await loadPayment(executor, m.id);
    const p = row?.payment;
    if (!row || !p || p.isPaid || p.status !== 'pending') return;
    const now = seam.now ?? ctx.now();
    const endAt = new Date(m.startAt.getTime() + m.durationMinutes * 60_000);
    const plan = holdPlan(m.startAt, now);
    const dueAt = plan.at === 'later' ? plan.dueAt : now;
    if (p.holdId && isHoldUsable(p.holdExpiresAt, endAt)) {
      await executor.update(payment).set({ startAt: m.startAt }).where(eq(payment.id, p.id));
      return;
    }
    if (p.holdId) {
      await postRelease(executor, row, now);
      await attempts.begin(
        {
          key: orphanReleaseKey(holdKey(moneyKey(p), p.holdAttempts - 1)),
          kind: 'release',
          subjectId: p.id,
          intentId: p.holdId,
          amountCents: p.amountCents,
        },
        executor,
      );
    }
    const waiting = p.holdId !== null || p.holdDueAt !== null;
    await executor
      .update(payment)
      .set({
        startAt: m.startAt,
        holdId: null,
        holdExpiresAt: null,
        ...(waiting ? { holdDueAt: dueAt } : {}),
      })
      .where(eq(payment.id, p.id));
  }

  /**
   * A late cancellation rescheduled: its payment points at the new meeting (which took the
   * payment's id, so the ledger's and the provider's keys stay the same), is pending again, and its
   * hold follows like a move. A payment without a hold waits for one by rule 10's 48 hours.
   */
  async function onLateRescheduled(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const now = seam.now ?? ctx.now();
    const carried = await executor
      .update(payment)
      .set({ meetingId: m.id, lateCancelledAt: null, startAt: m.startAt, holdDueAt: now })
      .where(
        and(
          eq(payment.id, m.id),
          isNotNull(payment.lateCancelledAt),
          eq(payment.status, 'pending'),
          eq(payment.isPaid, false),
        ),
      )
      .returning({ holdId: payment.holdId });
    if (carried.length === 0) throw new AppError('CONFLICT', { message: SETTLED_MESSAGE });
    if (carried[0]?.holdId) {
      await executor.update(payment).set({ holdDueAt: null }).where(eq(payment.id, m.id));
    }
    await onMoved(m, seam);
  }

  /** After a move committed: the release `onMoved` recorded, then the new hold if it is due now. */
  async function afterMoved(meetingId: string): Promise<void> {
    await settle(meetingId);
    try {
      const row = await loadPayment(db, meetingId);
      const due = row?.payment.holdDueAt;
      if (row && due && due.getTime() <= ctx.now().getTime()) await placeHold(row);
    } catch (error) {
      ctx.logger.error('placing the hold of a moved meeting failed; the hold job retries it', {
        meetingId,
        error: String(error),
      });
    }
  }

  async function onDeclined(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const row = await loadPayment(executor, m.id);
    if (!row || row.payment.isPaid) return;
    await releaseHold(
      row,
      executor,
      async (t) => {
        await t
          .update(payment)
          .set({ status: 'declined', holdId: null, holdExpiresAt: null, holdDueAt: null })
          .where(eq(payment.id, row.payment.id));
      },
      seam.tx !== undefined,
    );
  }

  async function onCompleted(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    const franchiseId = await franchiseFor(executor, m);
    const updated = await executor
      .update(payment)
      .set({ status: 'completed', amountCents, holdDueAt: null })
      .where(and(or(eq(payment.meetingId, m.id), eq(payment.id, m.id)), eq(payment.isPaid, false)))
      .returning({ id: payment.id });
    if (updated.length > 0) return;
    await executor
      .insert(payment)
      .values({
        id: m.id,
        meetingId: m.id,
        franchiseId,
        consultantId: m.consultantId,
        franchisorId: m.franchisorId,
        durationMinutes: m.durationMinutes,
        amountCents,
        status: 'completed',
        startAt: m.startAt,
      })
      .onConflictDoNothing();
  }

  /**
   * What earlier hold calls for this payment left at the provider, read before a new call
   * (decision 016): Stripe forgets an idempotency key after about 24 hours, so a hold placed by a
   * run that died before recording it is found by the key in its metadata and adopted, never
   * placed twice; the decline of this very attempt is recorded as such, not tried again.
   */
  async function findEarlierHold(row: PaymentContextRow, customerId: string): Promise<EarlierHold> {
    const p = row.payment;
    let attempt = p.holdAttempts;
    for (const prior of await attempts.unfinished(p.id, ['hold'])) {
      const current = holdKey(moneyKey(p), attempt);
      const seen = await readHoldAttempt(prior, customerId);
      // The ledger provider keeps nothing to read: repeating under the same key is safe there.
      if (!seen) continue;
      if ((seen.status === 'held' || seen.status === 'succeeded') && seen.intentId) {
        return {
          kind: 'held',
          intentId: seen.intentId,
          // Placed after its attempt was recorded: it lasts at least as long from then.
          expiresAt: holdExpiry(prior.createdAt),
          attemptKey: prior.key,
          attempt,
        };
      }
      if (seen.status === 'processing') return { kind: 'waiting' };
      if (seen.status === 'failed') {
        await attempts.finish(db, prior.key, 'failed');
        if (prior.key === current && seen.failure)
          return { kind: 'declined', failure: seen.failure };
        continue;
      }
      if (seen.status === 'absent') {
        // Never made — or still on its way from another run, which records it itself.
        const young = prior.createdAt.getTime() > ctx.now().getTime() - IN_FLIGHT_MS;
        if (young) continue;
        await attempts.finish(db, prior.key, 'void');
        continue;
      }
      // Made and cancelled since (at Stripe): for a day Stripe would answer that cancelled hold
      // again under its key, so the next hold is asked for under the next attempt's key.
      await attempts.finish(db, prior.key, 'void');
      if (prior.key === current) {
        const moved = await db
          .update(payment)
          .set({ holdAttempts: attempt + 1 })
          .where(and(eq(payment.id, p.id), eq(payment.holdAttempts, attempt)))
          .returning({ id: payment.id });
        if (moved.length === 0) return { kind: 'waiting' };
        attempt += 1;
      }
    }
    return { kind: 'none', attempt };
  }

  /**
   * Records a hold on its payment (and in the ledger) once, with the attempt that placed it. A hold
   * that no longer has a meeting waiting for it (cancelled or declined meanwhile, or another hold
   * recorded) is given back at once. Answers whether the payment holds it now.
   */
  async function recordHold(
    row: PaymentContextRow,
    h: {
      intentId: string;
      expiresAt: Date;
      attempt: number;
      attemptKey: string;
      amountCents: number;
    },
  ): Promise<boolean> {
    const p = row.payment;
    const franchiseId = row.franchiseId;
    const recorded = await db.transaction(async (t) => {
      const updated = await t
        .update(payment)
        .set({
          holdId: h.intentId,
          holdExpiresAt: h.expiresAt,
          holdDueAt: null,
          holdFailureCode: null,
          holdAttempts: h.attempt + 1,
          amountCents: h.amountCents,
        })
        .where(
          and(
            eq(payment.id, p.id),
            isNull(payment.holdId),
            eq(payment.holdAttempts, h.attempt),
            eq(payment.status, 'pending'),
            eq(payment.isPaid, false),
          ),
        )
        .returning({ id: payment.id });
      if (updated.length === 0) {
        const current = await t
          .select({ holdId: payment.holdId })
          .from(payment)
          .where(eq(payment.id, p.id))
          .get();
        // Recorded already by a concurrent run or the hold's webhook.
        if (current?.holdId !== h.intentId) return false;
      } else if (franchiseId) {
        await post(t, {
          kind: 'hold',
          idempotencyKey: await holdPostingKey(t, moneyKey(p)),
          entries: holdLines(franchiseId, h.amountCents),
          meetingId: p.meetingId,
          franchiseId,
          providerReference: h.intentId,
          createdAt: ctx.now(),
        });
      }
      await attempts.finish(t, h.attemptKey, 'succeeded', h.intentId);
      return true;
    });
    if (!recorded) {
      const hold = await attempts.byKey(h.attemptKey);
      if (hold) {
        await beginOrphanRelease({ ...hold, intentId: h.intentId });
        await settleRelease(orphanReleaseKey(h.attemptKey));
      }
    }
    return recorded;
  }

  /**
   * Places one due hold; a declined card is counted once per attempt and notified to both sides.
   * Each call is recorded before it is made and what earlier ones left is read first (decision
   * 016); with `reconcileOnly` nothing new is asked for (a webhook, the hourly job).
   */
  async function placeHold(
    row: PaymentContextRow,
    options: { hooks?: HoldHooks | undefined; reconcileOnly?: boolean } = {},
  ): Promise<'held' | 'failed' | 'skipped'> {
    const p = row.payment;
    const m = row.meeting;
    const franchiseId = row.franchiseId;
    if (m?.status !== 'future' || p.holdId || p.isPaid || !franchiseId) return 'skipped';
    const key = moneyKey(p);
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    let attempt = p.holdAttempts;
    try {
      const customerId = await ensureCustomer(ctx, franchiseId);
      // What earlier calls left comes first: it needs no card, and a card gone since changes it not.
      const earlier = await findEarlierHold(row, customerId);
      if (earlier.kind === 'waiting') return 'skipped';
      if (earlier.kind === 'declined') throw earlier.failure;
      if (earlier.kind === 'held') {
        const adopted = await recordHold(row, { ...earlier, amountCents });
        return adopted ? 'held' : 'skipped';
      }
      attempt = earlier.attempt;
      if (options.reconcileOnly) return 'skipped';
      const card = await defaultCard(db, franchiseId);
      if (!card) throw new AppError('RULE_VIOLATION', { message: 'There is no card on file.' });
      const idempotencyKey = holdKey(key, attempt);
      await attempts.begin({
        key: idempotencyKey,
        kind: 'hold',
        subjectId: p.id,
        ownerId: customerId,
        amountCents,
      });
      const hold = await ctx.provider.authorize({
        customerId,
        providerMethodId: card.providerMethodId,
        amountCents,
        idempotencyKey,
        description: `Hold for a meeting on ${m.startAt.toISOString()}`,
        metadata: { kind: 'meeting_hold', paymentId: p.id, meetingKey: key },
      });
      await options.hooks?.afterProviderCall?.(p.id);
      const recorded = await recordHold(row, {
        intentId: hold.holdId,
        expiresAt: hold.expiresAt,
        attempt,
        attemptKey: idempotencyKey,
        amountCents,
      });
      return recorded ? 'held' : 'skipped';
    } catch (error) {
      const declined = isPaymentDeclined(error);
      const noCard = error instanceof AppError && error.code === 'RULE_VIOLATION';
      if (!declined && !noCard) throw error;
      const code = declined ? error.failureCode : 'no_payment_method';
      const reason = declined ? error.displayMessage : 'There is no card on file.';
      const updated = await db.transaction(async (t) => {
        const counted = await t
          .update(payment)
          .set({ holdFailureCode: code, holdAttempts: attempt + 1, holdDueAt: null })
          .where(and(eq(payment.id, p.id), eq(payment.holdAttempts, attempt)))
          .returning({ id: payment.id });
        await attempts.finish(t, holdKey(key, attempt), 'failed');
        return counted;
      });
      if (updated.length === 0) return 'failed';
      const when = startLabel(m.startAt, row.timeZone);
      await notifyUsers(ctx, {
        userIds: [m.franchisorId, await billingContactOf(db, franchiseId)],
        actorId: m.consultantId,
        type: 'hold_failed',
        subject: 'Please update your card',
        message: `We could not reserve ${formatUsd(amountCents)} on your card for your meeting with ${row.consultantName} on ${when} (${reason}). Please update your card before the meeting.`,
        link: '/my-profile/payment-details',
      });
      await notifyUsers(ctx, {
        userIds: [m.consultantId],
        actorId: m.franchisorId,
        type: 'hold_failed',
        subject: 'Payment hold failed',
        message: `The payment hold for your meeting with ${row.franchiseName} on ${when} failed. The franchisor has been asked to update their card.`,
        link: '/meetings',
      });
      return 'failed';
    }
  }

  /** The job behind rule 10's "about 48 hours before": every hold that is due, once per meeting. */
  async function placeDueHolds(
    hooks?: HoldHooks,
  ): Promise<{ held: number; failed: number; skipped: number }> {
    const due = await paymentIdsWhere(
      db,
      and(
        isNotNull(payment.holdDueAt),
        lte(payment.holdDueAt, ctx.now()),
        isNull(payment.holdId),
        eq(payment.isPaid, false),
        eq(meeting.status, 'future'),
      ),
      asc(payment.holdDueAt),
    );
    return tallyRun(
      loadEach(db, due),
      { held: 0, failed: 0, skipped: 0 },
      (row) => placeHold(row, { hooks }),
      (error) => {
        ctx.logger.error('placing a hold failed', error);
        return 'skipped';
      },
    );
  }

  /** A new default card: failed holds of upcoming meetings are placed again. */
  async function retryFailedHolds(franchiseId: string): Promise<void> {
    const failed = await paymentIdsWhere(
      db,
      and(
        isNotNull(payment.holdFailureCode),
        isNull(payment.holdId),
        eq(payment.isPaid, false),
        eq(meeting.status, 'future'),
        or(eq(payment.franchiseId, franchiseId), eq(meeting.franchiseId, franchiseId)),
      ),
    );
    await tallyRun(
      loadEach(db, failed),
      { held: 0, failed: 0, skipped: 0 },
      (row) => placeHold(row),
      (error) => {
        ctx.logger.error('hold retry failed', error);
        return 'skipped';
      },
    );
  }

  /** Late cancellations waiting for this consultant's decision. */
  async function pendingLateCancellations(consultantId: string) {
    const ids = await paymentIdsWhere(
      db,
      and(
        eq(payment.consultantId, consultantId),
        isNotNull(payment.lateCancelledAt),
        eq(payment.status, 'pending'),
        eq(payment.isPaid, false),
      ),
      asc(payment.startAt),
    );
    const result: PaymentContextRow[] = [];
    for await (const row of loadEach(db, ids)) result.push(row);
    return result;
  }

  /**
   * The consultant's choice after a late cancellation (admin-panel §1): `charge` charges the booked
   * amount now (like a completed meeting), `reschedule` releases the hold.
   */
  async function resolveLateCancellation(
    consultantId: string,
    paymentId: string,
    decision: LateCancellationDecision,
  ): Promise<'charged' | 'failed' | 'released'> {
    const row = await loadPayment(db, paymentId);
    const p = row?.payment;
    if (!row || !p || p.consultantId !== consultantId || !p.lateCancelledAt) {
      throw new AppError('NOT_FOUND');
    }
    if (p.isPaid || p.status !== 'pending') {
      throw new AppError('CONFLICT', { message: SETTLED_MESSAGE });
    }
    // While the franchisor has proposed times to answer, the consultant's decision waits for it.
    const open = await db
      .select({ id: rescheduleRequest.id })
      .from(rescheduleRequest)
      .where(and(eq(rescheduleRequest.paymentId, p.id), eq(rescheduleRequest.status, 'open')))
      .limit(1);
    if (open.length > 0) {
      throw new AppError('CONFLICT', { message: LATE_RESCHEDULE_RULES.openExists });
    }
    if (decision === 'reschedule') {
      await releaseLateCancellation(p.id);
      return 'released';
    }
    await db
      .update(payment)
      .set({ status: 'completed' })
      .where(and(eq(payment.id, p.id), eq(payment.status, 'pending')));
    const outcome = await charges.chargePayment(p.id);
    return outcome === 'charged' ? 'charged' : 'failed';
  }

  async function releaseLateCancellation(paymentId: string): Promise<void> {
    const row = await loadPayment(db, paymentId);
    if (!row || row.payment.isPaid) return;
    await releaseHold(
      row,
      db,
      async (t) => {
        await t.delete(payment).where(and(eq(payment.id, paymentId), eq(payment.isPaid, false)));
      },
      false,
    );
  }

  const seam: MeetingPayments = {
    prepareBooked,
    onBooked,
    bookedStatements,
    onCancelled,
    onDeclined,
    onCompleted,
    onMoved,
    onLateRescheduled,
    afterMoved,
    settle,
  };
  return {
    ...seam,
    seam,
    releasePending,
    reconcileHold,
    placeDueHolds,
    retryFailedHolds,
    pendingLateCancellations,
    resolveLateCancellation,
    releaseLateCancellation,
  };
}

export type MeetingMoney = ReturnType<typeof createMeetingPayments>;
