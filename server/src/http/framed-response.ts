import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AnswerHeaders } from './answer-headers.ts';

type GivenHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * A `node:http` response that applies the request's `AnswerHeaders` to the headers it is written
 * with (decision 026): the request frame hands them over (`answerHeaders`), @hono/node-server
 * writes the handler's answer with its plain header object, and they meet here, without a web
 * `Headers` in between.
 */
export class FramedServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  /** What the middleware add; applied once, by the first `writeHead`. */
  answerHeaders: AnswerHeaders | undefined = undefined;

  override writeHead(statusCode: number, statusMessage?: string, headers?: GivenHeaders): this;
  override writeHead(statusCode: number, headers?: GivenHeaders): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | GivenHeaders,
    maybeHeaders?: GivenHeaders,
  ): this {
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined;
    const given = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    const added = this.answerHeaders;
    if (!added) {
      return message === undefined
        ? super.writeHead(statusCode, given)
        : super.writeHead(statusCode, message, given);
    }
    this.answerHeaders = undefined;
    const record = lowerCaseRecord(given);
    added.applyToRecord(record, (name) => this.getHeader(name));
    return message === undefined
      ? super.writeHead(statusCode, record)
      : super.writeHead(statusCode, message, record);
  }
}

/** The headers `writeHead` was given, as a new record with lower-case names. */
function lowerCaseRecord(given: GivenHeaders | undefined): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {};
  if (!given) return record;
  if (Array.isArray(given)) {
    // `[name, value, name, value…]` or `[[name, value]…]`, as `node:http` takes them.
    const flat: OutgoingHttpHeader[] = Array.isArray(given[0]) ? given.flat(1) : given;
    for (let i = 0; i + 1 < flat.length; i += 2) {
      record[String(flat[i]).toLowerCase()] = flat[i + 1];
    }
    return record;
  }
  for (const name in given) record[name.toLowerCase()] = given[name];
  return record;
}

/** Whether `c.env` (the node bindings of @hono/node-server) carries a framed response. */
export function framedResponseOf(env: unknown): FramedServerResponse | undefined {
  const outgoing = (env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof FramedServerResponse ? outgoing : undefined;
}

type ServeOptions = Pick<Parameters<typeof serve>[0], 'fetch' | 'port' | 'hostname'>;

/**
 * @hono/node-server's `serve` with `FramedServerResponse` as the server's response class: how
 * every server of the app listens (main, tests, bench).
 *
 * @example
 * const server = serveFramed({ fetch: app.fetch, port: 8787 }, (info) => log(info.port));
 */
export function serveFramed(options: ServeOptions, listening?: (info: AddressInfo) => void) {
  return serve({ ...options, serverOptions: { ServerResponse: FramedServerResponse } }, listening);
}
