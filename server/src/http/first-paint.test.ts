import { describe, expect, it } from 'vitest';
import { inlineFirstPaint } from './first-paint.ts';

describe("a public page's first paint", () => {
  it('inlines the first-paint part of a stylesheet that names one, and defers the whole sheet', () => {
    const part = '.hero{color:red}';
    const assets: Record<string, string> = {
      'assets/first-paint-1.css': part,
      'assets/index-1.css': `${part}.tour{color:blue}`,
    };
    const read = (path: string) => assets[path] ?? null;
    const link = (firstPaint: string) =>
      `<link rel="stylesheet" crossorigin href="/assets/index-1.css" data-first-paint="/assets/${firstPaint}">`;
    expect(inlineFirstPaint(`<head>${link('first-paint-1.css')}</head>`, read).html).toBe(
      `<head><style>${part}</style>\n    ` +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-deferred></head>',
    );
    // Without its part, the whole sheet is inlined, as a stylesheet that names none.
    expect(inlineFirstPaint(`<head>${link('gone-1.css')}</head>`, read).html).toBe(
      `<head><style>${part}.tour{color:blue}</style></head>`,
    );
  });
});
