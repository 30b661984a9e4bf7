import { FM_ELEMENT_LOADERS, FM_TAGS, type FmTag } from './element-tags.ts';

export type { FmEvent, FmEventDetailMap, FmEventType } from './events.ts';
export { FM_EVENT_DETAIL_VERSION } from './events.ts';

const pending = new Map<FmTag, Promise<void>>();
const isTag = (name: string): name is FmTag => Object.hasOwn(FM_ELEMENT_LOADERS, name);

/**
 * Loads and defines one element (once); elements already on the page upgrade when it is defined.
 *
 * @example
 * await loadFmElement('fm-booking-modal');
 */
export function loadFmElement(
  tag: FmTag,
  registry: CustomElementRegistry = customElements,
): Promise<void> {
  if (registry.get(tag)) return Promise.resolve();
  let loading = pending.get(tag);
  if (!loading) {
    loading = FM_ELEMENT_LOADERS[tag]().then((element) => {
      if (!registry.get(tag)) registry.define(tag, element);
    });
    loading.catch(() => pending.delete(tag));
    pending.set(tag, loading);
  }
  return loading;
}

const SELECTOR = FM_TAGS.join(',');

/**
 * Loads the elements used under `root` (and `root` itself).
 *
 * @example
 * discoverFmElements(document);
 */
export function discoverFmElements(root: ParentNode | Element): void {
  if (root instanceof Element && isTag(root.localName)) void loadFmElement(root.localName);
  for (const element of root.querySelectorAll(SELECTOR)) {
    if (isTag(element.localName)) void loadFmElement(element.localName);
  }
}

/**
 * The loader (`/widgets/v1/loader.js`): defines each `fm-*` element the first time the page uses
 * it — in the HTML, or added later — by importing that element's code then; code the elements
 * share is loaded once. Call element methods after `customElements.whenDefined(tag)`.
 */
function start(): void {
  if (typeof document === 'undefined' || typeof customElements === 'undefined') return;
  discoverFmElements(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) discoverFmElements(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

start();
