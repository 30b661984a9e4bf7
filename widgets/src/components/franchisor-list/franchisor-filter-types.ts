import type { FranchisorSearchParams } from '@fm/sdk/contracts';

// Apart from franchisor-filters.ts so that ai-search.ts can name the filters while
// franchisor-filters.ts reads AI sentences through it: the imports point one way.

/**
 * The franchisor list's filters: the contract's search query, parsed (defaults applied), and the
 * sentence of an AI search (`ai`), which the regular search does not send.
 */
export type FranchisorFilters = FranchisorSearchParams & { ai?: string | undefined };
