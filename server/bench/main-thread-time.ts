import type { Trace, TraceEvent } from 'lighthouse';

/**
 * How much of the page's main-thread time in a Lighthouse trace was spent on the CPU. Lighthouse's
 * simulated throttling scales each task's wall time as if all of it were work; a task that waits
 * (on the browser process, as the renderer does for every font lookup on Linux, or for a core on a
 * busy machine) is scaled all the same. The share on the CPU tells a run on a loaded machine from
 * a page that does more work.
 */
/** Time on the main thread: as it passed (wall), and what of it the thread spent on the CPU. */
export interface WallAndCpu {
  wallMs: number;
  cpuMs: number;
}

export interface MainThreadTime extends WallAndCpu {
  /** Top-level tasks of at least `minTaskMs` after the page's navigation started. */
  tasks: number;
  /** The longest of those tasks. */
  longest: WallAndCpu;
}

/** The shortest task counted unless told otherwise. */
export const MIN_TASK_MS = 10;

/** Chromium's names of a top-level task on a thread's run loop. */
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The thread CPU time of a complete event, in microseconds (0 when the trace has none). */
const threadDuration = (event: TraceEvent) =>
  'tdur' in event && typeof event.tdur === 'number' ? event.tdur : 0;

/**
 * The main thread's time in the page's top-level tasks of at least `minTaskMs`, or null when the
 * trace has no navigation of an http(s) document.
 */
export function mainThreadTime(trace: Trace, minTaskMs = MIN_TASK_MS): MainThreadTime | null {
  const navigation = trace.traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      /^https?:/.test(event.args.data?.documentLoaderURL ?? '') &&
      event.args.data?.isLoadingMainFrame === true,
  );
  if (!navigation) return null;
  const time: MainThreadTime = { tasks: 0, wallMs: 0, cpuMs: 0, longest: { wallMs: 0, cpuMs: 0 } };
  for (const event of trace.traceEvents) {
    if (
      event.ph !== 'X' ||
      !TOP_LEVEL_TASKS.has(event.name) ||
      event.pid !== navigation.pid ||
      event.tid !== navigation.tid ||
      event.ts < navigation.ts ||
      event.dur < minTaskMs * 1000
    ) {
      continue;
    }
    const wallMs = event.dur / 1000;
    const cpuMs = threadDuration(event) / 1000;
    time.tasks += 1;
    time.wallMs += wallMs;
    time.cpuMs += cpuMs;
    if (wallMs > time.longest.wallMs) time.longest = { wallMs, cpuMs };
  }
  return time;
}
