import type { Server } from 'partyserver';

/**
 * The effects every room reducer shares (meeting rooms, slot holds): a frame to one socket or to
 * all (but one), a socket's new state, and an alarm no later than `at`. Each reducer adds its own
 * kinds; its host performs these through {@link performSocketEffect}.
 */
export type SocketEffect<F, S> =
  | { kind: 'send'; to: string; frame: F }
  | { kind: 'broadcast'; frame: F; except?: string }
  | { kind: 'setState'; id: string; state: S }
  | { kind: 'alarm'; at: number };

/** The part of Durable Object storage the hosts use: one alarm. */
export interface AlarmStorage {
  getAlarm(): Promise<number | null>;
  setAlarm(at: number): Promise<void>;
}

/**
 * Performs one shared effect on a PartyServer room; an alarm is only moved earlier.
 *
 * @example
 * await performSocketEffect(this, this.ctx.storage, { kind: 'send', to: id, frame });
 */
export async function performSocketEffect<F, S>(
  server: Pick<Server, 'getConnection' | 'broadcast'>,
  storage: AlarmStorage,
  effect: SocketEffect<F, S>,
): Promise<void> {
  switch (effect.kind) {
    case 'send':
      server.getConnection(effect.to)?.send(JSON.stringify(effect.frame));
      return;
    case 'broadcast':
      server.broadcast(JSON.stringify(effect.frame), effect.except ? [effect.except] : []);
      return;
    case 'setState':
      server.getConnection(effect.id)?.setState(effect.state);
      return;
    case 'alarm': {
      const current = await storage.getAlarm();
      if (current === null || current > effect.at) await storage.setAlarm(effect.at);
    }
  }
}
