/** A box in viewport pixels. */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const GAP = 12;
const MARGIN = 8;

/**
 * Where the tour's popover goes: under its target (or above when there is no room below), centred
 * on it and kept inside the viewport; in the middle of the screen without a target.
 *
 * @example
 * ```ts
 * placePopover({ top: 10, left: 100, width: 80, height: 40 }, { width: 300, height: 150 }, { width: 1280, height: 800 });
 * // { top: 62, left: 8, side: 'below' }
 * ```
 */
export function placePopover(
  target: Box | null,
  popover: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number; side: 'below' | 'above' | 'center' } {
  const clampLeft = (left: number) =>
    Math.max(MARGIN, Math.min(left, viewport.width - popover.width - MARGIN));
  if (!target) {
    return {
      top: Math.max(MARGIN, (viewport.height - popover.height) / 2),
      left: clampLeft((viewport.width - popover.width) / 2),
      side: 'center',
    };
  }
  const left = clampLeft(target.left + target.width / 2 - popover.width / 2);
  const below = target.top + target.height + GAP;
  if (below + popover.height <= viewport.height - MARGIN || target.top < popover.height + GAP) {
    return { top: below, left, side: 'below' };
  }
  return { top: target.top - GAP - popover.height, left, side: 'above' };
}
