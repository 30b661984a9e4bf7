import { ERROR_CODES, type ErrorCode, type RealtimeErrorMessage } from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * How every room reads what a client sent: size first, then JSON, then the contract's schema —
 * never a bare `JSON.parse` cast. Nothing a client sends makes these throw.
 */

/** The error frame a room answers with; `detail` follows the code's message. */
export function errorFrame(code: ErrorCode, detail?: string): RealtimeErrorMessage {
  const base = ERROR_CODES[code].message;
  return { type: 'error', code, message: detail ? `${base}: ${detail}` : base };
}

/** A raw frame read: the message the schema accepted, or the error frame to answer with. */
export type ValidatedFrame<T> =
  | { ok: true; message: T }
  | { ok: false; error: RealtimeErrorMessage };

/**
 * Validates one raw socket frame of at most `maxChars` characters against `schema`; a larger one
 * is refused without being parsed.
 *
 * @example
 * validateFrame(RealtimeClientMessageSchema, '{"type":"ping"}', 16384); // { ok: true, message: { type: 'ping' } }
 */
export function validateFrame<S extends v.GenericSchema>(
  schema: S,
  raw: string | ArrayBuffer | ArrayBufferView,
  maxChars: number,
): ValidatedFrame<v.InferOutput<S>> {
  if (typeof raw !== 'string') {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  if (raw.length > maxChars) return { ok: false, error: errorFrame('PAYLOAD_TOO_LARGE') };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: errorFrame('MALFORMED_BODY', 'frames must be JSON text') };
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    return { ok: false, error: errorFrame('VALIDATION_FAILED', parsed.issues[0].message) };
  }
  return { ok: true, message: parsed.output };
}
