import type * as Party from 'partykit/server';
import {
  authorizeConnection,
  identityFromState,
  mayJoin,
  readIdentityHeaders,
  refusalResponse,
  type SocketIdentity,
  setIdentityHeaders,
} from './connect-auth.ts';
import { handleUserRoomMessage, type RoomEffect } from './user-room.ts';

/** WebSocket close code for a policy violation (RFC 6455). */
const POLICY_VIOLATION = 1008;

function apiUrlOf(env: Record<string, unknown>): string | undefined {
  return typeof env.API_URL === 'string' && env.API_URL !== '' ? env.API_URL : undefined;
}

/**
 * The realtime rooms (D12): `user-{userId}` now, `chat-{chatId}` with the chat feature.
 * Thin on purpose: who may connect is decided in `connect-auth.ts`, what a frame does in
 * `user-room.ts`; this class only wires them to PartyKit.
 */
export default class RealtimeServer implements Party.Server {
  constructor(readonly room: Party.Room) {}

  /**
   * Runs at the edge before a socket reaches a room: verifies the `token` query parameter with
   * the API and passes the verified identity to the room in headers, or answers 401/403/503.
   */
  static async onBeforeConnect(
    request: Party.Request,
    lobby: Party.Lobby,
  ): Promise<Party.Request | Response> {
    const decision = await authorizeConnection(request.url, lobby.id, {
      apiUrl: apiUrlOf(lobby.env),
      fetch: (url, init) => fetch(url, init),
    });
    if (!decision.ok) {
      console.warn(`[party] refused ${lobby.id}: ${decision.status} ${decision.code}`);
      return refusalResponse(decision);
    }
    setIdentityHeaders(request.headers, decision.identity);
    return request;
  }

  /** Plain HTTP to a room is not part of the contract yet (the chat feature adds API pushes). */
  static onBeforeRequest(): Response {
    return refusalResponse({ status: 403, code: 'FORBIDDEN' });
  }

  onConnect(connection: Party.Connection, context: Party.ConnectionContext): void {
    const identity = readIdentityHeaders(context.request.headers);
    // Defence in depth: onBeforeConnect already refused these.
    if (!identity || !mayJoin(this.room.id, identity)) {
      connection.close(POLICY_VIOLATION, 'Forbidden');
      return;
    }
    connection.setState(identity satisfies SocketIdentity);
  }

  onMessage(message: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection): void {
    const identity = identityFromState(sender.state);
    if (!identity) {
      sender.close(POLICY_VIOLATION, 'Forbidden');
      return;
    }
    const effects = handleUserRoomMessage(message, { userId: identity.userId, now: Date.now });
    for (const effect of effects) this.perform(effect, sender);
  }

  private perform(effect: RoomEffect, sender: Party.Connection): void {
    const frame = JSON.stringify(effect.message);
    if (effect.kind === 'reply') sender.send(frame);
    else this.room.broadcast(frame);
  }
}

RealtimeServer satisfies Party.Worker;
