import { SLOT_HOLDS } from '@fm/sdk/contracts';
import type { Connection, Server } from 'partyserver';
import {
  type SlotHoldsEffect,
  type SlotHoldsSocket,
  slotHoldsFrame,
  slotHoldsJoin,
  slotHoldsLeave,
  slotHoldsState,
  slotHoldsSweep,
} from './slot-holds.ts';
import { type AlarmStorage, performSocketEffect } from './socket-effects.ts';

/** Where a socket came from, as Cloudflare tells it (`wrangler dev` sets it too). */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/**
 * Reads how long a hold lives without a refresh from the worker's `SLOT_HOLD_IDLE_MS` variable
 * (tests shorten it); the contract's five minutes otherwise.
 *
 * @example
 * slotHoldIdleMs('1500'); // 1500
 */
export function slotHoldIdleMs(configured: string | undefined): number {
  const ms = Number(configured);
  return Number.isInteger(ms) && ms > 0 ? ms : SLOT_HOLDS.idleMs;
}

/**
 * Performs the effects of `slot-holds.ts` on a PartyServer room: frames, socket state and the
 * expiry alarm (Durable Object alarms).
 *
 * @example
 * slotHoldsHost(this, this.ctx.storage, slotHoldIdleMs(this.env.SLOT_HOLD_IDLE_MS)).connect(connection, request);
 */
export function slotHoldsHost(
  server: Pick<Server, 'getConnections' | 'getConnection' | 'broadcast'>,
  storage: AlarmStorage,
  idleMs: number,
) {
  const sockets = (except?: string): SlotHoldsSocket[] => {
    const out: SlotHoldsSocket[] = [];
    for (const c of server.getConnections()) {
      const state = slotHoldsState(c.state);
      if (state && c.id !== except) out.push({ id: c.id, state });
    }
    return out;
  };

  async function perform(effects: SlotHoldsEffect[]): Promise<void> {
    for (const effect of effects) await performSocketEffect(server, storage, effect);
  }

  return {
    connect(connection: Connection, request: Request): Promise<void> {
      const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
      return perform(slotHoldsJoin(sockets(connection.id), connection.id, address));
    },
    message(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView): Promise<void> {
      return perform(slotHoldsFrame(sockets(), connection.id, raw, Date.now(), idleMs));
    },
    close(connection: Connection): Promise<void> {
      const state = slotHoldsState(connection.state);
      if (!state) return Promise.resolve();
      const others = sockets(connection.id);
      return perform(slotHoldsLeave([...others, { id: connection.id, state }], connection.id));
    },
    sweep(): Promise<void> {
      return perform(slotHoldsSweep(sockets(), Date.now(), idleMs));
    },
  };
}
