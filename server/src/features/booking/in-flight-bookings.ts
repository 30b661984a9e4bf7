/** A time a booking in this process is busy taking: epoch ms, its buffer included. */
interface Claim {
  start: number;
  end: number;
  settled: Promise<void>;
}

/**
 * The bookings this process is making right now, per consultant. A booking whose time overlaps one
 * of them waits until that one settles and then looks again, instead of composing its mails,
 * asking the payment provider for a hold and queueing for the write lock only to lose at the
 * clash check: of a crowd racing for one slot, one books and the rest are refused by a read.
 * Only an optimisation: the database still decides (the clash check under `BEGIN IMMEDIATE` and
 * the `meeting_slot` keys), also between API processes.
 *
 * @example
 * const inFlight = createInFlightBookings();
 * for (let wait = inFlight.overlapping(id, s, e); wait; wait = inFlight.overlapping(id, s, e)) {
 *   await wait; // …and read again whether the time was taken meanwhile
 * }
 * const release = inFlight.claim(id, s, e);
 * try { … } finally { release(); }
 */
export function createInFlightBookings() {
  const claims = new Map<string, Set<Claim>>();

  return {
    /** Settles when the first in-flight booking overlapping `[start, end)` does; none: undefined. */
    overlapping(consultantId: string, start: number, end: number): Promise<void> | undefined {
      for (const claim of claims.get(consultantId) ?? []) {
        if (claim.start < end && claim.end > start) return claim.settled;
      }
      return undefined;
    },

    /** Marks `[start, end)` as being booked; the answer releases it (twice is harmless). */
    claim(consultantId: string, start: number, end: number): () => void {
      let settle = () => {};
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const claim: Claim = { start, end, settled };
      let own = claims.get(consultantId);
      if (!own) {
        own = new Set();
        claims.set(consultantId, own);
      }
      own.add(claim);
      return () => {
        if (!own.delete(claim)) return;
        if (own.size === 0 && claims.get(consultantId) === own) claims.delete(consultantId);
        settle();
      };
    },

    /** How many consultants have a booking in flight (for tests: nothing is left behind). */
    get size(): number {
      return claims.size;
    },
  };
}

export type InFlightBookings = ReturnType<typeof createInFlightBookings>;
