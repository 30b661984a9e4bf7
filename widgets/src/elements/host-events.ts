import { type RefObject, useCallback, useRef } from 'react';

/** Names of the DOM events widgets emit: always `fm-` prefixed (rule 14). */
export type FmEventName = `fm-${string}`;

/**
 * Dispatches `name` on the custom element that hosts `from` (the host of its shadow root),
 * bubbling and composed so that listeners on the element, the document or any ancestor see it.
 * Returns false when `from` is not inside a shadow root (e.g. the component is used directly in
 * a React app, where callbacks props are the way to listen).
 *
 * @example
 * dispatchFmEvent(ref.current, 'fm-loaded', profile);
 */
export function dispatchFmEvent<T>(from: Node | null, name: FmEventName, detail: T): boolean {
  const root = from?.getRootNode();
  if (!(typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot)) return false;
  root.host.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true }));
  return true;
}

/**
 * For a React component rendered by r2wc: a ref to put on any element it renders, and a
 * function that dispatches `fm-*` events on the custom element around it.
 *
 * @example
 * const { ref, dispatch } = useFmEvents<HTMLDivElement>();
 * // <div ref={ref}>…</div>; later: dispatch('fm-error', { message, code, status })
 */
export function useFmEvents<E extends Element = HTMLDivElement>(): {
  ref: RefObject<E | null>;
  dispatch: <T>(name: FmEventName, detail: T) => boolean;
} {
  const ref = useRef<E | null>(null);
  const dispatch = useCallback(
    <T>(name: FmEventName, detail: T) => dispatchFmEvent(ref.current, name, detail),
    [],
  );
  return { ref, dispatch };
}
