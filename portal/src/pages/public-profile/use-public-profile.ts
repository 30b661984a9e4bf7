import { isApiError } from '@fm/sdk';
import type { PublicProfile, SignUpRole } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api-client.ts';

export type PublicProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; profile: PublicProfile }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/**
 * Loads a public profile (no sign-in needed). A failure reads "Error fetching consultant by ID: …"
 * on a consultant's page (user-area §8) and "Error fetching franchisor by ID: …" on a franchisor's.
 */
export function usePublicProfile(id: string, role: SignUpRole): PublicProfileState {
  const [state, setState] = useState<PublicProfileState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.users.getPublicProfile(id, role).then(
      (profile) => {
        if (current) setState({ status: 'loaded', profile });
      },
      (error: unknown) => {
        if (!current) return;
        if (isApiError(error) && error.status === 404) setState({ status: 'not-found' });
        else
          setState({
            status: 'failed',
            message: isApiError(error) ? error.message : String(error),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [id, role]);

  return state;
}
