import { QueryClient } from '@tanstack/react-query';
import { tokenStore } from './api-client.ts';

/**
 * The portal's one cache of server data (TanStack Query). The SDK already retries a failed read
 * once, so the cache does not retry again (a failure shows its message and a retry button at once);
 * data is read again whenever a screen mounts, and polling queries refetch on their own interval.
 *
 * @example
 * const client = createQueryClient();
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/** The browser's one cache (the server entry makes one per page it renders). */
export const queryClient = createQueryClient();

/**
 * Empties the cache whenever the signed-in user changes (sign-in, sign-out, another tab), so no
 * screen ever shows the previous user's data while it reads the next one's. Returns the unsubscribe.
 *
 * @example
 * forgetDataOfPreviousUser(queryClient);
 */
export function forgetDataOfPreviousUser(client: QueryClient): () => void {
  let userId = tokenStore.get()?.user.id ?? null;
  return tokenStore.subscribe(() => {
    const next = tokenStore.get()?.user.id ?? null;
    if (next === userId) return;
    userId = next;
    client.clear();
  });
}
