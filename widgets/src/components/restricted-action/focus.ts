/**
 * Focus helpers for dialogs that may live in a shadow root (`<fm-booking-modal>`) or in the page
 * (the portal): `document.activeElement` is the shadow host there, so the active element is read
 * from the dialog's own root.
 */

const CANDIDATES = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(',');

function isVisible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * The elements Tab reaches inside `container`, in document order. Of a group of radio buttons
 * only the checked one (else the first) is reachable, as browsers do.
 *
 * @example
 * const [first] = tabbables(panel);
 */
export function tabbables(container: HTMLElement): HTMLElement[] {
  const all = Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES)).filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute('inert') && isVisible(el),
  );
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === el.name,
    );
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === el : group[0] === el;
  });
}

/**
 * The focused element, looking through open shadow roots.
 *
 * @example
 * const opener = deepActiveElement(document);
 */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The focused element of the tree `node` belongs to (its shadow root or the document). */
export function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode();
  if (
    root instanceof Document ||
    (typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot)
  ) {
    return root.activeElement;
  }
  return null;
}
