/**
 * The ids `useId` gives on Preact (`./react.ts`): one counter for the page, so a dialog in a lazily
 * loaded page and a menu in the layout never share one. The portal's server entry (rule 22)
 * restarts it before each page it renders, so the browser that hydrates that page, counting from
 * 0 in the same order, gives every element the id the server gave it.
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
