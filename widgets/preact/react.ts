import compat, { useState } from 'preact/compat';

/**
 * What `react` resolves to in the builds that run on Preact (PREACT_COMPAT_ALIASES): Preact's
 * compat layer with two differences, `useId` and `useOptimistic`. Preact numbers ids per render root and per Suspense
 * boundary, so a dialog in a lazily loaded page and a menu in the layout both got `P0-0`, and the
 * dialog took the menu's name (`aria-labelledby`). One counter for the page gives ids that are
 * unique and stable for each component's life; the portal's server entry gives the same ids from
 * a count it restarts for each page (`./react-server.ts`).
 */
// @ts-expect-error preact/compat's types say `export =`; the module itself has named ES exports.
export * from 'preact/compat';

let next = 0;

/** An id unique in the page, the same on every render of the component that asked for it. */
export function useId(): string {
  const [id] = useState(() => `fm-id-${(next++).toString(36)}`);
  return id;
}

/**
 * React's `useOptimistic`, which preact/compat lacks and react-router's `RouterProvider` imports.
 * Preact has no transitions, and React itself drops an optimistic value set outside one at once:
 * the passthrough state is the state. The router sets one only with `useTransitions`, which no app
 * here turns on.
 */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, () => {}];
}

export default { ...compat, useId, useOptimistic };
