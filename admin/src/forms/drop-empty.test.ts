import { describe, expect, it } from 'vitest';
import { dropEmpty } from './drop-empty.ts';

describe('dropEmpty', () => {
  it('drops empty texts and lists but keeps false and zero', () => {
    expect(dropEmpty({ a: 'x', b: ' ', c: [], d: false, e: '0', f: ['y'] })).toEqual({
      a: 'x',
      d: false,
      e: '0',
      f: ['y'],
    });
  });

  it('keeps the named fields even when empty', () => {
    expect(dropEmpty({ tags: [], bio: '' }, ['tags'])).toEqual({ tags: [] });
  });
});
