import { type RealtimeServerMessage, RealtimeServerMessageSchema } from './contracts/index.ts';
import { isApiError } from './errors.ts';
import {
  listenerSet,
  openRoomSocket,
  type RealtimeClient,
  statusTracker,
  type WebSocketConstructor,
} from './room-socket.ts';

export type { RealtimeClient, WebSocketConstructor } from './room-socket.ts';

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
  const frames = listenerSet<RealtimeServerMessage>();
  const status = statusTracker<RealtimeStatus>('connecting');
  let closed = false;

  const connection: RealtimeConnection = {
    subscribe: frames.add,
    status: status.current,
    onStatus: status.onChange,
    close() {
      if (closed) return;
      closed = true;
      live.socket()?.close();
      status.set('closed');
    },
  };

  const live = openRoomSocket({
    client,
    room,
    partyUrl: options.partyUrl,
    WebSocket: options.WebSocket,
    logger: options.logger ?? console,
    label: '[realtime]',
    schema: RealtimeServerMessageSchema,
    warnOfTransport: true,
    ended: () => closed,
    ticketFailed(error) {
      if (isApiError(error) && [401, 403, 404].includes(error.status)) {
        // Signed out, or not a room this user may join: retrying would not change that.
        queueMicrotask(() => connection.close());
      }
    },
    frame(message, socket) {
      frames.emit(message);
      // The room is closing this socket; its close event may come seconds later, so reopen now.
      if (message.type === 'sessionEnded') socket.reconnect();
    },
    opened: () => status.set('open'),
    closed() {
      if (!closed) status.set('connecting');
    },
  });
  return connection;
}
