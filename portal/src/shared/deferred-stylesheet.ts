import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@fm/sdk/contracts';

/**
 * Switches on the whole stylesheet a public page deferred (rule 22: its first paint needed only
 * the part the server inlined). The app calls it before it renders: what it then shows beyond the
 * server's markup (a menu, a dialog, another page) has its styles. The markup the page came with
 * looks the same under it.
 *
 * @example
 * switchOnDeferredStylesheets(document);
 */
export function switchOnDeferredStylesheets(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(
    `link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`,
  )) {
    link.media = 'all';
    link.removeAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
  }
}
