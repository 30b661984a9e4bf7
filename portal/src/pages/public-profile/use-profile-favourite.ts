import type { FavoriteToggleResult } from '@fm/sdk/contracts';
import { MAX_PAGE_SIZE } from '@fm/sdk/contracts';
import type { ProfileCardFavourite } from '@fm/widgets';
import { toWidgetError } from '@fm/widgets';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';

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
 * the current state is read from the user's favourites, a press flips it at once and the answer
 * confirms it; a failure flips it back with a toast.
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
  const [isFavorite, setIsFavorite] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    setIsFavorite(null);
    if (!kind) return;
    let current = true;
    isFavourite(kind, id).then(
      (known) => {
        if (current) setIsFavorite(known);
      },
      () => {
        // Unknown: the heart stays hidden rather than showing a guess.
      },
    );
    return () => {
      current = false;
    };
  }, [kind, id]);

  const onToggle = useCallback(() => {
    if (!kind || isFavorite === null || pending) return;
    const before = isFavorite;
    setIsFavorite(!before);
    setPending(true);
    toggleOnServer(kind, id).then(
      (answer) => {
        setIsFavorite(answer.isFavorite);
        setPending(false);
      },
      (error: unknown) => {
        setIsFavorite(before);
        setPending(false);
        const failure = toWidgetError(error);
        if (failure.status !== 401) toast.error(failure.message);
      },
    );
  }, [kind, id, isFavorite, pending]);

  if (!kind || isFavorite === null) return null;
  return { isFavorite, pending, onToggle };
}
