import { PartySocket } from 'partysocket';
import * as v from 'valibot';
import {
  MEETING_ROOM,
  MEETING_ROOM_CLOSE_CODES,
  type MeetingClientFrame,
  MeetingClientFrameSchema,
  type MeetingServerFrame,
  MeetingServerFrameSchema,
  meetingRoomId,
  REALTIME_AUTH,
  REALTIME_PARTY,
  REALTIME_RECONNECT_MS,
} from './contracts/index.ts';
import { isApiError } from './errors.ts';
import type { RealtimeClient, WebSocketConstructor } from './realtime.ts';

/**
 * Where the signalling socket of a meeting is: opening (or reopening after a drop), open, refused
 * for good (not a member, the room is closed or full), or left.
 */
export type MeetingSignallingStatus = 'connecting' | 'open' | 'refused' | 'closed';

/** Why the room refused: not a participant (404), not open now (422), or four people are in. */
export type MeetingRefusal = 'notFound' | 'notOpen' | 'full';

/**
 * The signalling socket of one meeting room (rule 16).
 *
 * @example
 * ```ts
 * const signalling = connectMeetingRoom({ client: api, meetingId });
 * signalling.subscribe((frame) => { if (frame.type === 'welcome') offerTo(frame.peers); });
 * signalling.send({ type: 'signal', to: peerId, description: offer });
 * ```
 */
export interface MeetingSignalling {
  /** Calls `listener` with every valid frame; returns the unsubscribe function. */
  subscribe(listener: (frame: MeetingServerFrame) => void): () => void;
  /** Sends one frame (validated first; dropped while the socket is not open). */
  send(frame: MeetingClientFrame): boolean;
  status(): MeetingSignallingStatus;
  /** Why it was refused, once `status()` is `'refused'`. */
  refusal(): MeetingRefusal | null;
  /** Calls `listener` on every status change. Each `'open'` brings a new `welcome`. */
  onStatus(listener: (status: MeetingSignallingStatus) => void): () => void;
  /** Leaves the room for good. */
  close(): void;
}

/** A close for good: the room is full, or its closing time came (a new ticket would be 422). */
function refusalOf(code: number): MeetingRefusal | null {
  if (code === MEETING_ROOM_CLOSE_CODES.full) return 'full';
  if (code === MEETING_ROOM_CLOSE_CODES.roomClosed) return 'notOpen';
  return null;
}

/** Options of {@link connectMeetingRoom}. */
export interface ConnectMeetingRoomOptions {
  client: RealtimeClient;
  meetingId: string;
  /** The rooms' origin; read from `GET /api/config` when absent. */
  partyUrl?: string;
  WebSocket?: WebSocketConstructor;
  logger?: Pick<Console, 'warn'>;
}

/**
 * Opens the signalling socket of a meeting room: a fresh ticket before every (re)connect,
 * reconnects one second apart, every frame validated both ways, a heartbeat every 10 s (the room
 * server ends a participant's presence 30 s after their last one).
 *
 * @example
 * ```ts
 * const signalling = connectMeetingRoom({ client: api, meetingId: 'm1' });
 * signalling.onStatus((s) => console.log(s));
 * ```
 */
export function connectMeetingRoom(options: ConnectMeetingRoomOptions): MeetingSignalling {
  const room = meetingRoomId(options.meetingId);
  const logger = options.logger ?? console;
  const listeners = new Set<(frame: MeetingServerFrame) => void>();
  const statusListeners = new Set<(status: MeetingSignallingStatus) => void>();
  let current: MeetingSignallingStatus = 'connecting';
  let refused: MeetingRefusal | null = null;
  let socket: PartySocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let done = false;

  const setStatus = (next: MeetingSignallingStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const refuse = (why: MeetingRefusal) => {
    refused = why;
    done = true;
    stopHeartbeat();
    socket?.close();
    setStatus('refused');
  };

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };

  function open(partyUrl: string) {
    const url = new URL(partyUrl);
    const created = new PartySocket({
      host: url.host,
      protocol: url.protocol === 'https:' ? 'wss' : 'ws',
      party: REALTIME_PARTY,
      room,
      query: async () => {
        try {
          const { ticket } = await options.client.realtime.ticket(room);
          return { [REALTIME_AUTH.ticketQueryParam]: ticket };
        } catch (error) {
          if (isApiError(error) && (error.status === 404 || error.status === 422)) {
            queueMicrotask(() => refuse(error.status === 404 ? 'notFound' : 'notOpen'));
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
    created.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = v.safeParse(MeetingServerFrameSchema, json);
      if (!parsed.success) {
        logger.warn(`[meeting] ${room}: a frame outside the contract was dropped`);
        return;
      }
      for (const listener of [...listeners]) listener(parsed.output);
      // The room is closing this socket; its close event may come seconds later, so act now.
      if (parsed.output.type === 'closing') {
        const refusal = refusalOf(parsed.output.code);
        if (refusal) refuse(refusal);
        else created.reconnect();
      }
    });
    created.addEventListener('open', () => {
      stopHeartbeat();
      heartbeat = setInterval(
        () => connection.send({ type: 'heartbeat' }),
        MEETING_ROOM.heartbeatIntervalMs,
      );
      setStatus('open');
    });
    created.addEventListener('close', (event: CloseEvent) => {
      stopHeartbeat();
      const refusal = refusalOf(event.code);
      if (refusal) refuse(refusal);
      else if (!done) setStatus('connecting');
    });
    socket = created;
  }

  const connection: MeetingSignalling = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(frame) {
      const parsed = v.safeParse(MeetingClientFrameSchema, frame);
      if (!parsed.success || !socket || socket.readyState !== 1) return false;
      socket.send(JSON.stringify(parsed.output));
      return true;
    },
    status: () => current,
    refusal: () => refused,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      if (done && current !== 'refused') return;
      done = true;
      stopHeartbeat();
      socket?.close();
      if (current !== 'refused') setStatus('closed');
    },
  };

  if (options.partyUrl) open(options.partyUrl);
  else {
    const locate = () => {
      options.client.config().then(
        ({ partyUrl }) => {
          if (!done) open(partyUrl);
        },
        () => {
          if (!done) setTimeout(locate, REALTIME_RECONNECT_MS);
        },
      );
    };
    locate();
  }
  return connection;
}
