import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client address a trusted proxy recorded in `X-Forwarded-For`: the right-most hop, the one the
 * proxy itself appended. Every hop to its left was sent by the client and can be anything, so
 * taking the first one would let a caller pick its own address (and dodge per-address limits).
 *
 * @example
 * forwardedClient('6.6.6.6, 203.0.113.7'); // '203.0.113.7'
 */
export function forwardedClient(header: string | undefined): string | null {
  if (!header) return null;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  return hops.at(-1) ?? null;
}

/** The caller's address: the socket's, or the hop the trusted proxy added to X-Forwarded-For. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
