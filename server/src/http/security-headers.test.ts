import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const options = {
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com'],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'http://localhost:1999', 'ws://localhost:1999'],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: [],
  },
};

describe('securityHeaders', () => {
  it('is what hono/secure-headers sends with the same options, in its order', async () => {
    const hono = new Hono()
      .use(
        secureHeaders({
          crossOriginResourcePolicy: false,
          crossOriginEmbedderPolicy: false,
          ...options,
        }),
      )
      .get('/', (c) => c.body(null));
    const res = await hono.request('/');
    const expected = [...res.headers].filter(([name]) => name !== 'content-type');
    const ours = securityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]);
    expect(ours.sort()).toEqual(expected.sort());
    expect(ours.length).toBe(11);
  });
});
