import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerHeaders } from './answer-headers.ts';
import { FramedServerResponse } from './framed-response.ts';

/** Each path writes its answer another way `node:http` allows; all carry the same additions. */
const WRITERS: Record<string, (res: FramedServerResponse<IncomingMessage>) => void> = {
  '/object': (res) => {
    res.writeHead(201, { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' });
    res.end('{}');
  },
  '/message': (res) => {
    res.writeHead(202, 'Taken', { 'content-type': 'text/plain', 'cache-control': 'max-age=5' });
    res.end('ok');
  },
  '/flat-array': (res) => {
    res.writeHead(200, ['Content-Type', 'text/plain', 'X-Frame-Options', 'ALLOW']);
    res.end('ok');
  },
  '/pairs': (res) => {
    res.writeHead(200, [
      ['set-cookie', ['a=1', 'b=2']],
      ['content-type', 'text/plain'],
    ] as unknown as string[]);
    res.end('ok');
  },
  '/set-header-then-end': (res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Vary', 'Cookie');
    res.statusCode = 404;
    res.end('{}');
  },
  '/nothing-added': (res) => {
    res.answerHeaders = undefined;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  },
};

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer({ ServerResponse: FramedServerResponse }, (req, res) => {
    res.answerHeaders = new AnswerHeaders()
      .byContentType([['x-frame-options', 'DENY']], [['x-frame-options', 'SAMEORIGIN']])
      .fallback('cache-control', 'no-store')
      .append('vary', 'Origin')
      .set('x-request-id', 'r1');
    WRITERS[req.url ?? '']?.(res);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function answer(path: string) {
  const res = await fetch(`${url}${path}`);
  await res.arrayBuffer();
  return { status: res.status, statusText: res.statusText, headers: res.headers };
}

describe('FramedServerResponse', () => {
  it('adds the request’s headers to an answer written with a header object', async () => {
    const { status, headers } = await answer('/object');
    expect(status).toBe(201);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect(headers.get('x-request-id')).toBe('r1');
  });

  it('keeps the status message and the answer’s own cache-control', async () => {
    const { status, statusText, headers } = await answer('/message');
    expect([status, statusText]).toEqual([202, 'Taken']);
    expect(headers.get('cache-control')).toBe('max-age=5');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('takes both array forms, a header’s several values included', async () => {
    const flat = await answer('/flat-array');
    expect(flat.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(flat.headers.get('content-type')).toBe('text/plain');
    const pairs = await answer('/pairs');
    expect(pairs.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(pairs.headers.get('x-request-id')).toBe('r1');
  });

  it('sees headers set before the answer is written (an implicit writeHead)', async () => {
    const { status, headers } = await answer('/set-header-then-end');
    expect(status).toBe(404);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('vary')).toBe('Cookie, Origin');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('writes the answer as it is when nothing was handed over', async () => {
    const { headers } = await answer('/nothing-added');
    expect(headers.get('x-request-id')).toBeNull();
    expect(headers.get('x-frame-options')).toBeNull();
  });
});
