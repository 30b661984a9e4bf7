import type { RealtimePublisher } from '../realtime/publisher.ts';

/**
 * A realtime publisher for tests of who gets their sockets closed: it records every
 * `disconnectUser` and sends nothing.
 *
 * @example
 * const { realtime, disconnected } = disconnectRecorder();
 * const server = await startTestServer({ realtime });
 */
export function disconnectRecorder(): { realtime: RealtimePublisher; disconnected: string[] } {
  const disconnected: string[] = [];
  return {
    disconnected,
    realtime: {
      publish: async () => {},
      disconnectUser: async (id) => {
        disconnected.push(id);
      },
      isOnline: async () => false,
    },
  };
}
