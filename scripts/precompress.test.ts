import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'fm-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz copies that decompress to the original, for text files only', () => {
    mkdirSync(join(dir, 'assets'));
    const js = `console.log(${JSON.stringify('hello '.repeat(500))});`;
    writeFileSync(join(dir, 'assets/app.js'), js);
    writeFileSync(join(dir, 'index.html'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'assets/photo.png'), Buffer.alloc(4096, 7));

    expect(precompress(dir)).toBe(1);
    const br = readFileSync(join(dir, 'assets/app.js.br'));
    const gz = readFileSync(join(dir, 'assets/app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.byteLength).toBeLessThan(js.length / 10);
    // Too small to gain, or compressed already: left alone.
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/photo.png.gz'))).toBe(false);
  });
});
