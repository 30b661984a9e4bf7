import type { PublicProfile, SignUpRole } from '@fm/sdk/contracts';
import { type ApiClient, getPublicProfile } from '@fm/sdk/embed';
import { useEffect, useRef, useState } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import {
  type ProfileCardFavourite,
  type ProfileCardState,
  ProfileCardView,
} from './profile-card-view.tsx';

export interface ProfileCardProps {
  /** The user whose public profile is shown (a consultant or a franchisor). */
  profileId: string;
  /**
   * The role expected, when known: a failure then reads "Error fetching consultant by ID: …"
   * (user-area §8) or "Error fetching franchisor by ID: …".
   */
  expectedRole?: SignUpRole | undefined;
  /** The SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  theme?: WidgetTheme | undefined;
  /** Called once the profile has loaded. */
  onLoaded?: ((profile: PublicProfile) => void) | undefined;
  /** Called when loading fails (the card then shows the error's message). */
  onError?: ((error: WidgetError) => void) | undefined;
  /** The favourite heart, for a signed-in user who may favourite this profile. */
  favourite?: ProfileCardFavourite | null | undefined;
}

/**
 * The profile card, loading `GET /api/users/profile/{id}` through the SDK.
 *
 * @example
 * <FmClientProvider client={api}>
 *   <ProfileCard profileId={consultantId} onError={(e) => toast.error(e.message)} />
 * </FmClientProvider>
 */
export function ProfileCard({
  profileId,
  expectedRole,
  client,
  theme,
  onLoaded,
  onError,
  favourite,
}: ProfileCardProps) {
  const api = useFmClient(client);
  const [state, setState] = useState<ProfileCardState>({ status: 'loading' });
  // Callbacks are read through a ref so that new function identities do not refetch.
  const callbacks = useRef({ onLoaded, onError });
  useEffect(() => {
    callbacks.current = { onLoaded, onError };
  });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getPublicProfile(api.http, profileId, expectedRole).then(
      (profile) => {
        if (!current) return;
        setState({ status: 'ready', profile });
        callbacks.current.onLoaded?.(profile);
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toWidgetError(error);
        setState({ status: 'error', message: failure.message });
        callbacks.current.onError?.(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [api, profileId, expectedRole]);

  return <ProfileCardView state={state} theme={theme} favourite={favourite} />;
}
