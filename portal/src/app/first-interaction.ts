/**
 * The events that are a visitor's first interaction with a page: a pointer or a key pressed, or
 * focus moving into the page (a keyboard or a screen reader reaching a control).
 */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Calls `run` once, at the first of {@link INTERACTION_EVENTS} on `target`, from a capturing
 * listener: synchronously, before the event reaches any element, so listeners `run` attaches
 * (a hydrated page's) answer that same event. Returns a function that stops waiting.
 *
 * @example
 * onFirstInteraction(window, () => hydrateRoot(container, app));
 */
export function onFirstInteraction(target: EventTarget, run: () => void): () => void {
  const stop = () => {
    for (const type of INTERACTION_EVENTS)
      target.removeEventListener(type, listener, { capture: true });
  };
  const listener = () => {
    stop();
    run();
  };
  for (const type of INTERACTION_EVENTS) {
    target.addEventListener(type, listener, { capture: true, passive: true });
  }
  return stop;
}
