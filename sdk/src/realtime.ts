import { PartySocket } from 'partysocket';
import * as v from 'valibot';
import {
  REALTIME_AUTH,
  REALTIME_PARTY,
  REALTIME_RECONNECT_MS,
  type RealtimeServerMessage,
  RealtimeServerMessageSchema,
} from './contracts/index.ts';
import { isApiError } from './errors.ts';

/** Where a connection is: opening (or reopening after a drop), open, or closed for good. */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/**
 * One live room (rule 15): the frames it sends, its status, and a way to leave.
 *
 * @example
 * ```ts
 * const live = connectRealtime({ client: api, room: userRoomId(me.id) });
 * const stop = live.subscribe((frame) => { if (frame.type === 'notification') show(frame.notification); });
 * live.onStatus((status) => { if (status === 'open') refetch(); }); // catch up after a reconnect
 * ```
 */
export interface RealtimeConnection {
  /** Calls `listener` with every valid frame from the room; returns the unsubscribe function. */
  subscribe(listener: (message: RealtimeServerMessage) => void): () => void;
  /** The current status. */
  status(): RealtimeStatus;
  /**
   * Calls `listener` whenever the status changes; returns the unsubscribe function. Each `'open'`
   * after the first is a reconnect: frames sent in between were missed, so read from the API.
   */
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  /** Leaves the room for good (status `'closed'`). */
  close(): void;
}

/** The client calls `connectRealtime` needs: a ticket per connect, and the rooms' address. */
export interface RealtimeClient {
  realtime: { ticket(room: string): Promise<{ ticket: string }> };
  config(): Promise<{ partyUrl: string }>;
}

/** A WebSocket constructor (the runtime's own by default: browsers, Node 22+, edge runtimes). */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => unknown;

/**
 * Options of {@link connectRealtime}.
 *
 * @example
 * ```ts
 * const options: ConnectRealtimeOptions = { client: api, room: 'user-u1' };
 * ```
 */
export interface ConnectRealtimeOptions {
  /** The API client: tickets come from it (`POST /api/realtime/ticket`). */
  client: RealtimeClient;
  /** `user-{id}` or `chat-{id}`. */
  room: string;
  /** The rooms' origin (`http(s)://…`); read from `GET /api/config` when absent. */
  partyUrl?: string;
  /** A WebSocket implementation, where the runtime has none of its own (e.g. `ws`). */
  WebSocket?: WebSocketConstructor;
  /** Where socket errors are reported (`console` by default). Nothing else is logged. */
  logger?: Pick<Console, 'warn'>;
}

/**
 * Opens a socket to one realtime room and keeps it open: every (re)connect first asks the API for
 * a fresh single-use ticket, reconnects happen forever one second apart (user-area §7) — at once
 * when the room says the session ended (`sessionEnded`, sent before it closes the socket), every frame
 * is validated against the contract (invalid ones are dropped with a warning), and socket errors
 * are only logged. A signed-out user, or a room the user may not join (the ticket call answers
 * 401, 403 or 404), closes the connection for good; a new sign-in opens a new one.
 *
 * @example
 * ```ts
 * import { connectRealtime } from '@fm/sdk';
 * import { userRoomId } from '@fm/sdk/contracts';
 * const live = connectRealtime({ client: api, room: userRoomId(me.id) });
 * live.subscribe((frame) => console.log(frame.type));
 * // later
 * live.close();
 * ```
 */
export function connectRealtime(options: ConnectRealtimeOptions): RealtimeConnection {
  const { client, room } = options;
  const logger = options.logger ?? console;
  const listeners = new Set<(message: RealtimeServerMessage) => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let current: RealtimeStatus = 'connecting';
  let socket: PartySocket | null = null;
  let closed = false;

  const setStatus = (next: RealtimeStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const onMessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      logger.warn(`[realtime] ${room}: a frame that is not JSON was dropped`);
      return;
    }
    const parsed = v.safeParse(RealtimeServerMessageSchema, json);
    if (!parsed.success) {
      logger.warn(`[realtime] ${room}: a frame outside the contract was dropped`);
      return;
    }
    for (const listener of [...listeners]) listener(parsed.output);
    // The room is closing this socket; its close event may come seconds later, so reopen now.
    if (parsed.output.type === 'sessionEnded') socket?.reconnect();
  };

  function open(partyUrl: string) {
    const url = new URL(partyUrl);
    const created = new PartySocket({
      host: url.host,
      protocol: url.protocol === 'https:' ? 'wss' : 'ws',
      party: REALTIME_PARTY,
      room,
      // Called before every connect: a fresh ticket each time (they work once).
      query: async () => {
        try {
          const { ticket } = await client.realtime.ticket(room);
          return { [REALTIME_AUTH.ticketQueryParam]: ticket };
        } catch (error) {
          if (isApiError(error) && [401, 403, 404].includes(error.status)) {
            // Signed out, or not a room this user may join: retrying would not change that.
            queueMicrotask(() => connection.close());
          }
          throw error;
        }
      },
      minReconnectionDelay: REALTIME_RECONNECT_MS,
      maxReconnectionDelay: REALTIME_RECONNECT_MS,
      reconnectionDelayGrowFactor: 1,
      maxRetries: Number.POSITIVE_INFINITY,
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    });
    created.addEventListener('message', onMessage);
    created.addEventListener('open', () => setStatus('open'));
    created.addEventListener('close', () => {
      if (!closed) setStatus('connecting');
    });
    created.addEventListener('error', (event) => {
      const message = 'message' in event ? String(event.message) : 'socket error';
      logger.warn(`[realtime] ${room}: ${message}`);
    });
    socket = created;
  }

  const connection: RealtimeConnection = {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    close() {
      if (closed) return;
      closed = true;
      socket?.close();
      setStatus('closed');
    },
  };

  if (options.partyUrl) {
    open(options.partyUrl);
  } else {
    // The address comes from the API; until it answers, ask again at the reconnect pace.
    const locate = () => {
      client.config().then(
        ({ partyUrl }) => {
          if (!closed) open(partyUrl);
        },
        (error: unknown) => {
          logger.warn(`[realtime] ${room}: no realtime address yet (${String(error)})`);
          if (!closed) setTimeout(locate, REALTIME_RECONNECT_MS);
        },
      );
    };
    locate();
  }
  return connection;
}
