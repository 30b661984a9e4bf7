import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { logMemory } from '../testing/log-memory.ts';
import { createLogger } from './logger.ts';
import { requestFrame } from './request-frame.ts';
import { REQUEST_ID_HEADER } from './request-logger.ts';

function appWith(trustIncomingId: boolean) {
  const { lines, stream } = logMemory();
  const logger = createLogger('info', stream);
  const app = new Hono()
    .use('*', requestFrame({ logger, trustIncomingId, headers: [] }))
    .get('/work', (c) => {
      logger.info('working');
      return c.text('ok');
    });
  return { app, lines };
}

describe('the request id and log line (requestFrame)', () => {
  it('names each request, answers the id, and puts it on every line of that request', async () => {
    const { app, lines } = appWith(false);
    const res = await app.request('/work');
    const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'working', reqId: id }),
      expect.objectContaining({
        msg: 'request',
        reqId: id,
        detail: expect.objectContaining({ method: 'GET', path: '/work', status: 200 }),
      }),
    ]);
    const again = await app.request('/work');
    expect(again.headers.get(REQUEST_ID_HEADER)).not.toBe(id);
  });

  it('takes an incoming id only from a trusted proxy, and only a well-formed one', async () => {
    const untrusted = appWith(false);
    const spoofed = await untrusted.app.request('/work', {
      headers: { [REQUEST_ID_HEADER]: 'client-chosen-id' },
    });
    expect(spoofed.headers.get(REQUEST_ID_HEADER)).not.toBe('client-chosen-id');

    const trusted = appWith(true);
    const kept = await trusted.app.request('/work', {
      headers: { [REQUEST_ID_HEADER]: 'proxy-id-0001' },
    });
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('proxy-id-0001');
    const injected = await trusted.app.request('/work', {
      headers: { [REQUEST_ID_HEADER]: 'bad id with "quotes" and {braces}' },
    });
    expect(injected.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
