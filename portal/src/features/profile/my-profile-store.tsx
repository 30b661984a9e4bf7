import type { OwnProfile } from '@fm/sdk/contracts';
import { LoadStatus } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { failureOf } from '../../shared/error-message.ts';
import { useOwnProfile, useOwnProfileQuery } from '../../shared/own-profile.ts';
import { queryKeys } from '../../shared/query-keys.ts';

export type MyProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: OwnProfile };

interface MyProfileValue {
  state: MyProfileState;
  /** Shows a profile the server just answered (after an update) everywhere, header included. */
  setProfile: (profile: OwnProfile) => void;
  /** Fetches the profile again (after a call that does not answer it, e.g. the contact update). */
  refresh: () => Promise<void>;
  /** Loads the profile again after a failed load. */
  retry: () => void;
}

/**
 * The signed-in user's own profile for the my-profile area and the dashboard: the one cached copy
 * of the own-profile query, replaced by what each save answers, so the navigation ticks, the
 * completeness widget and the header follow every edit. A profile on screen stays while a later
 * read fails.
 *
 * @example
 * ```tsx
 * const { state, setProfile } = useMyProfile();
 * if (state.status === 'ready') console.log(state.profile.profileCompleteness);
 * ```
 */
export function useMyProfile(): MyProfileValue {
  const queryClient = useQueryClient();
  const query = useOwnProfileQuery();
  const { profile } = useOwnProfile();
  const failure = failureOf(query);
  const state: MyProfileState = profile
    ? { status: 'ready', profile }
    : failure !== null
      ? { status: 'error', message: failure }
      : { status: 'loading' };
  const setProfile = useCallback(
    (next: OwnProfile) => queryClient.setQueryData(queryKeys.ownProfile, next),
    [queryClient],
  );
  // A failed read keeps the last good profile; the next save or visit fetches it again.
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile }),
    [queryClient],
  );
  const { refetch } = query;
  return { state, setProfile, refresh, retry: () => void refetch() };
}

/**
 * Renders its children with the loaded profile; shows the loading state and, on failure, the
 * error with a retry.
 *
 * @example
 * ```tsx
 * <ProfileGate>{(profile) => <ContactSection profile={profile} />}</ProfileGate>
 * ```
 */
export function ProfileGate({ children }: { children: (profile: OwnProfile) => ReactNode }) {
  const { state, retry } = useMyProfile();
  if (state.status === 'ready') return <>{children(state.profile)}</>;
  return (
    <LoadStatus
      pending={state.status === 'loading'}
      error={state.status === 'error' ? state.message : null}
      onRetry={retry}
      loadingText="Loading your profile…"
      loadingClassName="page__status"
    />
  );
}
