import { describe, expect, it } from 'vitest';
import { isNotModified } from './validators.ts';

const lastModified = new Date('2026-03-02T10:00:00.750Z');
const v = { etag: 'W/"abc"', lastModified };

describe('isNotModified', () => {
  it('compares entity tags weakly, in a list, and takes *', () => {
    expect(isNotModified({ ifNoneMatch: 'W/"abc"' }, v)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"abc"' }, v)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", W/"abc"' }, v)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, v)).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"abcd"' }, v)).toBe(false);
    expect(isNotModified({}, v)).toBe(false);
  });

  it('compares dates to the second, only without If-None-Match', () => {
    const same = lastModified.toUTCString();
    expect(isNotModified({ ifModifiedSince: same }, v)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Mon, 02 Mar 2026 09:59:59 GMT' }, v)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, v)).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: same }, v)).toBe(false);
  });
});
