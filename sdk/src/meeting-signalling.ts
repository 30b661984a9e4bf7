import * as v from 'valibot';
import {
  MEETING_ROOM,
  MEETING_ROOM_CLOSE_CODES,
  type MeetingClientFrame,
  MeetingClientFrameSchema,
  type MeetingServerFrame,
  MeetingServerFrameSchema,
  meetingRoomId,
} from './contracts/index.ts';
import { isApiError } from './errors.ts';
import type { RealtimeClient, WebSocketConstructor } from './realtime.ts';
import { listenerSet, openRoomSocket, statusTracker } from './room-socket.ts';

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
  const frames = listenerSet<MeetingServerFrame>();
  const status = statusTracker<MeetingSignallingStatus>('connecting');
  let refused: MeetingRefusal | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let done = false;

  const refuse = (why: MeetingRefusal) => {
    refused = why;
    done = true;
    stopHeartbeat();
    live.socket()?.close();
    status.set('refused');
  };

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };

  const connection: MeetingSignalling = {
    subscribe: frames.add,
    send(frame) {
      const parsed = v.safeParse(MeetingClientFrameSchema, frame);
      const socket = live.socket();
      if (!parsed.success || !socket || socket.readyState !== 1) return false;
      socket.send(JSON.stringify(parsed.output));
      return true;
    },
    status: status.current,
    refusal: () => refused,
    onStatus: status.onChange,
    close() {
      if (done && status.current() !== 'refused') return;
      done = true;
      stopHeartbeat();
      live.socket()?.close();
      if (status.current() !== 'refused') status.set('closed');
    },
  };

  const live = openRoomSocket({
    client: options.client,
    room,
    partyUrl: options.partyUrl,
    WebSocket: options.WebSocket,
    logger: options.logger ?? console,
    label: '[meeting]',
    schema: MeetingServerFrameSchema,
    warnOfTransport: false,
    ended: () => done,
    ticketFailed(error) {
      if (isApiError(error) && (error.status === 404 || error.status === 422)) {
        queueMicrotask(() => refuse(error.status === 404 ? 'notFound' : 'notOpen'));
      }
    },
    frame(frame, socket) {
      frames.emit(frame);
      // The room is closing this socket; its close event may come seconds later, so act now.
      if (frame.type === 'closing') {
        const refusal = refusalOf(frame.code);
        if (refusal) refuse(refusal);
        else socket.reconnect();
      }
    },
    opened() {
      stopHeartbeat();
      heartbeat = setInterval(
        () => connection.send({ type: 'heartbeat' }),
        MEETING_ROOM.heartbeatIntervalMs,
      );
      status.set('open');
    },
    closed(event) {
      stopHeartbeat();
      const refusal = refusalOf(event.code);
      if (refusal) refuse(refusal);
      else if (!done) status.set('connecting');
    },
  });
  return connection;
}
