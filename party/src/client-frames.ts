import {
  ERROR_CODES,
  type ErrorCode,
  type RealtimeClientMessage,
  RealtimeClientMessageSchema,
  type RealtimeErrorMessage,
  type RealtimeServerMessage,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

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

export type ParsedFrame =
  | { ok: true; message: RealtimeClientMessage }
  | { ok: false; error: RealtimeErrorMessage };

function errorFrame(code: ErrorCode, detail?: string): RealtimeErrorMessage {
  const base = ERROR_CODES[code].message;
  return { type: 'error', code, message: detail ? `${base}: ${detail}` : base };
}

/**
 * Validates one raw socket frame against the contract (never a bare `JSON.parse` cast).
 *
 * @example
 * parseClientFrame('{"type":"ping"}'); // { ok: true, message: { type: 'ping' } }
 * parseClientFrame('nope').ok; // false
 */
export function parseClientFrame(raw: string | ArrayBuffer | ArrayBufferView): ParsedFrame {
  if (typeof raw !== 'string') {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  if (raw.length > MAX_FRAME_CHARS) {
    return { ok: false, error: errorFrame('PAYLOAD_TOO_LARGE') };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  const parsed = v.safeParse(RealtimeClientMessageSchema, json);
  if (!parsed.success) {
    return { ok: false, error: errorFrame('VALIDATION_FAILED', parsed.issues[0].message) };
  }
  return { ok: true, message: parsed.output };
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
