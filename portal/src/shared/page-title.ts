import { useEffect } from 'react';
import { PRODUCT_NAME } from './site.ts';

/**
 * Sets the document title of a page, so tabs, history and screen readers name it.
 *
 * @example
 * ```tsx
 * usePageTitle('Find Consultants'); // "Find Consultants | Franchise Meet"
 * ```
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
