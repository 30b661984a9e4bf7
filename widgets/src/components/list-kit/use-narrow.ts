import { MOBILE_BREAKPOINT_PX } from '@fm/sdk/contracts';
import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether an element is narrower than the mobile breakpoint (user-area §9). A widget measures
 * its own width, not the window's: a list in a partner's sidebar is narrow on any screen.
 *
 * @example
 * const narrow = useNarrow(rootRef);
 */
export function useNarrow(ref: RefObject<Element | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (width: number) => setNarrow(width > 0 && width < MOBILE_BREAKPOINT_PX);
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return narrow;
}
