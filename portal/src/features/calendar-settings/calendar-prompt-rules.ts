import {
  CALENDAR_PROMPT_RECHECK_MS,
  CALENDAR_PROMPT_RESHOW_MS,
  type CalendarSettings,
} from '@fm/sdk/contracts';

/**
 * The calendar reconnect prompts of user-area §4, as plain functions and a small controller with
 * its clock, timer and storage passed in (so the timing is tested without waiting).
 */

export type CalendarConnections = CalendarSettings['connections'];

/**
 * What a consultant's calendar connections amount to:
 * - `connected`: a calendar with full credentials and a chosen calendar;
 * - `needs-calendar`: full credentials but no calendar id (the Reconnect Your Calendar modal);
 * - `incomplete`: a connection whose credentials are incomplete;
 * - `none`: never connected.
 *
 * @example
 * connectionState([{ provider: 'google', connected: true, hasCalendarId: false, accountId: null }]);
 * // 'needs-calendar'
 */
export type ConnectionState = 'connected' | 'needs-calendar' | 'incomplete' | 'none';

export function connectionState(connections: CalendarConnections): ConnectionState {
  if (connections.some((c) => c.connected && c.hasCalendarId)) return 'connected';
  if (connections.some((c) => c.connected)) return 'needs-calendar';
  return connections.length > 0 ? 'incomplete' : 'none';
}

/** Which prompt shows: the connect prompt, the Reconnect Your Calendar modal, or none. */
export type CalendarPrompt = 'connect' | 'reconnect' | null;

/**
 * The prompt for a connection state: none when connected; otherwise shown only if never closed
 * or last closed CALENDAR_PROMPT_RESHOW_MS (15 minutes) or more ago. A consultant who never
 * connected a calendar gets the connect prompt too (connecting is what it asks for).
 *
 * @example
 * promptFor('none', null, now); // 'connect'
 * promptFor('incomplete', now - 60_000, now); // null (closed a minute ago)
 */
export function promptFor(
  state: ConnectionState,
  lastClosedAt: number | null,
  now: number,
): CalendarPrompt {
  if (state === 'connected') return null;
  if (lastClosedAt !== null && now - lastClosedAt < CALENDAR_PROMPT_RESHOW_MS) return null;
  return state === 'needs-calendar' ? 'reconnect' : 'connect';
}

/** Where the time of the last close is kept (per user, in localStorage). */
export const promptClosedKey = (userId: string) => `fm-calendar-prompt-closed:${userId}`;

/** The storage the controller needs (localStorage in the app, a map in tests). */
export type PromptStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readClosedAt(storage: PromptStorage | null, userId: string): number | null {
  try {
    const value = storage?.getItem(promptClosedKey(userId));
    const at = value === null || value === undefined ? Number.NaN : Number(value);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

export function writeClosedAt(storage: PromptStorage | null, userId: string, at: number): void {
  try {
    storage?.setItem(promptClosedKey(userId), String(at));
  } catch {
    // Storage blocked: the prompt comes back at the next check, which is the safe side.
  }
}

export interface PromptControllerDeps {
  userId: string;
  now: () => number;
  storage: PromptStorage | null;
  /** Reads the consultant's connections (`api.bookings.getCalendarSettings`). */
  load: () => Promise<CalendarConnections>;
  /** Starts a repeating timer; returns its cancel. */
  every: (ms: number, run: () => void) => () => void;
  /** Called whenever the prompt to show changes. */
  onPrompt: (prompt: CalendarPrompt) => void;
  /** How often to check (CALENDAR_PROMPT_RECHECK_MS, 60 s). */
  recheckMs?: number;
}

export interface PromptController {
  start(): void;
  stop(): void;
  /** The user closed the prompt: hidden now, and for CALENDAR_PROMPT_RESHOW_MS. */
  dismiss(): void;
  /** Check again now (e.g. after connecting). */
  check(): Promise<void>;
}

/**
 * Checks the connections now and every CALENDAR_PROMPT_RECHECK_MS, and tells which prompt to
 * show. A failed check keeps the last answer (an offline minute does not pop a prompt).
 *
 * @example
 * const controller = createPromptController({ userId, now: Date.now, storage: localStorage,
 *   load: async () => (await api.bookings.getCalendarSettings()).connections,
 *   every: (ms, run) => { const t = setInterval(run, ms); return () => clearInterval(t); },
 *   onPrompt: setPrompt });
 * controller.start();
 */
export function createPromptController(deps: PromptControllerDeps): PromptController {
  let state: ConnectionState | null = null;
  let shown: CalendarPrompt = null;
  let cancel: (() => void) | null = null;
  let running = false;

  const publish = () => {
    const next =
      state === null ? null : promptFor(state, readClosedAt(deps.storage, deps.userId), deps.now());
    if (next !== shown) {
      shown = next;
      deps.onPrompt(next);
    }
  };

  const check = async () => {
    try {
      const connections = await deps.load();
      if (!running) return;
      state = connectionState(connections);
    } catch {
      if (!running) return;
    }
    publish();
  };

  return {
    start() {
      if (running) return;
      running = true;
      void check();
      cancel = deps.every(deps.recheckMs ?? CALENDAR_PROMPT_RECHECK_MS, () => void check());
    },
    stop() {
      running = false;
      cancel?.();
      cancel = null;
    },
    dismiss() {
      writeClosedAt(deps.storage, deps.userId, deps.now());
      publish();
    },
    check,
  };
}
