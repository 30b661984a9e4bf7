import type { Trace, TraceEvent } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { mainThreadTime } from './main-thread-time.ts';

const MAIN = { pid: 10, tid: 10 };

/** A complete event (`ph: 'X'`) with times in milliseconds; `tdur` is its thread's CPU time. */
function task(
  name: string,
  at: number,
  wall: number,
  cpu: number,
  thread = MAIN,
): TraceEvent & { tdur: number } {
  return {
    name,
    cat: 'disabled-by-default-devtools.timeline',
    ph: 'X',
    ...thread,
    ts: at * 1000,
    dur: wall * 1000,
    tdur: cpu * 1000,
    args: {},
  };
}

function navigationStart(url: string, at: number, thread = MAIN): TraceEvent {
  return {
    name: 'navigationStart',
    cat: 'blink.user_timing',
    ph: 'R',
    ...thread,
    ts: at * 1000,
    dur: 0,
    args: { data: { documentLoaderURL: url, isLoadingMainFrame: true } },
  };
}

describe('mainThreadTime', () => {
  it("sums the page's top-level tasks of 10 ms or more after its navigation, wall and CPU", () => {
    const trace: Trace = {
      traceEvents: [
        navigationStart('', 0, { pid: 20, tid: 20 }),
        task('RunTask', 50, 30, 30, { pid: 20, tid: 20 }),
        navigationStart('http://127.0.0.1:8080/', 100),
        task('RunTask', 90, 40, 40),
        task('RunTask', 120, 113, 29),
        task('UpdateLayoutTree', 121, 60, 12),
        task('ThreadControllerImpl::RunTask', 300, 34, 11),
        task('RunTask', 400, 9, 9),
        task('RunTask', 500, 20, 20, { pid: 10, tid: 11 }),
      ],
    };
    expect(mainThreadTime(trace)).toEqual({
      tasks: 2,
      wallMs: 147,
      cpuMs: 40,
      longest: { wallMs: 113, cpuMs: 29 },
    });
    expect(mainThreadTime(trace, 5)?.tasks).toBe(3);
  });

  it('answers null for a trace without a navigation of a web page', () => {
    const trace: Trace = {
      traceEvents: [navigationStart('', 0), task('RunTask', 10, 30, 30)],
    };
    expect(mainThreadTime(trace)).toBeNull();
  });
});
