import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@fm/sdk/contracts';

/** What this needs of a `<link>` (an `HTMLLinkElement` in the browser). */
interface StylesheetLink {
  media: string;
  readonly sheet: object | null;
  removeAttribute(name: string): void;
  addEventListener(type: 'load' | 'error', listener: () => void, options: { once: true }): void;
}

/**
 * Switches on the whole stylesheet a public page deferred (rule 22: its first paint needed only
 * the part the server inlined), and resolves once it has loaded (or failed to): the app renders
 * after that, so what it shows beyond the server's markup (a menu, a dialog, another page) has
 * its styles from its first frame, instead of moving when the sheet arrives. The markup the page
 * came with looks the same under it.
 *
 * @example
 * await switchOnDeferredStylesheets(document);
 */
export function switchOnDeferredStylesheets(doc: {
  querySelectorAll(selector: string): Iterable<StylesheetLink>;
}): Promise<void> {
  const loads = [...doc.querySelectorAll(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)].map((link) => {
    link.media = 'all';
    link.removeAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
    if (link.sheet !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
  });
  return Promise.all(loads).then(() => undefined);
}
