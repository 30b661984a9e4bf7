import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES, type OwnProfile } from '@fm/sdk/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { api } from '../../shared/api-client.ts';
import { useOwnProfile } from '../../shared/own-profile.tsx';
import { useSession } from '../../shared/session.ts';

export type MyProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: OwnProfile };

interface MyProfileContextValue {
  state: MyProfileState;
  /** Shows a profile the server just answered (after an update) everywhere, header included. */
  setProfile: (profile: OwnProfile) => void;
  /** Fetches the profile again (after a call that does not answer it, e.g. the contact update). */
  refresh: () => Promise<void>;
  /** Loads the profile again after a failed load. */
  retry: () => void;
}

const MyProfileContext = createContext<MyProfileContextValue | null>(null);

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong;

/**
 * The signed-in user's own profile for the my-profile area and the dashboard: loaded once when the
 * area opens (the SDK retries the fetch once, user-area §4) and replaced by what each save answers,
 * so the navigation ticks and the completeness widget follow every edit.
 */
export function MyProfileProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const { reload: reloadHeader } = useOwnProfile();
  const [state, setState] = useState<MyProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    void attempt;
    let current = true;
    setState({ status: 'loading' });
    api.users.getProfile().then(
      (profile) => {
        if (current) setState({ status: 'ready', profile });
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, attempt]);

  const setProfile = useCallback(
    (profile: OwnProfile) => {
      setState({ status: 'ready', profile });
      // The header shows the business name from its own copy.
      reloadHeader();
    },
    [reloadHeader],
  );

  const refresh = useCallback(async () => {
    try {
      setProfile(await api.users.getProfile());
    } catch {
      // The last good profile stays; the next save or visit fetches it again.
    }
  }, [setProfile]);

  const value = useMemo(
    () => ({
      state,
      setProfile,
      refresh,
      retry: () => setAttempt((n) => n + 1),
    }),
    [state, setProfile, refresh],
  );
  return <MyProfileContext.Provider value={value}>{children}</MyProfileContext.Provider>;
}

/**
 * The my-profile area's profile state.
 *
 * @example
 * ```tsx
 * const { state, setProfile } = useMyProfile();
 * if (state.status === 'ready') console.log(state.profile.profileCompleteness);
 * ```
 */
export function useMyProfile(): MyProfileContextValue {
  const value = useContext(MyProfileContext);
  if (!value) throw new Error('useMyProfile needs a <MyProfileProvider> above it.');
  return value;
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
  const context = useContext(MyProfileContext);
  if (!context) throw new Error('ProfileGate needs a <MyProfileProvider> above it.');
  const { state, retry } = context;
  if (state.status === 'loading') {
    return (
      <p className="page__status" role="status">
        Loading your profile…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="form-alert" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button button--ghost" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(state.profile)}</>;
}
