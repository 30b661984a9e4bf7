import {
  MEETING_ROOM_API_PATHS,
  type MeetingAdmission,
  type PresenceEvent,
  type RealtimeIdentity,
} from '@fm/sdk/contracts';
import type { Connection, Server } from 'partyserver';
import {
  type MeetingEffect,
  type MeetingSocket,
  meetingEndSessions,
  meetingFrame,
  meetingJoin,
  meetingLeave,
  meetingState,
  meetingSweep,
} from './meeting-room.ts';
import { type AlarmStorage, performSocketEffect } from './socket-effects.ts';

/** What the host needs from the worker: where the API is and the shared secret. */
export interface MeetingHostEnv {
  API_URL?: string;
  REALTIME_SECRET?: string;
}

export type { AlarmStorage } from './socket-effects.ts';

/** How often a presence report is tried before it is given up (logged). */
const REPORT_ATTEMPTS = 3;

/**
 * Performs the effects of `meeting-room.ts` on a PartyServer room: frames to sockets, socket
 * state, closes, the sweep alarm (Durable Object alarms), and presence reports to the API
 * (`POST {API_URL}/api/realtime/presence` with the shared secret, rule 15).
 *
 * @example
 * const host = meetingHost(this, this.env, this.ctx.storage);
 * host.connect(connection, identity);
 */
export function meetingHost(
  server: Pick<Server, 'name' | 'getConnections' | 'getConnection' | 'broadcast'>,
  env: MeetingHostEnv,
  storage: AlarmStorage,
) {
  const sockets = (): MeetingSocket[] => {
    const out: MeetingSocket[] = [];
    for (const c of server.getConnections()) {
      const state = meetingState(c.state);
      if (state) out.push({ id: c.id, state });
    }
    return out;
  };

  async function report(events: PresenceEvent[]): Promise<void> {
    if (!env.API_URL || !env.REALTIME_SECRET) {
      console.error('[rooms] misconfigured: API_URL and REALTIME_SECRET must be set');
      return;
    }
    const url = `${env.API_URL.replace(/\/+$/, '')}/api/${MEETING_ROOM_API_PATHS.presence}`;
    const body = JSON.stringify({ room: server.name, events });
    for (let attempt = 1; attempt <= REPORT_ATTEMPTS; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${env.REALTIME_SECRET}`,
            'content-type': 'application/json',
          },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) return;
        // A refusal will not change on retry.
        if (response.status < 500) {
          console.error(`[rooms] presence report refused: ${response.status}`);
          return;
        }
      } catch {
        // the API is unreachable: try again
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
    console.error(`[rooms] presence report for ${server.name} given up`);
  }

  async function perform(effects: MeetingEffect[]): Promise<void> {
    const reports: Promise<void>[] = [];
    for (const effect of effects) {
      if (effect.kind === 'close')
        server.getConnection(effect.id)?.close(effect.code, effect.reason);
      else if (effect.kind === 'report') reports.push(report(effect.events));
      else await performSocketEffect(server, storage, effect);
    }
    await Promise.all(reports);
  }

  return {
    /** A socket opened, with its side and the room's closing time when the API told them. */
    connect(
      connection: Connection,
      identity: RealtimeIdentity,
      meeting: MeetingAdmission | null,
    ): Promise<void> {
      const others = sockets().filter((s) => s.id !== connection.id);
      const newcomer = { id: connection.id, ...identity, ...(meeting ?? {}) };
      return perform(meetingJoin(others, newcomer, Date.now()));
    },
    /** The API ended these sockets' sessions (or their place in the meeting). */
    endSessions(ids: readonly string[]): Promise<void> {
      return perform(meetingEndSessions(sockets(), ids, Date.now()));
    },
    message(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView): Promise<void> {
      return perform(meetingFrame(sockets(), connection.id, raw, Date.now()));
    },
    close(connection: Connection): Promise<void> {
      const state = meetingState(connection.state);
      if (!state) return Promise.resolve();
      return perform(meetingLeave({ id: connection.id, state }, Date.now()));
    },
    sweep(): Promise<void> {
      return perform(meetingSweep(sockets(), Date.now()));
    },
  };
}
