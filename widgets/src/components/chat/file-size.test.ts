import { describe, expect, it } from 'vitest';
import { formatBytes } from './file-size.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [532, '532 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [250_000, '245 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
    [20 * 1024 * 1024, '20 MB'],
    // Just over the attachment limit: never shown as the limit itself.
    [20 * 1024 * 1024 + 1, '21 MB'],
    [21_000_000, '21 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
