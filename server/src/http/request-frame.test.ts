import { API_VERSION, API_VERSION_HEADER } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { logMemory } from '../testing/log-memory.ts';
import { refuseUnservedVersion } from './api-version.ts';
import { createLogger } from './logger.ts';
import { requestFrame } from './request-frame.ts';
import { REQUEST_ID_HEADER } from './request-logger.ts';

function appWith() {
  const { lines, stream } = logMemory();
  const logger = createLogger('info', stream);
  const app = new Hono()
    .use(
      '*',
      requestFrame({
        logger,
        trustIncomingId: false,
        headers: [
          ['X-Frame-Options', 'SAMEORIGIN'],
          ['Cross-Origin-Opener-Policy', 'same-origin'],
        ],
        jsonHeaders: [['X-Frame-Options', 'DENY']],
        pathHeaders: { '/popup': [['Cross-Origin-Opener-Policy', 'unsafe-none']] },
      }),
    )
    .use('/api/*', refuseUnservedVersion)
    .get('/api/work', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info('working');
      c.header('x-frame-options', 'DENY');
      return c.text('ok');
    })
    .get('/popup', (c) => c.text('popup'))
    .get('/api/json', (c) => {
      c.header('x-frame-options', 'SAMEORIGIN');
      return c.json({ ok: true });
    });
  return { app, lines };
}

describe('requestFrame', () => {
  it('names the request, puts its id on every line written while serving it, and logs it', async () => {
    const { app, lines } = appWith();
    const [a, b] = await Promise.all([app.request('/api/work'), app.request('/api/work')]);
    const ids = [a, b].map((res) => res?.headers.get(REQUEST_ID_HEADER) ?? '');
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) {
      expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(['working', 'request']);
    }
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      detail: { method: 'GET', path: '/api/work', status: 200 },
    });
  });

  it('sets its headers over a handler’s, a path’s own values last, the API version on /api only', async () => {
    const { app } = appWith();
    const api = await app.request('/api/work');
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(api.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(api.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    const popup = await app.request('/popup');
    expect(popup.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(popup.headers.get(API_VERSION_HEADER)).toBeNull();
  });

  it('gives a JSON answer its own set instead of the document headers', async () => {
    const { app } = appWith();
    const json = await app.request('/api/json');
    expect(json.headers.get('x-frame-options')).toBe('DENY');
    expect(json.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(json.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    const text = await app.request('/api/work');
    expect(text.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(text.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('frames a refused api-version like any answer: its headers, the served version, one log line', async () => {
    const { app, lines } = appWith();
    const res = await app.request('/api/work', { headers: { [API_VERSION_HEADER]: '1999-01-01' } });
    expect(res.status).toBe(400);
    expect(res.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    const id = res.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The refusal is JSON: the JSON answers' set.
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // The handler never ran.
    expect(lines.map((l) => l.msg)).toEqual(['request']);
    expect(lines[0]).toMatchObject({ reqId: id, detail: { status: 400 } });
  });
});
