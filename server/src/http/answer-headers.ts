import type { OutgoingHttpHeaders } from 'node:http';
import type { Context } from 'hono';
import type { HeaderPair } from './security-headers.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** What the middleware add to this request's answer (set by `requestFrame`). */
    answerHeaders: AnswerHeaders;
  }
}

/** A header's value as `node:http` takes it. */
type OutgoingValue = OutgoingHttpHeaders[string];

/**
 * The headers the middleware add to a request's answer, kept as plain lists and applied once, to
 * whatever the handler answered (decision 026). On `node:http` they are applied where the answer
 * is written (`FramedServerResponse`), so no web `Headers` is built for them: reading or changing
 * `c.res.headers` turns @hono/node-server's plain header object into one, which cost a small
 * answer like `/api/config` about a quarter of its time. Elsewhere (`app.request` in tests) the
 * frame applies them to `c.res.headers` after the handlers, by the same code (`applyToRecord`).
 *
 * Applied in this order: `fallback` (only where the answer has no such header), `append` (after
 * the answer's value), `byContentType` (the list for a JSON answer or the other one), `set` (in
 * the order given, each over any value before it).
 *
 * @example
 * answerHeaders(c).fallback('cache-control', 'no-store');
 * answerHeaders(c).append('vary', 'Origin');
 */
export class AnswerHeaders {
  #fallbacks: [string, string][] = [];
  #appends: [string, string][] = [];
  #json: readonly HeaderPair[] = [];
  #other: readonly HeaderPair[] = [];
  #sets: [string, string][] = [];

  /** Sets `value` unless the answer has a value of its own. */
  fallback(name: string, value: string): this {
    this.#fallbacks.push([name.toLowerCase(), value]);
    return this;
  }

  /** Adds `value` after the answer's own (`Vary: Accept-Encoding, Origin`). */
  append(name: string, value: string): this {
    this.#appends.push([name.toLowerCase(), value]);
    return this;
  }

  /**
   * Sets one list on a JSON answer (`application/json…`) and the other on any other answer; names
   * in lower case (`lowerCaseNames`, once, not per request).
   */
  byContentType(json: readonly HeaderPair[], other: readonly HeaderPair[]): this {
    this.#json = json;
    this.#other = other;
    return this;
  }

  /** Sets `value` over any value the answer or an earlier list has. */
  set(name: string, value: string): this {
    this.#sets.push([name.toLowerCase(), value]);
    return this;
  }

  /** `set` for each pair, in order. */
  setAll(pairs: readonly HeaderPair[]): this {
    for (const [name, value] of pairs) this.set(name, value);
    return this;
  }

  /**
   * Applies them to a `node:http` header record with lower-case names (changed in place);
   * `existing` reads a header set on the response before (`res.getHeader`).
   */
  applyToRecord(
    record: Record<string, OutgoingValue>,
    existing: (name: string) => OutgoingValue = () => undefined,
  ): void {
    for (const [name, value] of this.#fallbacks) {
      if (record[name] === undefined && existing(name) === undefined) record[name] = value;
    }
    for (const [name, value] of this.#appends) {
      const own = record[name] ?? existing(name);
      record[name] = own === undefined ? value : `${String(own)}, ${value}`;
    }
    const type = record['content-type'] ?? existing('content-type');
    for (const [name, value] of isJsonType(type) ? this.#json : this.#other) record[name] = value;
    for (const [name, value] of this.#sets) record[name] = value;
  }

  /**
   * Applies them to a web `Headers` (a response whose headers can change; `app.request` in
   * tests): through `applyToRecord`, the node server's own path, so both send the same headers
   * (one-header-path.test.ts compares them route by route).
   */
  applyToHeaders(headers: Headers): void {
    const record: Record<string, OutgoingValue> = {};
    this.applyToRecord(record, (name) => headers.get(name) ?? undefined);
    for (const name in record) headers.set(name, String(record[name]));
  }
}

/**
 * This request's `AnswerHeaders`. Throws when `requestFrame` did not run first: nothing would
 * apply them.
 *
 * @example
 * answerHeaders(c).set('access-control-allow-origin', '*');
 */
export function answerHeaders(c: Context): AnswerHeaders {
  const headers = c.get('answerHeaders');
  if (!headers) throw new Error('answerHeaders: requestFrame must run before this middleware');
  return headers;
}

const isJsonType = (type: OutgoingValue) =>
  typeof type === 'string' && type.toLowerCase().startsWith('application/json');

/** The pairs with their names in lower case, as `byContentType` takes them. */
export const lowerCaseNames = (pairs: readonly HeaderPair[]): HeaderPair[] =>
  pairs.map(([name, value]) => [name.toLowerCase(), value]);
