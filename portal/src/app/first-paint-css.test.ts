import { describe, expect, it } from 'vitest';
import { firstPaintCss } from './first-paint-css.ts';

const SHEET = [
  ':root{--brand:#1d4ed8;--unused:1px}',
  'body{margin:0}',
  '.hero{color:var(--brand)}',
  '.tour{color:blue}',
  ":root[data-viewport='mobile'] .hero{padding:0}",
  ":root[data-viewport='mobile'] .tour{padding:0}",
  '.hero .hero__title{font-weight:700}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@keyframes pulse{to{opacity:.5}}',
  '.spinner{animation:spin 1s}',
  '.hero--wide{width:100%}',
].join('');

describe('the first-paint stylesheet', () => {
  it('keeps, in order, the rules the code can use, and the custom properties', async () => {
    const code = [
      'h("section",{className:"hero"},h("h1",{className:"hero__title"}),h("body"))',
      'document.documentElement.setAttribute("data-viewport",m?"mobile":"desktop");h("i",{className:"spinner"})',
    ];
    const css = await firstPaintCss(SHEET, code);
    expect(css).toBe(
      [
        ':root{--brand:#1d4ed8;--unused:1px}',
        'body{margin:0}',
        '.hero{color:var(--brand)}',
        ":root[data-viewport='mobile'] .hero{padding:0}",
        '.hero .hero__title{font-weight:700}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
        '.spinner{animation:spin 1s}',
      ].join(''),
    );
  });

  it('drops a rule whose class the code never names whole', async () => {
    const css = await firstPaintCss(SHEET, ['h("div",{className:"hero"})']);
    expect(css).not.toContain('.tour');
    expect(css).not.toContain('.hero--wide');
    expect(css).toContain('.hero{');
  });
});
