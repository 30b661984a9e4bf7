import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { precompress } from '../../../scripts/precompress.mjs';
import { makeStaticDirs } from '../testing/static-dirs.ts';
import { createLogger } from './logger.ts';
import { requestFrame } from './request-frame.ts';
import { staticApps } from './static-apps.ts';

const root = mkdtempSync(join(tmpdir(), 'fm-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dirs = makeStaticDirs(root);
const script = `export const words = ${JSON.stringify('franchise '.repeat(400))};`;
writeFileSync(join(dirs.portal, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(join(dirs.portal, 'assets/app-1.js'), script);
writeFileSync(join(dirs.widgets, 'fm-widgets.js'), script);
for (const dir of [dirs.portal, dirs.widgets]) precompress(dir);
// What applies the headers the static apps add (answer-headers.ts).
const app = new Hono()
  .use('*', requestFrame({ logger: createLogger('silent'), trustIncomingId: false, headers: [] }))
  .route('/', staticApps(dirs));

describe('static apps', () => {
  it('sends the Brotli copy to browsers that take it, gzip to the others, plain to the rest', async () => {
    const br = await app.request('/assets/app-1.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await app.request('/assets/app-1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/app-1.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('compresses the embeddable widgets too, still readable cross-origin', async () => {
    const res = await app.request('/widgets/fm-widgets.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('adds its headers to a file response in place, without building a second response', async () => {
    // Every Response made while the request runs is counted (a global stub, not a module mock).
    let made = 0;
    const Native = globalThis.Response;
    vi.stubGlobal(
      'Response',
      class extends Native {
        constructor(...args: ConstructorParameters<typeof Response>) {
          super(...args);
          made += 1;
        }
      },
    );
    try {
      for (const path of ['/assets/app-1.js', '/widgets/fm-widgets.js']) {
        made = 0;
        const res = await app.request(path, { headers: { 'accept-encoding': 'br' } });
        expect(res.headers.get('cache-control'), path).toMatch(/immutable|max-age=300/);
        expect(made, path).toBe(1);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
