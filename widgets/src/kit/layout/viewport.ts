import { MOBILE_BREAKPOINT_PX } from '@fm/sdk/contracts';
import { useSyncExternalStore } from 'react';

/**
 * "Under 768px wide" (user-area §9) is the mobile layout. The breakpoint lives in the contract
 * only: the stylesheets (the kit's and the portal's) select on `:root[data-viewport='mobile']`,
 * which this module keeps in sync, instead of repeating the number in media queries. Every app
 * that renders the kit calls {@link trackViewport} once.
 */
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function mediaQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || !window.matchMedia
    ? null
    : window.matchMedia(MOBILE_QUERY);
}

function isMobileNow(): boolean {
  return mediaQuery()?.matches ?? false;
}

function applyViewportAttribute(): void {
  document.documentElement.dataset.viewport = isMobileNow() ? 'mobile' : 'desktop';
}

/** Keeps `data-viewport` on `<html>` up to date; call once before the first render. */
export function trackViewport(): void {
  applyViewportAttribute();
  mediaQuery()?.addEventListener('change', applyViewportAttribute);
}

function subscribe(listener: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/**
 * Whether the viewport is narrower than the mobile breakpoint.
 *
 * @example
 * ```tsx
 * const isMobile = useIsMobile();
 * return isMobile ? <BurgerMenu /> : <TopNav />;
 * ```
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
