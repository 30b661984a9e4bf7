import {
  type RealtimeClientMessage,
  RealtimeClientMessageSchema,
  type RealtimeServerMessage,
} from '@fm/sdk/contracts';
import { type ValidatedFrame, validateFrame } from './frame-validation.ts';

/**
 * What a room (user or chat) does with a frame a client sent, as a pure function: frame in, effects out.
 * The room class only performs the effects, so this is tested without sockets.
 */

/** Largest frame a client may send; anything bigger is refused without being parsed. */
export const MAX_FRAME_CHARS = 16 * 1024;

/** Something the room must do: answer the sender, or tell every socket in the room. */
export type RoomEffect =
  | { kind: 'reply'; message: RealtimeServerMessage }
  | { kind: 'broadcast'; message: RealtimeServerMessage };

export interface FrameContext {
  /** The verified user the frame came from. */
  userId: string;
  /** Epoch milliseconds; passed in so that tests control time. */
  now: () => number;
}

export type ParsedFrame = ValidatedFrame<RealtimeClientMessage>;

/**
 * Validates one raw socket frame against the contract (never a bare `JSON.parse` cast).
 *
 * @example
 * parseClientFrame('{"type":"ping"}'); // { ok: true, message: { type: 'ping' } }
 * parseClientFrame('nope').ok; // false
 */
export function parseClientFrame(raw: string | ArrayBuffer | ArrayBufferView): ParsedFrame {
  return validateFrame(RealtimeClientMessageSchema, raw, MAX_FRAME_CHARS);
}

/**
 * The effects of one frame a client sent to its room. Invalid frames get an error reply;
 * nothing a client sends can make this throw.
 *
 * @example
 * handleClientFrame('{"type":"ping","id":"1"}', { userId: 'u1', now: () => 5 });
 * // [{ kind: 'reply', message: { type: 'pong', id: '1', at: 5 } }]
 */
export function handleClientFrame(
  raw: string | ArrayBuffer | ArrayBufferView,
  context: FrameContext,
): RoomEffect[] {
  const frame = parseClientFrame(raw);
  if (!frame.ok) return [{ kind: 'reply', message: frame.error }];
  switch (frame.message.type) {
    case 'ping': {
      const pong: RealtimeServerMessage =
        frame.message.id === undefined
          ? { type: 'pong', at: context.now() }
          : { type: 'pong', id: frame.message.id, at: context.now() };
      return [{ kind: 'reply', message: pong }];
    }
  }
}
