import { describe, expect, it } from 'vitest';
import { splitLinks } from './message-text.ts';

describe('splitLinks', () => {
  it('keeps plain text as one piece', () => {
    expect(splitLinks('Hello there')).toEqual([{ type: 'text', text: 'Hello there' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('turns web addresses into links, leaving sentence punctuation outside', () => {
    expect(splitLinks('See https://example.com/fdd.pdf. Then call.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/fdd.pdf', href: 'https://example.com/fdd.pdf' },
      { type: 'text', text: '. Then call.' },
    ]);
    expect(splitLinks('(http://a.example/x)')).toEqual([
      { type: 'text', text: '(' },
      { type: 'link', text: 'http://a.example/x', href: 'http://a.example/x' },
      { type: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
    ]) {
      expect(splitLinks(text)).toEqual([{ type: 'text', text }]);
    }
  });

  it('keeps markup as text, and stops an address at markup characters', () => {
    expect(splitLinks('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(splitLinks('<a href="https://evil.example">x</a>')).toEqual([
      { type: 'text', text: '<a href="' },
      { type: 'link', text: 'https://evil.example', href: 'https://evil.example' },
      { type: 'text', text: '">x</a>' },
    ]);
  });

  it('rejoins to the original text', () => {
    const text = 'a https://x.example/1 b http://y.example c';
    expect(
      splitLinks(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});
