import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { providerAttempt } from '../db/schema/index.ts';

export type AttemptRow = typeof providerAttempt.$inferSelect;
export type AttemptKind = AttemptRow['kind'];

/**
 * The record of every money-moving provider call (decision 016), written before the call is made.
 * Stripe remembers an idempotency key for about 24 hours only; a call that went through but whose
 * answer was never recorded (a crash, a lost connection) is found again through this row — by the
 * PaymentIntent's id, or by the key it carries in its metadata — and reconciled, never repeated.
 */
export function createProviderAttempts(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /**
   * Records a call about to be made. Answers the earlier row when this key was recorded before
   * (a retry), or null for a first call; a `void` row (nothing happened at the provider) is
   * started again.
   */
  async function begin(
    a: {
      key: string;
      kind: AttemptKind;
      subjectId: string;
      intentId?: string | null;
      ownerId?: string | null;
      amountCents: number;
    },
    executor: Db | Tx = db,
  ): Promise<AttemptRow | null> {
    const at = now();
    const inserted = await executor
      .insert(providerAttempt)
      .values({
        key: a.key,
        kind: a.kind,
        subjectId: a.subjectId,
        intentId: a.intentId ?? null,
        ownerId: a.ownerId ?? null,
        amountCents: a.amountCents,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ key: providerAttempt.key });
    if (inserted.length > 0) return null;
    const prior = await executor
      .select()
      .from(providerAttempt)
      .where(eq(providerAttempt.key, a.key))
      .get();
    if (prior?.state === 'void') {
      await executor
        .update(providerAttempt)
        .set({ state: 'started', updatedAt: at })
        .where(and(eq(providerAttempt.key, a.key), eq(providerAttempt.state, 'void')));
    }
    return prior ?? null;
  }

  /** What the provider said (or what reconciling found): the row moves on, once. */
  async function finish(
    executor: Db | Tx,
    key: string,
    state: 'succeeded' | 'failed' | 'void',
    reference: string | null = null,
  ): Promise<void> {
    await executor
      .update(providerAttempt)
      .set({ state, updatedAt: now(), ...(reference ? { reference } : {}) })
      .where(and(eq(providerAttempt.key, key), eq(providerAttempt.state, 'started')));
  }

  /** The calls made for a payment (or payout) whose outcome was never recorded, oldest first. */
  function unfinished(
    subjectId: string,
    kinds: AttemptKind[],
    executor: Db | Tx = db,
  ): Promise<AttemptRow[]> {
    return executor
      .select()
      .from(providerAttempt)
      .where(
        and(
          eq(providerAttempt.subjectId, subjectId),
          eq(providerAttempt.state, 'started'),
          inArray(providerAttempt.kind, kinds),
        ),
      )
      .orderBy(asc(providerAttempt.createdAt), asc(providerAttempt.key));
  }

  /** Calls of a kind left `started` since before `before` (the releases the hourly job retries). */
  function stale(kind: AttemptKind, before: Date): Promise<AttemptRow[]> {
    return db
      .select()
      .from(providerAttempt)
      .where(
        and(
          eq(providerAttempt.kind, kind),
          eq(providerAttempt.state, 'started'),
          lt(providerAttempt.updatedAt, before),
        ),
      )
      .orderBy(asc(providerAttempt.createdAt));
  }

  /** The attempts (any state) whose PaymentIntent is `intentId`. */
  function byIntent(intentId: string): Promise<AttemptRow[]> {
    return db.select().from(providerAttempt).where(eq(providerAttempt.intentId, intentId));
  }

  /** One attempt by its key, in any state. */
  function byKey(key: string, executor: Db | Tx = db): Promise<AttemptRow | undefined> {
    return executor.select().from(providerAttempt).where(eq(providerAttempt.key, key)).get();
  }

  return { begin, finish, unfinished, stale, byIntent, byKey };
}

export type ProviderAttempts = ReturnType<typeof createProviderAttempts>;
