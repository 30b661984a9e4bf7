import { isApiError } from '@fm/sdk';
import type { PublicProfile, SignUpRole } from '@fm/sdk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api-client.ts';
import { profileServedWithPage } from '../../shared/public-page-data.ts';
import { queryKeys } from '../../shared/query-keys.ts';

export type PublicProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; profile: PublicProfile }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/**
 * Loads a public profile (no sign-in needed). A failure reads "Error fetching consultant by ID: …"
 * on a consultant's page (user-area §8) and "Error fetching franchisor by ID: …" on a franchisor's.
 * A page the server served with the profile starts from it.
 */
export function usePublicProfile(id: string, role: SignUpRole): PublicProfileState {
  const query = useQuery({
    queryKey: queryKeys.publicProfile(role, id),
    queryFn: () => api.users.getPublicProfile(id, role),
    // The profile the server sent with the page (rule 22): shown at once, read again on mount.
    initialData: () => profileServedWithPage(role, id) ?? undefined,
    initialDataUpdatedAt: 0,
  });
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.status === 404) return { status: 'not-found' };
    return { status: 'failed', message: isApiError(error) ? error.message : String(error) };
  }
  return query.data ? { status: 'loaded', profile: query.data } : { status: 'loading' };
}
