import type { FavoriteToggleResult } from '@fm/sdk/contracts';
import type { MutationObserverOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** What the toggle remembers to put back on failure. */
interface Before {
  before: boolean | undefined;
}

/**
 * The optimistic toggle of one favourite, as TanStack mutation options: the cached state flips at
 * once, the server's answer confirms it, a failure puts the state back and calls `onFailure`.
 * `toggle` is the server call (passed in, so a test drives it with a plain promise).
 *
 * @example
 * useMutation(favouriteToggle(queryClient, key, () => api.discovery.toggleFavoriteConsultant(id), toastOf));
 */
export function favouriteToggle(
  queryClient: QueryClient,
  key: QueryKey,
  toggle: () => Promise<FavoriteToggleResult>,
  onFailure: (error: unknown) => void,
): MutationObserverOptions<FavoriteToggleResult, unknown, void, Before> {
  return {
    mutationFn: toggle,
    onMutate: async () => {
      // A read in flight would overwrite the flip with the old state.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<boolean>(key);
      queryClient.setQueryData<boolean>(key, !before);
      return { before };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<boolean>(key, answer.isFavorite);
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData<boolean | undefined>(key, context?.before);
      onFailure(error);
    },
  };
}
