/** The dispute screens' routes (rule 20), relative to the router's basename. */
export const disputePaths = {
  list: '/disputes',
  detail: (id: string) => `/disputes/${encodeURIComponent(id)}`,
} as const;

export const DISPUTE_PAGE_TITLES = {
  list: 'Dispute Management',
  detail: 'Dispute Details',
  nav: 'Disputes',
} as const;

export const DISPUTE_TOASTS = {
  downloadFailed: 'Disputes download failed. Please try again.',
  decided: 'The dispute has been decided.',
  decideFailed: 'The dispute could not be decided. Please try again.',
} as const;
