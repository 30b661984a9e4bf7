import { describe, expect, it } from 'vitest';
import { createInFlightBookings } from './in-flight-bookings.ts';

const settledYet = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('in-flight bookings', () => {
  it('an overlapping time waits for the booking in flight, and is free once it settles', async () => {
    const inFlight = createInFlightBookings();
    const release = inFlight.claim('c1', 1_000, 2_000);
    const wait = inFlight.overlapping('c1', 1_500, 2_500);
    expect(wait).toBeInstanceOf(Promise);
    expect(await settledYet(wait as Promise<void>)).toBe(false);
    release();
    expect(await settledYet(wait as Promise<void>)).toBe(true);
    expect(inFlight.overlapping('c1', 1_500, 2_500)).toBeUndefined();
    expect(inFlight.size).toBe(0);
  });

  it('touching times, other consultants and released claims do not wait', () => {
    const inFlight = createInFlightBookings();
    const release = inFlight.claim('c1', 1_000, 2_000);
    expect(inFlight.overlapping('c1', 2_000, 3_000)).toBeUndefined();
    expect(inFlight.overlapping('c1', 0, 1_000)).toBeUndefined();
    expect(inFlight.overlapping('c2', 1_000, 2_000)).toBeUndefined();
    expect(inFlight.overlapping('c1', 0, 5_000)).toBeDefined();
    release();
    release();
    expect(inFlight.overlapping('c1', 0, 5_000)).toBeUndefined();
  });

  it('keeps the other claims of a consultant when one is released', () => {
    const inFlight = createInFlightBookings();
    const first = inFlight.claim('c1', 1_000, 2_000);
    const second = inFlight.claim('c1', 5_000, 6_000);
    first();
    expect(inFlight.overlapping('c1', 1_000, 2_000)).toBeUndefined();
    expect(inFlight.overlapping('c1', 5_500, 5_600)).toBeDefined();
    second();
    expect(inFlight.size).toBe(0);
  });
});
