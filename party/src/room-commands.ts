import {
  type ErrorCode,
  type RealtimeFanout,
  RealtimeFanoutBatchSchema,
  RealtimeFanoutSchema,
  RealtimeRoomCommandSchema,
  type RealtimeRoomReply,
  type SessionEndedMessage,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * What the API may ask a room over HTTP (rule 15), as pure functions: who is asking (the shared secret),
 * what the command is (validated with the contract), and what the room must do about it. The
 * worker only performs the plan on its sockets.
 */

/** Largest command body the room reads. */
export const MAX_COMMAND_CHARS = 256 * 1024;

/**
 * Whether `authorization` is `Bearer {secret}`, compared in constant time. An unset or empty
 * secret matches nothing.
 *
 * @example
 * bearerMatches('Bearer s3cret', 's3cret'); // true
 */
export function bearerMatches(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const given = authorization.replace(/^Bearer\s+/i, '');
  // Length is not secret; the content is compared without an early exit.
  if (given.length !== secret.length) return false;
  let diff = 0;
  for (let i = 0; i < secret.length; i++) diff |= given.charCodeAt(i) ^ secret.charCodeAt(i);
  return diff === 0;
}

/** A socket as the room sees it: its id and whose it is. */
export interface RoomSocket {
  id: string;
  userId: string | null;
}

/**
 * The frame each socket the plan closes gets just before its close frame: the close handshake of a
 * hibernating room can take seconds, the frame arrives at once.
 */
export const SESSION_ENDED_FRAME = JSON.stringify({
  type: 'sessionEnded',
} satisfies SessionEndedMessage);

/**
 * What the room does: maybe send one frame to every socket, maybe close some (each after
 * `SESSION_ENDED_FRAME`), then reply.
 */
export interface CommandPlan {
  broadcast?: string;
  close?: string[];
  reply: RealtimeRoomReply;
}

export type CommandDecision =
  | { ok: true; plan: CommandPlan }
  | { ok: false; code: ErrorCode; detail: string };

/** A JSON body read and checked against `schema`, or why not. */
function readJson<T>(
  raw: string,
  check: (json: unknown) => v.SafeParseResult<v.GenericSchema<unknown, T>>,
): { ok: true; value: T } | { ok: false; code: ErrorCode; detail: string } {
  if (raw.length > MAX_COMMAND_CHARS) {
    return { ok: false, code: 'PAYLOAD_TOO_LARGE', detail: 'command too large' };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'MALFORMED_BODY', detail: 'not JSON' };
  }
  const parsed = check(json);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, code: 'VALIDATION_FAILED', detail: parsed.issues[0].message };
}

/**
 * Reads a fan-out request from the API: one frame for several rooms, or a batch of them (in
 * order).
 *
 * @example
 * parseFanout('{"rooms":["user-u1","chat-c1"],"message":{"type":"pong","at":1}}').ok; // true
 * parseFanout('{"pushes":[{"rooms":["user-u1"],"message":{"type":"pong","at":1}}]}').ok; // true
 */
export function parseFanout(
  raw: string,
): { ok: true; pushes: RealtimeFanout[] } | { ok: false; code: ErrorCode; detail: string } {
  const read = readJson(raw, (json) =>
    v.safeParse(v.union([RealtimeFanoutSchema, RealtimeFanoutBatchSchema]), json),
  );
  if (!read.ok) return read;
  return { ok: true, pushes: 'pushes' in read.value ? read.value.pushes : [read.value] };
}

/**
 * Plans one command from the API against the sockets the room holds.
 *
 * @example
 * planCommand('{"type":"presence","userId":"u1"}', [{ id: 'a', userId: 'u1' }]);
 * // { ok: true, plan: { reply: { connections: 1 } } }
 */
export function planCommand(raw: string, sockets: Iterable<RoomSocket>): CommandDecision {
  const read = readJson(raw, (json) => v.safeParse(RealtimeRoomCommandSchema, json));
  if (!read.ok) return read;
  const command = read.value;
  const all = [...sockets];
  switch (command.type) {
    case 'publish':
      return {
        ok: true,
        plan: { broadcast: JSON.stringify(command.message), reply: { delivered: all.length } },
      };
    case 'disconnect': {
      const ids = all.filter((s) => s.userId === command.userId).map((s) => s.id);
      return { ok: true, plan: { close: ids, reply: { closed: ids.length } } };
    }
    case 'presence':
      return {
        ok: true,
        plan: {
          reply: { connections: all.filter((s) => s.userId === command.userId).length },
        },
      };
  }
}
