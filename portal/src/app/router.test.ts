import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_PAGES } from './entry-pages.ts';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { routes } = await import('./router.tsx');

const portalDir = fileURLToPath(new URL('../../', import.meta.url));

function* lazyRoutes(list: RouteObject[], parent = ''): Generator<[string, RouteObject]> {
  for (const route of list) {
    const path = route.index ? `${parent}/` : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    if (route.lazy) yield [path, route];
    if (route.children) yield* lazyRoutes(route.children, path);
  }
}

describe('routes', () => {
  it('load every page from its own module, rendered as an element', async () => {
    const lazy = [...lazyRoutes(routes)];
    expect(lazy.length).toBeGreaterThan(20);
    for (const [path, route] of lazy) {
      if (typeof route.lazy !== 'function') throw new Error(`${path}: lazy is not a function`);
      const loaded = (await route.lazy()) as { element?: unknown };
      expect(isValidElement(loaded.element), path).toBe(true);
      // A misspelt export renders `<undefined />`: the element's type must be a component.
      const element = loaded.element as ReactElement;
      expect(element.type, path).toBeTruthy();
      expect(route.hydrateFallbackElement, path).toBeTruthy();
    }
  });

  it('preload, for each entry page, a module the router loads for that path', () => {
    for (const [path, module] of Object.entries(ENTRY_PAGES)) {
      const matches = matchRoutes(routes, path);
      const page = matches?.at(-1)?.route;
      expect(page?.lazy, path).toBeTypeOf('function');
      expect(existsSync(`${portalDir}${module}`), module).toBe(true);
    }
  });
});
