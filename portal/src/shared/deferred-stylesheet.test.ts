import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { switchOnDeferredStylesheets } from './deferred-stylesheet.ts';

/** A deferred `<link>`: loaded already (`sheet`), or loading until `fire('load' | 'error')`. */
function link(loaded: boolean) {
  const listeners = new Map<string, () => void>();
  const attributes = new Set([DEFERRED_STYLESHEET_ATTRIBUTE]);
  return {
    media: 'print',
    sheet: loaded ? ({} as CSSStyleSheet) : null,
    attributes,
    removeAttribute: (name: string) => attributes.delete(name),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    fire: (type: string) => listeners.get(type)?.(),
  };
}

const documentWith = (links: ReturnType<typeof link>[]) => ({
  querySelectorAll: (selector: string) => {
    expect(selector).toBe(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`);
    return links;
  },
});

describe('switching on the deferred stylesheet', () => {
  it('applies it to the screen and resolves once it has loaded', async () => {
    const loading = link(false);
    let settled = false;
    const switched = switchOnDeferredStylesheets(documentWith([link(true), loading])).then(() => {
      settled = true;
    });
    expect(loading.media).toBe('all');
    expect(loading.attributes.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    loading.fire('load');
    await switched;
    expect(settled).toBe(true);
  });

  it('does not hold the app back when the sheet fails, or when there is none', async () => {
    const failing = link(false);
    const switched = switchOnDeferredStylesheets(documentWith([failing]));
    failing.fire('error');
    await expect(switched).resolves.toBeUndefined();
    await expect(switchOnDeferredStylesheets(documentWith([]))).resolves.toBeUndefined();
  });
});
