import { describe, expect, it } from 'vitest';
import { clockFromMeasure, shownMs, type TimeUsedClock, tickClock } from './time-used.ts';

const S = 1_000;

describe('the time used clock', () => {
  it('counts on locally only while the two sides are together, from the server’s measure', () => {
    let clock = clockFromMeasure(90 * S, true, 0);
    expect(shownMs(clock, 10 * S)).toBe(100 * S);
    clock = tickClock(clock, false, 10 * S);
    expect(shownMs(clock, 40 * S)).toBe(100 * S);
    clock = tickClock(clock, true, 40 * S);
    expect(shownMs(clock, 45 * S)).toBe(105 * S);
  });

  it('after a network drop it shows the server’s measure, not what the page counted meanwhile', () => {
    // The page kept seeing its peer through a 40 s drop (the media path survived) and counted on.
    let clock: TimeUsedClock = clockFromMeasure(60 * S, true, 0);
    for (let t = 0; t <= 100 * S; t += S) clock = tickClock(clock, true, t);
    expect(shownMs(clock, 100 * S)).toBe(160 * S);
    // The room server ended the stretch 30 s after the last heartbeat: the measure says 130 s.
    clock = clockFromMeasure(130 * S, true, 100 * S);
    expect(shownMs(clock, 100 * S)).toBe(130 * S);
    expect(shownMs(clock, 110 * S)).toBe(140 * S);
  });

  it('a read while apart keeps the clock stopped until they are together again', () => {
    let clock = clockFromMeasure(300 * S, false, 0);
    expect(shownMs(clock, 50 * S)).toBe(300 * S);
    clock = tickClock(clock, true, 50 * S);
    expect(shownMs(clock, 51 * S)).toBe(301 * S);
  });

  it('never shows less than nothing, whatever the clocks say', () => {
    expect(shownMs(clockFromMeasure(-5, true, 100), 50)).toBe(0);
    expect(shownMs(tickClock(clockFromMeasure(0, true, 100), false, 50), 60)).toBe(0);
  });
});
