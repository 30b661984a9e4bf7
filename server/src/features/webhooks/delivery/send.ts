import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES, WEBHOOK_TIMEOUT_MS } from '@fm/sdk/contracts';
import { isPublicAddress, webhookUrlProblem } from '../url-policy.ts';

/** Resolves a host name to all its addresses (injectable, so tests can play a rebinding DNS). */
export type WebhookResolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: WebhookResolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  isProduction: boolean;
  resolve?: WebhookResolver;
  /** The whole attempt's limit: connect, send and answer (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** What one attempt came to: the receiver's status (null when none came) and its answer's start. */
export interface WebhookAttemptResult {
  ok: boolean;
  responseStatus: number | null;
  /** The start of the answer (at most WEBHOOK_RESPONSE_BODY_MAX_BYTES), or why none came. */
  response: string;
  durationMs: number;
}

/** Refused by the address policy before or while connecting: nothing reached the host. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/**
 * The socket's lookup: resolves the name and, in production, refuses it unless every address is
 * public. Checked at each connection, so a name that pointed to a public address at registration
 * and now points inside (DNS rebinding) reaches nothing.
 */
function guardedLookup(resolve: WebhookResolver, isProduction: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family ? found.filter((a) => a.family === options.family) : found;
        const first = addresses[0];
        if (!first) {
          callback(new Error(`${hostname} has no address`), '', 0);
          return;
        }
        if (isProduction && !addresses.every((a) => isPublicAddress(a.address))) {
          callback(new RefusedAddressError(`${hostname} resolves to a non-public address`), '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}

/** Reads at most `max` bytes of an answer, then stops reading and drops the connection. */
function readCapped(response: IncomingMessage, max: number, done: (text: string) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done(new TextDecoder().decode(Buffer.concat(chunks).subarray(0, max)));
  };
  response.on('data', (chunk: Buffer) => {
    if (finished) return;
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      finish();
      response.destroy();
    }
  });
  response.on('end', finish);
  response.on('error', finish);
  response.on('close', finish);
}

/**
 * POSTs one webhook attempt safely (rule 21): the URL is checked again by the policy
 * (`https://` only in production, plain `http://` only to loopback elsewhere, no literal non-public
 * address in production), every resolved address is checked at connection time in production,
 * redirects are not followed (a 3xx is a failed attempt), the whole attempt is limited to
 * `timeoutMs`, and at most WEBHOOK_RESPONSE_BODY_MAX_BYTES of the answer is read. Never throws:
 * every failure is an attempt result with `ok: false`.
 *
 * @example const result = await sendWebhook({ url, headers, body, isProduction: true }); // { ok: true, responseStatus: 204, … }
 */
export function sendWebhook(input: WebhookRequest): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(input.url, { isProduction: input.isProduction });
  if (problem) {
    return Promise.resolve({
      ok: false,
      responseStatus: null,
      response: `Not sent: ${problem}`,
      durationMs: elapsed(),
    });
  }
  const url = new URL(input.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((settle) => {
    let settled = false;
    let status: number | null = null;
    const end = (ok: boolean, response: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle({ ok, responseStatus: status, response, durationMs: elapsed() });
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
        // A fresh connection per attempt: every one resolves (and is checked) again.
        agent: false,
        lookup: guardedLookup(input.resolve ?? systemResolver, input.isProduction),
      },
      (response) => {
        status = response.statusCode ?? null;
        const code = status ?? 0;
        readCapped(response, WEBHOOK_RESPONSE_BODY_MAX_BYTES, (text) => {
          end(code >= 200 && code < 300, text);
          req.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      // A status that came in time counts; a body still trickling in does not hold the attempt.
      const code = status ?? 0;
      end(
        code >= 200 && code < 300,
        status === null
          ? `No answer within ${timeoutMs} ms`
          : `The answer did not end within ${timeoutMs} ms`,
      );
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => {
      end(
        false,
        error instanceof RefusedAddressError
          ? `Not sent: ${error.message}`
          : `Could not deliver: ${error.message}`,
      );
    });
    req.end(input.body);
  });
}
