import type { OwnProfile } from '@fm/sdk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

/**
 * The query of the signed-in user's own profile: read once per user (the SDK retries the fetch
 * once, user-area §4) and then kept current by what each save answers (`setQueryData`) or by an
 * invalidation, so the header, the my-profile area, the dashboard and the prompts share one copy.
 *
 * @example
 * const query = useOwnProfileQuery();
 * if (query.data) console.log(query.data.profileCompleteness);
 */
export function useOwnProfileQuery() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.ownProfile,
    queryFn: () => api.users.getProfile(),
    enabled: session !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The signed-in user's own profile; `null` while loading, for guests, or when it failed (the header
 * then simply shows no business name; pages that need the profile report errors).
 *
 * @example
 * ```tsx
 * const { profile } = useOwnProfile();
 * const company = profile?.franchise?.company;
 * ```
 */
export function useOwnProfile(): { profile: OwnProfile | null } {
  const session = useSession();
  const { data } = useOwnProfileQuery();
  // A profile loaded for a previous user is never shown.
  return { profile: data !== undefined && data.id === session?.user.id ? data : null };
}

/** The business name the profile menu shows: the franchise's company, else the consultant's. */
export function businessNameOf(profile: OwnProfile | null): string | null {
  if (!profile) return null;
  return profile.franchise?.company || profile.consultant?.company || null;
}
