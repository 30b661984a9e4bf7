/**
 * The ids `useId` gives in the portal's server entry (`./react-server.ts`, rule 22): the same as
 * `./react.ts` gives in a browser (`react-server.test.ts` holds them equal), from a count the
 * server entry restarts before each page, so the browser that hydrates that page, counting from 0
 * in the same order, gives every element the id the server gave it.
 */

let next = 0;

/**
 * The next id of the page.
 *
 * @example
 * nextId(); // 'fm-id-0', then 'fm-id-1', …
 */
export function nextId(): string {
  return `fm-id-${(next++).toString(36)}`;
}

/**
 * Counts ids from 0 again, as a page that starts in a browser does (for a render on the server).
 *
 * @example
 * restartIds(); const html = renderToString(app);
 */
export function restartIds(): void {
  next = 0;
}
