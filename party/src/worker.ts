import {
  type ErrorCode,
  parseRoomId,
  parseSlotHoldsRoomId,
  REALTIME_CLOSE_CODES,
  REALTIME_FANOUT_PATH,
  type RealtimeRoomReply,
} from '@fm/sdk/contracts';
import { type Connection, type ConnectionContext, routePartykitRequest, Server } from 'partyserver';
import { handleClientFrame, type RoomEffect } from './client-frames.ts';
import {
  authorizeConnection,
  identityFromState,
  mayJoin,
  readIdentityHeaders,
  readMeetingHeaders,
  refusalResponse,
  type SocketIdentity,
  withIdentityHeaders,
} from './connect-auth.ts';
import { refuseRequest } from './discard-body.ts';
import { meetingHost } from './meeting-room-host.ts';
import { bearerMatches, parseFanout, planCommand, SESSION_ENDED_FRAME } from './room-commands.ts';
import { slotHoldIdleMs, slotHoldsHost } from './slot-holds-host.ts';

/** The worker's bindings and variables (party/wrangler.jsonc). */
interface Env extends Cloudflare.Env {
  Rooms: DurableObjectNamespace<Rooms>;
  /** The API origin the rooms redeem tickets with. */
  API_URL?: string;
  /** Shared with the API: it authenticates the API's pushes and our ticket redemptions. */
  REALTIME_SECRET?: string;
  /** How long a slot hold lives without a refresh (tests shorten it); five minutes by default. */
  SLOT_HOLD_IDLE_MS?: string;
}

/** What a room's {@link Rooms.command} came to. */
type CommandOutcome = { ok: true; reply: RealtimeRoomReply } | { ok: false; code: ErrorCode };

const { policyViolation: POLICY_VIOLATION, sessionEnded: SESSION_ENDED } = REALTIME_CLOSE_CODES;

/**
 * The realtime rooms (rule 15): `user-{id}` and `chat-{id}`, one Durable Object each. Thin on purpose:
 * who may connect is decided in `connect-auth.ts` (before the socket opens), what a client frame
 * does in `client-frames.ts`, what the API's commands do in `room-commands.ts`. A room keeps no
 * state the API needs; each socket carries its verified identity, which survives hibernation.
 */
export class Rooms extends Server<Env> {
  static override options = { hibernate: true };

  override onConnect(connection: Connection, context: ConnectionContext): void | Promise<void> {
    // Rule 20: anyone may watch a consultant's slot holds, signed out too (slot-holds.ts).
    if (this.isSlotHolds()) return this.slotHolds().connect(connection, context.request);
    const identity = readIdentityHeaders(context.request.headers);
    // Defence in depth: the worker's onBeforeConnect already refused these.
    if (!identity || !mayJoin(this.name, identity)) {
      connection.close(POLICY_VIOLATION, 'Forbidden');
      return;
    }
    // Rule 16: a meeting room signals a video call and measures presence (meeting-room.ts).
    if (this.isMeeting()) {
      const meeting = readMeetingHeaders(context.request.headers);
      return this.meeting().connect(connection, identity, meeting);
    }
    connection.setState(identity satisfies SocketIdentity);
  }

  private isMeeting(): boolean {
    return parseRoomId(this.name)?.kind === 'meeting';
  }

  private isSlotHolds(): boolean {
    return parseSlotHoldsRoomId(this.name) !== null;
  }

  private slotHolds() {
    return slotHoldsHost(this, this.ctx.storage, slotHoldIdleMs(this.env.SLOT_HOLD_IDLE_MS));
  }

  private meeting() {
    return meetingHost(this, this.env, this.ctx.storage);
  }

  override onClose(connection: Connection): Promise<void> | undefined {
    if (this.isSlotHolds()) return this.slotHolds().close(connection);
    return this.isMeeting() ? this.meeting().close(connection) : undefined;
  }

  override onAlarm(): Promise<void> | undefined {
    if (this.isSlotHolds()) return this.slotHolds().sweep();
    return this.isMeeting() ? this.meeting().sweep() : undefined;
  }

  override onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (this.isMeeting()) return this.meeting().message(connection, message);
    if (this.isSlotHolds()) return this.slotHolds().message(connection, message);
    const identity = identityFromState(connection.state);
    if (!identity) {
      connection.close(POLICY_VIOLATION, 'Forbidden');
      return;
    }
    const effects = handleClientFrame(message, { userId: identity.userId, now: Date.now });
    for (const effect of effects) this.perform(effect, connection);
  }

  /**
   * A command from the API (`disconnect`, `presence`, `publish`), called over RPC by this worker,
   * which checked the shared secret: planned against the room's sockets, performed, answered.
   */
  async command(raw: string): Promise<CommandOutcome> {
    const sockets = [...this.getConnections()].map((c) => ({
      id: c.id,
      userId: identityFromState(c.state)?.userId ?? null,
    }));
    const decision = planCommand(raw, sockets);
    if (!decision.ok) {
      console.warn(`[rooms] bad command for ${this.name}: ${decision.detail}`);
      return { ok: false, code: decision.code };
    }
    const { plan } = decision;
    if (plan.broadcast !== undefined) this.broadcast(plan.broadcast);
    // A meeting socket is told in the meeting's own frames, and its leave is reported now.
    if (this.isMeeting()) {
      await this.meeting().endSessions(plan.close ?? []);
      return { ok: true, reply: plan.reply };
    }
    for (const id of plan.close ?? []) {
      const connection = this.getConnection(id);
      connection?.send(SESSION_ENDED_FRAME);
      connection?.close(SESSION_ENDED, 'Session ended');
    }
    return { ok: true, reply: plan.reply };
  }

  /**
   * The fan-out's delivery, called over RPC by this worker (which checked the secret and every
   * frame): sends the frames to every socket of the room, in order, and says how many sends that
   * made. No HTTP request between worker and room: cheaper on Cloudflare, and under `wrangler dev`
   * a room's `fetch` is also reported to the inspector, an order of magnitude more work than the
   * delivery itself.
   */
  publish(frames: string[]): number {
    for (const frame of frames) this.broadcast(frame);
    return frames.length * [...this.getConnections()].length;
  }

  private perform(effect: RoomEffect, sender: Connection): void {
    const frame = JSON.stringify(effect.message);
    if (effect.kind === 'reply') sender.send(frame);
    else this.broadcast(frame);
  }
}

/**
 * The API's fan-out (one frame for several rooms, or a batch of such pushes): each room gets its
 * frames in one call of its `publish` method, inside the worker, so the API pays one request for a
 * moment's pushes instead of one per room and event.
 */
async function fanOut(request: Request, env: Env): Promise<Response> {
  if (request.method !== 'POST') return refuseRequest(request, { status: 405, code: 'NOT_FOUND' });
  if (!bearerMatches(request.headers.get('authorization'), env.REALTIME_SECRET)) {
    return refuseRequest(request, { code: 'UNAUTHORIZED' });
  }
  const read = parseFanout(await request.text());
  if (!read.ok) return refusalResponse({ code: read.code });
  // Every room at once, each with its frames in the order they came.
  const byRoom = new Map<string, string[]>();
  for (const push of read.pushes) {
    const frame = JSON.stringify(push.message);
    for (const room of new Set(push.rooms)) {
      const frames = byRoom.get(room);
      if (frames) frames.push(frame);
      else byRoom.set(room, [frame]);
    }
  }
  const replies = await Promise.all(
    [...byRoom].map(([room, frames]) => env.Rooms.getByName(room).publish(frames)),
  );
  return Response.json({ delivered: replies.reduce((a, b) => a + b, 0) });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname === REALTIME_FANOUT_PATH) return fanOut(request, env);
    const response = await routePartykitRequest(request, env, {
      // A socket opens only with a ticket the API redeems for this room (rule 15).
      onBeforeConnect: async (req, lobby) => {
        // Slot holds are advisory and public (rule 20): no ticket, no identity.
        if (parseSlotHoldsRoomId(lobby.name) !== null) return req;
        const decision = await authorizeConnection(req.url, lobby.name, {
          apiUrl: env.API_URL,
          secret: env.REALTIME_SECRET,
          fetch: (url, init) => fetch(url, init),
          onMisconfigured: (detail) => console.error(`[rooms] misconfigured: ${detail}`),
        });
        if (!decision.ok) {
          console.warn(`[rooms] refused ${lobby.name}: ${decision.status} ${decision.code}`);
          return refusalResponse(decision);
        }
        return new Request(req, {
          headers: withIdentityHeaders(req.headers, decision.identity, decision.meeting),
        });
      },
      // Plain HTTP into a room is the API's channel only. Its command reaches the room over RPC,
      // not as a `fetch` into it (see fanOut).
      onBeforeRequest: async (req, lobby) => {
        if (!bearerMatches(req.headers.get('authorization'), env.REALTIME_SECRET)) {
          return refuseRequest(req, { code: 'UNAUTHORIZED' });
        }
        if (req.method !== 'POST') return refuseRequest(req, { status: 405, code: 'NOT_FOUND' });
        const outcome = await env.Rooms.getByName(lobby.name).command(await req.text());
        return outcome.ok ? Response.json(outcome.reply) : refusalResponse({ code: outcome.code });
      },
    });
    return response ?? refuseRequest(request, { code: 'NOT_FOUND' });
  },
} satisfies ExportedHandler<Env>;
