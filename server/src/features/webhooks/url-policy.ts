import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@fm/sdk/contracts';
import ipaddr from 'ipaddr.js';

/** Where webhooks may be sent (rule 21): production is strict; elsewhere loopback is allowed. */
export interface WebhookUrlPolicy {
  isProduction: boolean;
}

/**
 * Whether an address is on the public internet: not private, loopback, link-local, unique-local,
 * carrier-grade NAT, reserved or unspecified (IPv4-mapped IPv6 is judged as its IPv4).
 * @example isPublicAddress('8.8.8.8'); // true
 * @example isPublicAddress('::ffff:10.0.0.1'); // false
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a host names this machine: `localhost` (and its subdomains) or a loopback address.
 * @example isLoopbackHost('127.0.0.1'); // true
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

/**
 * What is wrong with a webhook URL by its text alone, or null: `https://` only in production (plain
 * `http://` to loopback allowed outside it), and in production no host that is a non-public
 * address or a name of this machine. A host name's addresses are checked when it is resolved
 * (`resolvesPublicly` at registration, the delivery's lookup at every connection).
 *
 * @example webhookUrlProblem('http://127.0.0.1:9000/hook', { isProduction: false }); // null
 * @example webhookUrlProblem('http://crm.example.com/hook', { isProduction: false }); // the https message
 */
export function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.url;
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    if (policy.isProduction || !isLoopbackHost(host)) return WEBHOOK_MESSAGES.insecureUrl;
    return null;
  }
  if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.url;
  if (!policy.isProduction) return null;
  if (isLoopbackHost(host)) return WEBHOOK_MESSAGES.privateAddress;
  if (isIP(host) !== 0 && !isPublicAddress(host)) return WEBHOOK_MESSAGES.privateAddress;
  return null;
}

/**
 * At registration in production: whether every address the URL's host resolves to is public
 * (a name that does not resolve counts as not public). Deliveries check again at each connection,
 * since a name can change what it points to.
 * @example await resolvesPublicly('https://crm.example.com/hook'); // true when all its addresses are public
 */
export async function resolvesPublicly(
  raw: string,
  lookup: (host: string) => Promise<{ address: string }[]> = (host) =>
    dnsLookup(host, { all: true, verbatim: true }),
): Promise<boolean> {
  const host = hostOf(new URL(raw));
  if (isIP(host) !== 0) return isPublicAddress(host);
  try {
    const addresses = await lookup(host);
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}
