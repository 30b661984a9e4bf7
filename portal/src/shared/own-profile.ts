import type { OwnProfile } from '@fm/sdk/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { api } from './api-client.ts';
import { useSession } from './session.ts';

interface OwnProfileState {
  /** The signed-in user's profile; `null` while loading, for guests, or when it failed. */
  profile: OwnProfile | null;
  /** Fetches the profile again, e.g. after an edit. */
  reload: () => void;
}

const OwnProfileContext = createContext<OwnProfileState>({ profile: null, reload: () => {} });

/**
 * Loads the signed-in user's own profile once per user, for the header's business name and for
 * pages that need more than the stored credentials.
 */
export function OwnProfileProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const [loaded, setLoaded] = useState<OwnProfile | null>(null);
  const [version, setVersion] = useState(0);
  // A profile loaded for a previous user is never shown.
  const profile = loaded !== null && loaded.id === userId ? loaded : null;

  useEffect(() => {
    if (userId === null) return;
    // `version` is read so that `reload` refetches.
    void version;
    let current = true;
    // The SDK retries this fetch once (user-area §4).
    api.users.getProfile().then(
      (next) => {
        if (current) setLoaded(next);
      },
      () => {
        // The header simply shows no business name; pages that need the profile report errors.
      },
    );
    return () => {
      current = false;
    };
  }, [userId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <OwnProfileContext.Provider value={{ profile, reload }}>{children}</OwnProfileContext.Provider>
  );
}

/**
 * The signed-in user's own profile.
 *
 * @example
 * ```tsx
 * const { profile } = useOwnProfile();
 * const company = profile?.franchise?.company;
 * ```
 */
export function useOwnProfile(): OwnProfileState {
  return useContext(OwnProfileContext);
}

/** The business name the profile menu shows: the franchise's company, else the consultant's. */
export function businessNameOf(profile: OwnProfile | null): string | null {
  if (!profile) return null;
  return profile.franchise?.company || profile.consultant?.company || null;
}
