import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * What a multi-page site does for free, for client-side navigation: a new page starts at the top
 * (or at its `#anchor`), and keyboard and screen-reader users land in the new page's content.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isFirstRender = previousPathname.current === null;
    const isNewPage = previousPathname.current !== pathname;
    previousPathname.current = pathname;

    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ block: 'start' });
        if (!isFirstRender) {
          target.setAttribute('tabindex', '-1');
          target.focus({ preventScroll: true });
        }
        return;
      }
    }
    if (isFirstRender || !isNewPage) return;
    window.scrollTo(0, 0);
    const element = main.current;
    // A page that focused one of its own fields (autoFocus) keeps that focus, and so does a
    // dialog that opened meanwhile (the guided tour opens while a lazy page is still loading).
    const active = document.activeElement;
    if (element && !element.contains(active) && !active?.closest('[role="dialog"]')) {
      element.focus({ preventScroll: true });
    }
  }, [pathname, hash, main]);
}
