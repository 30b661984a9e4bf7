import type { RealtimeServerMessage } from '@fm/sdk/contracts';
import type { ChatRealtime } from './chat-ports.ts';

/** What the widget needs of an SDK realtime connection (`connectRealtime`'s answer). */
export interface RealtimeConnectionLike {
  subscribe(listener: (frame: RealtimeServerMessage) => void): () => void;
  status(): 'connecting' | 'open' | 'closed';
  onStatus(listener: (status: 'connecting' | 'open' | 'closed') => void): () => void;
}

/**
 * The chat's view of a realtime connection: live while the socket is open.
 *
 * @example
 * const realtime = chatRealtimeOf(connectRealtime({ client: api, room: userRoomId(me) }));
 */
export function chatRealtimeOf(connection: RealtimeConnectionLike): ChatRealtime {
  return {
    subscribe: (listener) => connection.subscribe(listener),
    isLive: () => connection.status() === 'open',
    onLiveChange: (listener) => {
      let live = connection.status() === 'open';
      return connection.onStatus((status) => {
        const next = status === 'open';
        // Each 'open' is reported: a reopened socket means frames were missed.
        if (next || next !== live) listener(next);
        live = next;
      });
    },
  };
}
