import { isApiError } from '@fm/sdk';
import type { PublicProfile } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../app/api-client.ts';

export type PublicProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; profile: PublicProfile }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** Loads a public profile (no sign-in needed). */
export function usePublicProfile(id: string): PublicProfileState {
  const [state, setState] = useState<PublicProfileState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.users.getPublicProfile(id).then(
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
  }, [id]);

  return state;
}
