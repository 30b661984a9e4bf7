/**
 * Holds the page still under a modal (a drawer, a dialog): no scrolling of the document until the
 * returned function puts back what was there. Locks nest: each puts back what it found.
 *
 * @example
 * useEffect(() => (open ? lockPageScroll() : undefined), [open]);
 */
export function lockPageScroll(): () => void {
  const { style } = document.documentElement;
  const before = style.overflow;
  style.overflow = 'hidden';
  return () => {
    style.overflow = before;
  };
}
