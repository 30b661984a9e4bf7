import { useState } from 'preact/compat';
import { nextId } from './ids.ts';
import browserReact from './react.ts';

/**
 * What `react` resolves to in the portal's server entry (rule 22): `./react.ts` with a `useId`
 * that counts from `./ids.ts`, which the server entry restarts before each page it renders, as a
 * browser's count starts for each page it opens: a hydrated page keeps the server's ids. The
 * browser builds keep `./react.ts`'s own counter (no bytes added to the embeddable elements).
 */
export * from './react.ts';

/** An id unique in the page rendered, the same as the browser gives at the same place. */
export function useId(): string {
  const [id] = useState(nextId);
  return id;
}

export default { ...browserReact, useId };
