import { h } from 'preact';
import { renderToString } from 'preact/compat/server';
import { describe, expect, it } from 'vitest';
import { restartIds } from './ids.ts';
import { useId as browserUseId } from './react.ts';
import { useId as serverUseId } from './react-server.ts';

/** A field asking for an id with the `useId` it is given. */
function Field({ useId }: { useId: () => string }) {
  return h('label', { id: useId() }, 'x');
}

/** Three fields, each asking for an id. */
const page = (useId: () => string) =>
  h('div', null, h(Field, { useId }), h(Field, { useId }), h(Field, { useId }));

describe("the server entry's ids (rule 22)", () => {
  it('are the ids a browser gives at the same places, from 0 again for each page', () => {
    const browser = renderToString(page(browserUseId));
    restartIds();
    const server = renderToString(page(serverUseId));
    expect(server).toBe(browser);
    expect(server).toContain('id="fm-id-2"');
    restartIds();
    expect(renderToString(page(serverUseId))).toBe(server);
  });
});
