import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cors } from './cors.ts';

const app = new Hono()
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

describe('cors', () => {
  it('answers a preflight with 204 and every allowance', async () => {
    const res = await app.request('/json', {
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
    const preflight = await app.request('/json', { method: 'OPTIONS', headers });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const res = await app.request('/json', { headers });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('adds its headers to the handler’s answer, keeping the handler’s own', async () => {
    const res = await app.request('/json', { headers: { origin: 'https://a.example' } });
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it('adds them to error answers and to answers whose headers cannot change', async () => {
    const failed = await app.request('/fails', { headers: { origin: 'https://a.example' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('https://a.example');
    // Response.redirect's headers are immutable: the answer is rebuilt, not broken.
    const raw = await app.request('/raw', { headers: { origin: 'https://a.example' } });
    expect(raw.status).toBe(302);
    expect(raw.headers.get('location')).toBe('https://a.example/elsewhere');
    expect(raw.headers.get('access-control-allow-origin')).toBe('https://a.example');
  });
});
