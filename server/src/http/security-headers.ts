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
