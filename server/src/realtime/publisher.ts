import type { RealtimeServerMessage } from '@fm/sdk/contracts';

/**
 * How the API tells browsers that something happened (rule 15): it pushes frames into realtime rooms
 * (`user-{id}`, `chat-{id}`, `meeting-{id}`) over the server-to-server channel. The database stays
 * the source of truth; a push that fails is logged and never fails the API call, and clients poll
 * as the fallback (rule 12).
 */
export interface RealtimePublisher {
  /** Sends `message` to every socket in each of `rooms`. Never throws. */
  publish(rooms: readonly string[], message: RealtimeServerMessage): Promise<void>;
  /** Closes every open socket of `userId` (sign-out, password change, deactivation, deletion). Never throws. */
  disconnectUser(userId: string): Promise<void>;
  /** Whether `userId` has an open socket in their user room; false when the room server cannot answer. */
  isOnline(userId: string): Promise<boolean>;
}

/**
 * A publisher that sends nothing: for tests and tools that run the API without a realtime server.
 *
 * @example
 * const realtime = createSilentPublisher();
 */
export function createSilentPublisher(): RealtimePublisher {
  return {
    publish: async () => {},
    disconnectUser: async () => {},
    isOnline: async () => false,
  };
}
