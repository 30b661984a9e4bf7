/** A response header as a name and its value. */
export type HeaderPair = readonly [name: string, value: string];

export interface SecurityHeaderOptions {
  /** Directives in camelCase (`defaultSrc`), each with its sources, in the order they are sent. */
  contentSecurityPolicy: Record<string, readonly string[]>;
  strictTransportSecurity: string;
}

const kebab = (directive: string) =>
  directive.replace(/[A-Z]+(?![a-z])|[A-Z]/g, (match, offset: number) =>
    offset ? `-${match.toLowerCase()}` : match.toLowerCase(),
  );

/**
 * The security headers every answer carries, computed once: what `hono/secure-headers` sends with
 * these options and `crossOriginResourcePolicy`/`crossOriginEmbedderPolicy` off, in its order
 * (security-headers.test.ts compares the two). The request frame sets them on the finished answer,
 * over any value a handler set, as that middleware does.
 *
 * @example
 * securityHeaders({ contentSecurityPolicy: { defaultSrc: ["'self'"] }, strictTransportSecurity: 'max-age=63072000' });
 * // [['Content-Security-Policy', "default-src 'self'"], ['Cross-Origin-Opener-Policy', 'same-origin'], …]
 */
export function securityHeaders(options: SecurityHeaderOptions): HeaderPair[] {
  const csp = Object.entries(options.contentSecurityPolicy)
    .map(([directive, sources]) => [kebab(directive), ...sources].join(' '))
    .join('; ');
  return [
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ['Strict-Transport-Security', options.strictTransportSecurity],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', csp],
  ];
}

/**
 * The security headers of a JSON answer (decision 024): a browser never renders one as a page, so
 * a document's policies (what scripts, styles, fonts and frames it may load, its opener, its
 * agent cluster, its referrers, the legacy IE and Flash switches) have nothing to act on. What is
 * left keeps it from being sniffed into something else, framed or fetched over plain HTTP, and
 * loads nothing even if it were shown: the set an API answers with (OWASP's REST security sheet).
 *
 * @example
 * jsonSecurityHeaders('max-age=63072000');
 * // [['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"], …]
 */
export function jsonSecurityHeaders(strictTransportSecurity: string): HeaderPair[] {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Strict-Transport-Security', strictTransportSecurity],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
}
