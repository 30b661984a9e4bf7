import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { LandingPage } = await import('./landing-page.tsx');

const indexHtml = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** The text of the first element with this class, tags removed and spaces collapsed. */
function textOf(html: string, className: string): string {
  const match = new RegExp(`<(\\w+) class="${className}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  if (!match) throw new Error(`no .${className}`);
  return (match[2] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("index.html's copy of the landing's first screen", () => {
  const page = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(LandingPage)));

  it.each(['hero__title', 'hero__lead', 'banner__text', 'banner__tag'])(
    'says what the page says (.%s)',
    (className) => {
      expect(textOf(indexHtml, className)).toBe(textOf(page, className));
    },
  );
});
