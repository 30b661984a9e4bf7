import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cors } from './cors.ts';
import { serveFramed } from './framed-response.ts';
import { createLogger } from './logger.ts';
import { requestFrame } from './request-frame.ts';

const app = new Hono()
  // What applies the headers cors adds (answer-headers.ts).
  .use('*', requestFrame({ logger: createLogger('silent'), trustIncomingId: false, headers: [] }))
  .use(
    '*',
    cors({
      origin: (origin) => (origin === 'https://a.example' ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST'],
      exposeHeaders: ['x-request-id'],
      credentials: true,
      maxAge: 600,
    }),
  )
  .get('/json', (c) => {
    c.header('vary', 'Accept-Encoding');
    return c.json({ ok: true });
  })
  .get('/raw', () => Response.redirect('https://a.example/elsewhere', 302))
  .get('/fails', () => {
    throw new Error('boom');
  })
  .onError((_error, c) => c.json({ code: 'INTERNAL_ERROR' }, 500));

// In process (the frame applies the headers after the handlers) and over HTTP (the framed
// response applies them where the answer is written): the same answers.
let server: ReturnType<typeof serveFramed>;
let url = '';
beforeAll(async () => {
  server = serveFramed({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe.each([
  ['in process', (path: string, init?: RequestInit) => app.request(path, init)],
  [
    'over HTTP',
    (path: string, init?: RequestInit) => fetch(`${url}${path}`, { redirect: 'manual', ...init }),
  ],
])('cors (%s)', (_way, request) => {
  it('answers a preflight with 204 and every allowance', async () => {
    const res = await request('/json', {
      method: 'OPTIONS',
      headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives an unknown origin no allowance, in a preflight or not', async () => {
    const headers = { origin: 'https://evil.example' };
    const preflight = await request('/json', { method: 'OPTIONS', headers });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const res = await request('/json', { headers });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('adds its headers to the handler’s answer, keeping the handler’s own', async () => {
    const res = await request('/json', { headers: { origin: 'https://a.example' } });
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it('adds them to error answers and to answers whose headers cannot change', async () => {
    const failed = await request('/fails', { headers: { origin: 'https://a.example' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('https://a.example');
    // Response.redirect's headers are immutable: the answer is rebuilt, not broken.
    const raw = await request('/raw', { headers: { origin: 'https://a.example' } });
    expect(raw.status).toBe(302);
    expect(raw.headers.get('location')).toBe('https://a.example/elsewhere');
    expect(raw.headers.get('access-control-allow-origin')).toBe('https://a.example');
  });
});
