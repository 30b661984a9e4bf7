import type { FavoriteToggleResult } from '@fm/sdk/contracts';
import { MAX_PAGE_SIZE } from '@fm/sdk/contracts';
import type { ProfileCardFavourite } from '@fm/widgets';
import { toWidgetError } from '@fm/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { favouriteToggle } from './favourite-toggle.ts';

/** Which favourites a profile belongs to: a franchisor keeps consultants, a consultant franchisors. */
export type FavouriteKind = 'consultant' | 'franchisor';

/** Pages of favourites read, at most, to find out whether one profile is among them. */
const MAX_PAGES = 10;

/** Whether `id` is among the signed-in user's favourites of that kind. */
async function isFavourite(kind: FavouriteKind, id: string): Promise<boolean> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = { favoritesOnly: true, page, limit: MAX_PAGE_SIZE };
    const { items, total } =
      kind === 'consultant'
        ? await api.discovery.searchConsultants(query).then((r) => ({
            items: [...r.consultants, ...r.favoriteConsultants],
            total: r.totalFavorite,
          }))
        : await api.discovery.searchFranchisors(query).then((r) => ({
            items: [...r.franchisees, ...r.favoriteFranchisees],
            total: r.favoriteTotal,
          }));
    if (items.some((item) => item.id === id && item.isFavorite !== false)) return true;
    if (page * MAX_PAGE_SIZE >= total) return false;
  }
  return false;
}

function toggleOnServer(kind: FavouriteKind, id: string): Promise<FavoriteToggleResult> {
  return kind === 'consultant'
    ? api.discovery.toggleFavoriteConsultant(id)
    : api.discovery.toggleFavoriteFranchisor(id);
}

/**
 * The heart on a public profile for a signed-in user who may favourite it (`kind` null otherwise):
 * the current state is read from the user's favourites, a press flips it at once (an optimistic
 * update of the query's cache) and the answer confirms it; a failure rolls it back with a toast.
 *
 * @example
 * ```tsx
 * const favourite = useProfileFavourite(canFavourite ? 'consultant' : null, id);
 * <ProfileCardView state={state} favourite={favourite} />
 * ```
 */
export function useProfileFavourite(
  kind: FavouriteKind | null,
  id: string,
): ProfileCardFavourite | null {
  const queryClient = useQueryClient();
  const key = queryKeys.favourite(kind ?? 'consultant', id);
  // Unknown (a failed read): the heart stays hidden rather than showing a guess.
  const known = useQuery({
    queryKey: key,
    queryFn: () => isFavourite(kind ?? 'consultant', id),
    enabled: kind !== null,
  });
  const toggle = useMutation(
    favouriteToggle(
      queryClient,
      key,
      () => toggleOnServer(kind ?? 'consultant', id),
      (error) => {
        const failure = toWidgetError(error);
        if (failure.status !== 401) toast.error(failure.message);
      },
    ),
  );

  const isFavorite = known.data;
  if (!kind || isFavorite === undefined) return null;
  return {
    isFavorite,
    pending: toggle.isPending,
    onToggle: () => {
      if (!toggle.isPending) toggle.mutate();
    },
  };
}
