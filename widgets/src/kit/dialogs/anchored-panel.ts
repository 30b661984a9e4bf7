import { useLayoutEffect } from 'react';

/** The least room left between a panel and the viewport's edges, in CSS pixels. */
export const VIEWPORT_MARGIN = 8;

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PanelPlace {
  top: number;
  left: number;
  /** The most the panel may grow downwards before it scrolls. */
  maxHeight: number;
}

/**
 * Where a panel of `width` goes under its anchor: `gap` below it, its right edge on the anchor's
 * right edge (a bell at the end of a bar), moved right as far as needed to stay `VIEWPORT_MARGIN`
 * inside the viewport on the left (a bell at the start of a bar) and never past it on the right.
 *
 * @example
 * placeUnder({ top: 10, right: 60, bottom: 50, left: 20 }, 360, { width: 1280, height: 800 }, 8);
 * // { top: 58, left: 8, maxHeight: 734 }
 */
export function placeUnder(
  anchor: Box,
  width: number,
  viewport: { width: number; height: number },
  gap: number,
): PanelPlace {
  const widest = viewport.width - VIEWPORT_MARGIN - width;
  const left = Math.max(VIEWPORT_MARGIN, Math.min(anchor.right - width, widest));
  const top = anchor.bottom + gap;
  return { top, left, maxHeight: Math.max(0, viewport.height - top - VIEWPORT_MARGIN) };
}

const canPopover = (panel: HTMLElement) => typeof panel.showPopover === 'function';

/**
 * Shows `panel` (mounted while open) in the top layer as a manual popover, placed under `anchor`
 * (`placeUnder`) and kept there while the page scrolls or resizes. In the top layer no ancestor's
 * `overflow`, `transform` or stacking order can clip or cover it, which matters on a brand's page
 * where the element sits in whatever container the brand chose. Closing stays with the owner
 * (Escape, a click outside); where the Popover API is missing, the panel stays where its CSS puts it.
 *
 * @example
 * useAnchoredPanel(bell, panel, open, 8);
 */
export function useAnchoredPanel(
  anchor: HTMLElement | null,
  panel: HTMLElement | null,
  open: boolean,
  gap: number,
): void {
  useLayoutEffect(() => {
    if (!open || !anchor || !panel || !canPopover(panel)) return;
    panel.setAttribute('popover', 'manual');
    panel.setAttribute('data-anchored', '');
    if (!panel.matches(':popover-open')) panel.showPopover();
    const place = () => {
      const spot = placeUnder(
        anchor.getBoundingClientRect(),
        panel.offsetWidth,
        { width: document.documentElement.clientWidth, height: window.innerHeight },
        gap,
      );
      panel.style.top = `${spot.top}px`;
      panel.style.left = `${spot.left}px`;
      panel.style.setProperty('--fm-panel-room', `${spot.maxHeight}px`);
    };
    place();
    window.addEventListener('resize', place);
    // Capture: a scroll of any scrolling ancestor moves the anchor too.
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      if (panel.isConnected && panel.matches(':popover-open')) panel.hidePopover();
    };
  }, [anchor, panel, open, gap]);
}
