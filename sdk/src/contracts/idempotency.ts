/**
 * Safe retries: a POST that creates or charges may carry an `Idempotency-Key` (any unique string
 * of 8–255 visible characters, e.g. a UUID). The first answer is stored per key and caller for
 * `IDEMPOTENCY_TTL_MS`; the same key with the same request replays it (with the
 * `IDEMPOTENT_REPLAY_HEADER` set), with a different request it is refused with 422
 * `IDEMPOTENCY_KEY_REUSED`, and while the first is still running a second waits for its answer.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that was replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** How long an answer is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** What a key may look like. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
