import { PartySocket } from 'partysocket';
import * as v from 'valibot';
import { REALTIME_AUTH, REALTIME_PARTY, REALTIME_RECONNECT_MS } from './contracts/index.ts';

/**
 * What the user room, the chat rooms, the meeting rooms and the slot-holds rooms' sockets share:
 * listeners, a status told on change only, and a PartySocket that asks for a fresh ticket before
 * every (re)connect (a public room, slot holds, needs none), reconnects forever one second apart
 * (user-area §7) and validates every frame it is sent. Internal to `realtime.ts`,
 * `meeting-signalling.ts` and `slot-holds.ts`.
 */

/** The client calls `connectRealtime` needs: a ticket per connect, and the rooms' address. */
export interface RealtimeClient {
  realtime: { ticket(room: string): Promise<{ ticket: string }> };
  config(): Promise<{ partyUrl: string }>;
}

/**
 * The client a room anyone may watch needs (slot holds, rule 20): only the rooms' address, no
 * ticket.
 */
export type PublicRoomClient = Pick<RealtimeClient, 'config'>;

/** A WebSocket constructor (the runtime's own by default: browsers, Node 22+, edge runtimes). */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => unknown;

/**
 * A set of listeners, each called with every value emitted; adding answers the unsubscribe.
 * @example const frames = listenerSet<string>(); const stop = frames.add(console.log); frames.emit('hi');
 */
export function listenerSet<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(value: T): void {
      // A copy: a listener may unsubscribe (or subscribe another) while being called.
      for (const listener of [...listeners]) listener(value);
    },
  };
}

/**
 * A connection's status and who is told of a change (not of setting the same status again).
 * @example const status = statusTracker<'connecting' | 'open'>('connecting'); status.set('open');
 */
export function statusTracker<S extends string>(initial: S) {
  const listeners = listenerSet<S>();
  let current = initial;
  return {
    current: (): S => current,
    set(next: S): void {
      if (next === current) return;
      current = next;
      listeners.emit(next);
    },
    onChange: listeners.add,
  };
}

/** Options of {@link openRoomSocket}. */
export interface RoomSocketOptions<F> {
  /** Without `realtime` (a {@link PublicRoomClient}), the socket opens without a ticket. */
  client: RealtimeClient | PublicRoomClient;
  room: string;
  /** The rooms' origin; read from `GET /api/config` (asked again each second) when absent. */
  partyUrl?: string | undefined;
  WebSocket?: WebSocketConstructor | undefined;
  logger: Pick<Console, 'warn'>;
  /** Starts every warning, e.g. `[realtime]`. */
  label: string;
  /** The contract every frame from the room is checked against; others are dropped with a warning. */
  schema: v.GenericSchema<unknown, F>;
  /** Also warn of frames that are not JSON, socket errors and a missing address. */
  warnOfTransport: boolean;
  /** True once the connection was left or refused for good: no socket is opened after that. */
  ended(): boolean;
  /** The ticket call failed (it is thrown on, and the socket tries again unless this ends it). */
  ticketFailed(error: unknown): void;
  /** A valid frame from the room. */
  frame(frame: F, socket: PartySocket): void;
  opened(): void;
  closed(event: CloseEvent): void;
}

/**
 * Opens the room's socket (once the address is known) and keeps it open.
 * @example const live = openRoomSocket({ client: api, room: 'user-u1', label: '[realtime]', … }); live.socket()?.close();
 */
export function openRoomSocket<F>(options: RoomSocketOptions<F>): { socket(): PartySocket | null } {
  const { room, logger, label } = options;
  let socket: PartySocket | null = null;

  const onMessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string' || !socket) return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      if (options.warnOfTransport)
        logger.warn(`${label} ${room}: a frame that is not JSON was dropped`);
      return;
    }
    const parsed = v.safeParse(options.schema, json);
    if (!parsed.success) {
      logger.warn(`${label} ${room}: a frame outside the contract was dropped`);
      return;
    }
    options.frame(parsed.output, socket);
  };

  // Called before every connect: a fresh ticket each time (they work once).
  const ticketQuery = (client: RealtimeClient) => async () => {
    try {
      const { ticket } = await client.realtime.ticket(room);
      return { [REALTIME_AUTH.ticketQueryParam]: ticket };
    } catch (error) {
      options.ticketFailed(error);
      throw error;
    }
  };

  function open(partyUrl: string) {
    const url = new URL(partyUrl);
    const created = new PartySocket({
      host: url.host,
      protocol: url.protocol === 'https:' ? 'wss' : 'ws',
      party: REALTIME_PARTY,
      room,
      ...('realtime' in options.client ? { query: ticketQuery(options.client) } : {}),
      minReconnectionDelay: REALTIME_RECONNECT_MS,
      maxReconnectionDelay: REALTIME_RECONNECT_MS,
      reconnectionDelayGrowFactor: 1,
      maxRetries: Number.POSITIVE_INFINITY,
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    });
    socket = created;
    created.addEventListener('message', onMessage);
    created.addEventListener('open', () => options.opened());
    created.addEventListener('close', (event: CloseEvent) => options.closed(event));
    if (options.warnOfTransport) {
      created.addEventListener('error', (event) => {
        const message = 'message' in event ? String(event.message) : 'socket error';
        logger.warn(`${label} ${room}: ${message}`);
      });
    }
  }

  if (options.partyUrl) {
    open(options.partyUrl);
  } else {
    // The address comes from the API; until it answers, ask again at the reconnect pace.
    const locate = () => {
      options.client.config().then(
        ({ partyUrl }) => {
          if (!options.ended()) open(partyUrl);
        },
        (error: unknown) => {
          if (options.warnOfTransport) {
            logger.warn(`${label} ${room}: no realtime address yet (${String(error)})`);
          }
          if (!options.ended()) setTimeout(locate, REALTIME_RECONNECT_MS);
        },
      );
    };
    locate();
  }
  return { socket: () => socket };
}
