import { QueryClient } from '@tanstack/react-query';

/**
 * The control panel's one cache of server data (TanStack Query). Admin data changes under other
 * admins' hands, so lists are refetched when a screen mounts again; a failed read is retried once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 0, refetchOnWindowFocus: false },
  },
});
