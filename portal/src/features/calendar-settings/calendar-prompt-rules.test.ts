import { CALENDAR_PROMPT_RECHECK_MS, CALENDAR_PROMPT_RESHOW_MS } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CalendarConnections,
  type CalendarPrompt,
  connectionState,
  createPromptController,
  promptClosedKey,
  promptFor,
  readClosedAt,
} from './calendar-prompt-rules.ts';

const google = (connected: boolean, hasCalendarId: boolean) => ({
  provider: 'google' as const,
  connected,
  hasCalendarId,
  accountId: null,
});

describe('calendar connection states', () => {
  it('tells connected, missing calendar, incomplete and none apart', () => {
    expect(connectionState([google(true, true)])).toBe('connected');
    expect(connectionState([google(true, false)])).toBe('needs-calendar');
    expect(connectionState([google(false, false)])).toBe('incomplete');
    expect(connectionState([])).toBe('none');
    expect(
      connectionState([google(false, false), { ...google(true, true), provider: 'office365' }]),
    ).toBe('connected');
  });
});

describe('which prompt shows (user-area §4)', () => {
  const now = Date.parse('2026-03-09T12:00:00Z');

  it('none when connected', () => {
    expect(promptFor('connected', null, now)).toBeNull();
  });

  it('the connect prompt for incomplete credentials and for no connection', () => {
    expect(promptFor('incomplete', null, now)).toBe('connect');
    expect(promptFor('none', null, now)).toBe('connect');
  });

  it('the Reconnect Your Calendar modal for full credentials without a calendar id', () => {
    expect(promptFor('needs-calendar', null, now)).toBe('reconnect');
  });

  it('again only 15 minutes or more after it was closed', () => {
    expect(promptFor('none', now - CALENDAR_PROMPT_RESHOW_MS + 1, now)).toBeNull();
    expect(promptFor('none', now - CALENDAR_PROMPT_RESHOW_MS, now)).toBe('connect');
    expect(promptFor('needs-calendar', now - 60_000, now)).toBeNull();
  });
});

/** A clock, a repeating timer and a storage under the test's control. */
function harness(connections: CalendarConnections) {
  let time = Date.parse('2026-03-09T12:00:00Z');
  const timers: { ms: number; run: () => void; next: number }[] = [];
  const store = new Map<string, string>();
  const prompts: CalendarPrompt[] = [];
  let current = connections;
  let loads = 0;
  const controller = createPromptController({
    userId: 'u1',
    now: () => time,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
    },
    load: async () => {
      loads += 1;
      return current;
    },
    every: (ms, run) => {
      const timer = { ms, run, next: time + ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    onPrompt: (prompt) => prompts.push(prompt),
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    controller,
    prompts,
    store,
    timers,
    loads: () => loads,
    setConnections: (next: CalendarConnections) => {
      current = next;
    },
    /** Moves the clock on, firing the timers that fall due. */
    advance: async (ms: number) => {
      const end = time + ms;
      for (;;) {
        const due = timers.filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        time = due.next;
        due.next += due.ms;
        due.run();
        await flush();
      }
      time = end;
      await flush();
    },
    flush,
  };
}

describe('the prompt controller (injected clock)', () => {
  it('checks at once and every 60 seconds', async () => {
    const h = harness([]);
    h.controller.start();
    await h.flush();
    expect(h.prompts).toEqual(['connect']);
    expect(h.timers[0]?.ms).toBe(CALENDAR_PROMPT_RECHECK_MS);
    await h.advance(3 * CALENDAR_PROMPT_RECHECK_MS);
    expect(h.loads()).toBe(4);
    expect(h.prompts).toEqual(['connect']);
    h.controller.stop();
    expect(h.timers).toHaveLength(0);
  });

  it('a closed prompt stays closed for 15 minutes, kept in storage', async () => {
    const h = harness([google(false, false)]);
    h.controller.start();
    await h.flush();
    h.controller.dismiss();
    expect(h.prompts).toEqual(['connect', null]);
    expect(h.store.has(promptClosedKey('u1'))).toBe(true);
    expect(
      readClosedAt({ getItem: (k) => h.store.get(k) ?? null, setItem: () => {} }, 'u1'),
    ).not.toBeNull();
    await h.advance(14 * 60_000);
    expect(h.prompts).toEqual(['connect', null]);
    await h.advance(60_000);
    expect(h.prompts).toEqual(['connect', null, 'connect']);
  });

  it('a closed time survives a reload (a new controller reads it)', async () => {
    const h = harness([]);
    h.controller.start();
    await h.flush();
    h.controller.dismiss();
    h.controller.stop();
    const again = createPromptController({
      userId: 'u1',
      now: () => Date.parse('2026-03-09T12:05:00Z'),
      storage: { getItem: (k) => h.store.get(k) ?? null, setItem: () => {} },
      load: async () => [],
      every: () => () => {},
      onPrompt: (prompt) => h.prompts.push(prompt),
    });
    again.start();
    await h.flush();
    expect(h.prompts).toEqual(['connect', null]);
  });

  it('disappears once the calendar is connected, and turns into the reconnect modal when the calendar id goes missing', async () => {
    const h = harness([]);
    h.controller.start();
    await h.flush();
    h.setConnections([google(true, true)]);
    await h.advance(CALENDAR_PROMPT_RECHECK_MS);
    expect(h.prompts).toEqual(['connect', null]);
    h.setConnections([google(true, false)]);
    await h.advance(CALENDAR_PROMPT_RECHECK_MS);
    expect(h.prompts).toEqual(['connect', null, 'reconnect']);
  });

  it('a failed check keeps the last answer', async () => {
    let fail = false;
    const prompts: CalendarPrompt[] = [];
    let tick = () => {};
    const controller = createPromptController({
      userId: 'u2',
      now: () => 0,
      storage: null,
      load: async () => {
        if (fail) throw new Error('offline');
        return [];
      },
      every: (_ms, run) => {
        tick = run;
        return () => {};
      },
      onPrompt: (prompt) => prompts.push(prompt),
    });
    controller.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = true;
    tick();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prompts).toEqual(['connect']);
  });
});
